import type { PartialCatalog } from '../catalog';

export const fr: PartialCatalog = {
  app: {
    skipToContent: 'Aller au contenu',
    sections: 'Sections',
  },
  common: {
    cancel: 'Annuler',
    retry: 'Réessayer',
    loading: 'Chargement…',
  },
  panes: {
    secretary: {
      title: 'Secrétaire',
      summary: 'Interrogez votre boîte Zoho avec des mots simples : ce qui est arrivé, qui a écrit, ce qui attend une réponse.',
      upcoming: 'Le secrétaire de messagerie arrive dans une prochaine version. En attendant, configurez votre clé Gemini dans les Paramètres.',
    },
    oracle: {
      title: 'Oracle',
      summary: "Obtenez des réponses tirées de la base de connaissances de l'équipe, avec des liens vers les notes d'origine.",
      upcoming: "L'oracle arrive dans une prochaine version. En attendant, configurez votre clé Gemini dans les Paramètres.",
    },
    assistant: {
      title: 'Assistant',
      summary: 'Discutez avec un assistant Gemini qui vous montre chacune de ses étapes.',
      upcoming: "L'assistant arrive dans une prochaine version. En attendant, configurez votre clé Gemini dans les Paramètres.",
    },
    voice: {
      title: 'Voix',
      summary: 'Posez vos questions à voix haute et écoutez la réponse.',
      upcoming: 'Les questions vocales arrivent dans une prochaine version. En attendant, configurez votre clé Gemini dans les Paramètres.',
    },
    translate: {
      title: 'Traduire',
      summary: 'Traduisez textes, enregistrements et réunions en direct.',
      upcoming: 'La traduction arrive dans une prochaine version. En attendant, configurez votre clé Gemini dans les Paramètres.',
    },
    settings: {
      title: 'Paramètres',
    },
  },
  upcoming: {
    openSettings: 'Ouvrir les Paramètres',
  },
  settings: {
    apiKey: {
      heading: "Clé d'API Gemini",
      intro: "Staff Desk utilise cette clé pour dialoguer avec Google Gemini. Elle est conservée dans le trousseau du système et n'est plus jamais affichée.",
      label: "Clé d'API",
      save: 'Enregistrer la clé',
      checking: 'Vérification du trousseau…',
      configured: 'Configurée',
      notConfigured: 'Non configurée',
      replace: 'Remplacer',
      remove: 'Supprimer',
      confirmRemove: "Supprimer la clé Gemini de cet ordinateur ? Les fonctions qui utilisent Gemini ne marcheront plus tant que vous n'aurez pas ajouté une nouvelle clé.",
      confirmRemoveAction: 'Supprimer la clé',
      empty: "Saisissez ou collez votre clé avant d'enregistrer.",
      saved: 'La clé est enregistrée dans le trousseau du système.',
      removed: 'La clé a été supprimée de cet ordinateur.',
    },
    language: {
      heading: 'Langue',
      label: "Langue de l'interface",
      system: 'Système ({{name}})',
      help: 'Système suit la langue de votre ordinateur.',
    },
    about: {
      heading: 'À propos',
      version: 'Version',
      dataPath: 'Dossier des données',
    },
  },
};
