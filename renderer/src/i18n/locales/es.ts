import type { Catalog } from '../catalog';

export const es: Catalog = {
  app: {
    name: 'Staff Desk',
    skipToContent: 'Saltar al contenido',
    sections: 'Secciones',
  },
  common: {
    cancel: 'Cancelar',
    retry: 'Reintentar',
    loading: 'Cargando…',
  },
  panes: {
    secretary: {
      title: 'Secretario',
      summary: 'Pregunta por tu buzón de Zoho con palabras sencillas: qué ha llegado, quién escribió, qué necesita respuesta.',
      upcoming: 'El secretario del buzón llega en una próxima versión. Mientras tanto, configura tu clave de Gemini en Ajustes.',
    },
    oracle: {
      title: 'Oráculo',
      summary: 'Obtén respuestas de la base de conocimiento del equipo, con enlaces a las notas de las que salen.',
      upcoming: 'El oráculo llega en una próxima versión. Mientras tanto, configura tu clave de Gemini en Ajustes.',
    },
    assistant: {
      title: 'Asistente',
      summary: 'Conversa con un asistente de Gemini que te muestra cada paso que da.',
      upcoming: 'El asistente llega en una próxima versión. Mientras tanto, configura tu clave de Gemini en Ajustes.',
    },
    voice: {
      title: 'Voz',
      summary: 'Pregunta en voz alta y escucha la respuesta.',
      upcoming: 'Las preguntas por voz llegan en una próxima versión. Mientras tanto, configura tu clave de Gemini en Ajustes.',
    },
    translate: {
      title: 'Traducir',
      summary: 'Traduce textos, grabaciones y reuniones mientras suceden.',
      upcoming: 'La traducción llega en una próxima versión. Mientras tanto, configura tu clave de Gemini en Ajustes.',
    },
    settings: {
      title: 'Ajustes',
    },
  },
  upcoming: {
    openSettings: 'Abrir Ajustes',
  },
  settings: {
    apiKey: {
      heading: 'Clave de API de Gemini',
      intro: 'Staff Desk usa esta clave para hablar con Google Gemini. Se guarda en el llavero del sistema y no se vuelve a mostrar.',
      label: 'Clave de API',
      save: 'Guardar clave',
      checking: 'Consultando el llavero…',
      configured: 'Configurada',
      notConfigured: 'Sin configurar',
      replace: 'Sustituir',
      remove: 'Quitar',
      confirmRemove: '¿Quitar la clave de Gemini de este equipo? Las funciones que usan Gemini dejarán de funcionar hasta que añadas otra clave.',
      confirmRemoveAction: 'Quitar clave',
      empty: 'Escribe o pega tu clave antes de guardar.',
      saved: 'La clave está guardada en el llavero del sistema.',
      removed: 'La clave se ha quitado de este equipo.',
    },
    language: {
      heading: 'Idioma',
      label: 'Idioma de la interfaz',
      system: 'Sistema ({{name}})',
      help: 'Sistema sigue el idioma de tu equipo.',
    },
    about: {
      heading: 'Acerca de',
      version: 'Versión',
      dataPath: 'Carpeta de datos',
    },
  },
};
