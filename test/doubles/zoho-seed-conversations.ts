/**
 * Conversations in the seeded mailbox, in Spanish and English: a client's quote (Re: Re:), a supplier's order,
 * the team's own threads, a forwarded Hetzner notice, the accountant, and older threads in the Archive. Each
 * reply quotes the message it answers, as Zoho's composer does.
 */
import { hetznerSeptemberNotice } from './zoho-seed-hetzner';
import { type Block, composerMail, lines, list, p, table } from './zoho-mail-html';
import { type Draft, JORDI, MARTA, OWNER, type Person, type SeedFolderName, formatPerson, madrid, mailDate, quoteHeader } from './zoho-seed-kit';

export const LUIS: Person = { name: 'Luis Gómez', address: 'luis.gomez@bodegasgarcia.es' };
const ANNA: Person = { name: 'Anna Kowalski', address: 'anna.kowalski@rackparts.eu' };
const LAURA: Person = { name: 'Laura Ferrer', address: 'laura@gestoriaferrer.es' };
const TOM: Person = { name: 'Tom Becker', address: 'tom@northwind-labs.de' };
const ANA_BELEN: Person = { name: 'Ana Belén Soler', address: 'asoler@clinicadentalsoler.es' };
const SEGUROS: Person = { name: 'Seguros Turia', address: 'polizas@segurosturia.es' };
const CLOUD_VALENCIA: Person = { name: 'Cloud Valencia', address: 'hola@cloudvalencia.org' };
const SLACK: Person = { name: 'Slack', address: 'feedback@slack.com' };

/** The subject of the client's quote thread; Luis's newest reply (17 November) confirms date and payment. */
export const BODEGAS_SUBJECT = 'Presupuesto rack para la bodega';

const EDU_ES = lines('Un saludo,', 'Edu Martín', 'CreaRack · Esferic Labs');
const EDU_EN = lines('Best regards,', 'Edu Martín', 'CreaRack · Esferic Labs');

interface Turn {
  sent: string;
  from: Person;
  to: readonly Person[];
  cc?: readonly Person[];
  blocks: Block[];
  unread?: boolean;
  attachment?: boolean;
}

interface ConversationOptions {
  lang: 'es' | 'en';
  /** Where the other side's messages are filed: the Inbox, or the Archive for finished threads. */
  filed?: SeedFolderName;
  /** The thread starts with the owner forwarding this mail. */
  forwards?: Draft;
}

function conversation(key: string, subject: string, turns: readonly Turn[], options: ConversationOptions): Draft[] {
  const drafts: Draft[] = [];
  for (const [index, turn] of turns.entries()) {
    const previous = drafts[index - 1];
    const quoted = previous
      ? { header: quoteHeader(previous.at, previous.from, options.lang), body: previous.body }
      : options.forwards
        ? { header: forwardHeader(options.forwards), body: options.forwards.body }
        : undefined;
    const firstSubject = options.forwards ? `Fwd: ${options.forwards.subject}` : subject;
    drafts.push({
      at: madrid(turn.sent),
      folder: turn.from === OWNER ? 'Sent' : (options.filed ?? 'Inbox'),
      from: turn.from,
      to: turn.to,
      cc: turn.cc,
      subject: index === 0 ? firstSubject : `Re: ${firstSubject}`,
      body: composerMail(turn.blocks, quoted),
      unread: turn.unread,
      attachment: turn.attachment,
      thread: key,
    });
  }
  return drafts;
}

function forwardHeader(original: Draft): string {
  return [
    '============ Forwarded message ============',
    `From: ${formatPerson(original.from)}`,
    `To: ${original.to.map(formatPerson).join(', ')}`,
    `Date: ${mailDate(original.at)}`,
    `Subject: ${original.subject}`,
    '============ Forwarded message ============',
  ].join('\n');
}

function bodegas(): Draft[] {
  return conversation('bodegas', BODEGAS_SUBJECT, [
    {
      sent: '2026-10-28 10:12',
      from: LUIS,
      to: [OWNER],
      blocks: [
        p('Hola, Edu:'),
        p('Como hablamos por teléfono, queremos montar un rack en la sala técnica de la bodega de Requena: un servidor para el ERP, el NAS de las cámaras y un SAI. ¿Nos podéis pasar presupuesto? Nos gustaría tenerlo instalado antes de Navidad.'),
        lines('Un saludo,', 'Luis Gómez', 'Responsable de Sistemas · Bodegas García S.L.'),
      ],
    },
    {
      sent: '2026-10-29 17:40',
      from: OWNER,
      to: [LUIS],
      blocks: [
        p('Hola, Luis:'),
        p('Te paso el presupuesto PRES-2026-031:'),
        table(
          [
            ['Rack 24U con bandejas y regleta', '1.150,00 €'],
            ['Servidor Dell PowerEdge T360 (ERP)', '1.890,00 €'],
            ['SAI APC Smart-UPS 1500VA', '420,00 €'],
            ['Instalación y configuración', '540,00 €'],
            ['Subtotal', '4.000,00 €'],
            ['IVA 21 %', '840,00 €'],
            ['Total', '4.840,00 €'],
          ],
          ['Concepto', 'Importe'],
        ),
        p('Plazo de instalación: dos semanas desde la confirmación.'),
        EDU_ES,
      ],
      attachment: true,
    },
    {
      sent: '2026-11-04 09:05',
      from: LUIS,
      to: [OWNER],
      blocks: [p('Gracias, Edu. Nos encaja. ¿Podríais instalarlo el lunes 1 de diciembre? ¿Y el precio incluye retirar el rack viejo?'), lines('Luis')],
    },
    {
      sent: '2026-11-05 12:30',
      from: OWNER,
      to: [LUIS],
      blocks: [p('Hola, Luis:'), p('Sí, el lunes 1 de diciembre a las 9:00 nos va bien. La retirada del rack viejo va incluida, sin coste.'), p('En cuanto tengamos la transferencia lo dejamos reservado.'), EDU_ES],
    },
    {
      sent: '2026-11-17 16:22',
      from: LUIS,
      to: [OWNER],
      cc: [{ name: 'Carmen Ortiz', address: 'recepcion@bodegasgarcia.es' }],
      blocks: [
        p('Hola, Edu:'),
        p('Confirmado. Hoy hemos hecho la transferencia de 4.840 € con la referencia PRES-2026-031.'),
        p('Os esperamos el lunes 1 de diciembre a las 9:00 en la bodega de Requena; preguntad por Carmen en recepción, que os abrirá la sala técnica.'),
        lines('Un saludo,', 'Luis'),
      ],
    },
  ], { lang: 'es' });
}

function rackparts(): Draft[] {
  return conversation('rackparts', 'Order PO-2026-117: 4U chassis', [
    {
      sent: '2026-10-15 11:03',
      from: ANNA,
      to: [OWNER],
      blocks: [
        p('Dear Edu,'),
        p('Thank you for your order PO-2026-117. We confirm the following items:'),
        table([['RP-4U-650 4U rackmount chassis', '6', '€1,074.00'], ['Rail kit RK-26', '6', '€174.00'], ['Total', '', '€1,248.00']], ['Item', 'Qty', 'Amount']),
        p('Planned delivery: week 44.'),
        lines('Kind regards,', 'Anna Kowalski', 'Rackparts Europe Sp. z o.o.'),
      ],
      attachment: true,
    },
    {
      sent: '2026-10-20 14:47',
      from: ANNA,
      to: [OWNER],
      blocks: [p('Dear Edu,'), p('Unfortunately our supplier is late with the RP-4U-650. The new estimated shipping date is 12 November. I am sorry for the delay.'), lines('Kind regards,', 'Anna')],
    },
    {
      sent: '2026-10-20 18:02',
      from: OWNER,
      to: [ANNA],
      blocks: [p('Hi Anna,'), p('Thanks for letting me know. 12 November still works for us. Please ship to Calle de Colón 14, 46004 Valencia.'), EDU_EN],
    },
    {
      sent: '2026-11-10 10:20',
      from: ANNA,
      to: [OWNER],
      blocks: [p('Dear Edu,'), p('Your order PO-2026-117 has shipped with DHL Express, tracking number 4829157730. Expected delivery: 13 November.'), lines('Kind regards,', 'Anna')],
    },
    {
      sent: '2026-11-13 13:15',
      from: OWNER,
      to: [ANNA],
      blocks: [p('Hi Anna,'), p('All six chassis arrived this morning in perfect condition. Thank you!'), EDU_EN],
    },
  ], { lang: 'en' });
}

function teamThreads(): Draft[] {
  const planning = conversation('q4', 'Reunión de planificación Q4', [
    {
      sent: '2026-09-24 09:30',
      from: MARTA,
      to: [OWNER, JORDI],
      blocks: [p('Hola a los dos:'), p('Propongo hacer la planificación del cuarto trimestre el jueves 1 de octubre a las 10:00 en la oficina. Agenda:'), list('Cierre de proyectos del Q3', 'Clientes nuevos: Bodegas García y la clínica Soler', 'Vacaciones de Navidad'), lines('Marta')],
    },
    {
      sent: '2026-09-24 10:05',
      from: OWNER,
      to: [MARTA, JORDI],
      blocks: [p('Me va bien. Añado a la agenda la migración del correo a Zoho y el piloto de Staff Desk.'), lines('Edu')],
    },
    {
      sent: '2026-09-25 08:47',
      from: JORDI,
      to: [MARTA, OWNER],
      blocks: [p('Yo llegaré sobre las 10:30, empezad sin mí.'), lines('Jordi')],
    },
  ], { lang: 'es', filed: 'Archive' });
  const forward = conversation('fwd-hetzner', '', [
    {
      sent: '2026-09-02 12:10',
      from: OWNER,
      to: [MARTA],
      blocks: [p('Marta, ojo con esto: el 16 de septiembre de 1:00 a 3:00 Hetzner trabaja en la alimentación eléctrica de FSN1-DC14. ¿Movemos el backup nocturno de crearack-db1 para que no coincida?'), lines('Edu')],
    },
    {
      sent: '2026-09-03 08:55',
      from: MARTA,
      to: [OWNER],
      blocks: [p('Hecho: esa noche el backup de crearack-db1 se ejecutará a las 4:30 en lugar de a las 2:00.'), lines('Marta')],
    },
  ], { lang: 'es', forwards: hetznerSeptemberNotice() });
  const holidays = conversation('vacaciones', 'Vacaciones de diciembre', [
    {
      sent: '2026-11-20 11:00',
      from: MARTA,
      to: [OWNER],
      blocks: [p('Edu, para cuadrar las vacaciones de Navidad: yo cogería del 21 de diciembre al 6 de enero. ¿Te va bien?'), lines('Marta')],
    },
    {
      sent: '2026-11-21 09:30',
      from: OWNER,
      to: [MARTA],
      cc: [JORDI],
      blocks: [p('Perfecto. Yo me cojo del 24 al 31 de diciembre y Jordi cubre la guardia del 28 al 31.'), lines('Edu')],
    },
  ], { lang: 'es' });
  const vpn = conversation('vpn-bodega', 'Acceso VPN para la bodega', [
    {
      sent: '2026-10-09 12:40',
      from: JORDI,
      to: [OWNER],
      blocks: [p('Edu, he creado en Hetzner el servidor crearack-bodega-vpn (CPX21, Falkenstein) para la VPN de Bodegas García. WireGuard ya está levantado; falta darles las claves.'), lines('Jordi')],
    },
    {
      sent: '2026-10-09 13:05',
      from: OWNER,
      to: [JORDI],
      blocks: [p('Genial. Las claves se las damos el día de la instalación, en persona. No las mandes por correo.'), lines('Edu')],
    },
    {
      sent: '2026-10-10 09:20',
      from: JORDI,
      to: [OWNER],
      blocks: [p('Entendido, quedan en el gestor de contraseñas, carpeta Bodegas García.'), lines('Jordi')],
    },
  ], { lang: 'es' });
  const laptop = conversation('portatil', 'Nuevo portátil para Jordi', [
    { sent: '2026-10-20 09:12', from: JORDI, to: [OWNER], blocks: [p('Edu, el portátil nuevo ya ha llegado. Lo configuro hoy y devuelvo el viejo a la oficina el viernes.'), lines('Jordi')] },
    { sent: '2026-10-20 10:01', from: OWNER, to: [JORDI], blocks: [p('Perfecto. Borra el disco del viejo antes de traerlo, por favor.'), lines('Edu')] },
  ], { lang: 'es' });
  const singles: Draft[] = [
    single('2026-10-01 13:10', MARTA, [OWNER, JORDI], 'Acta de la reunión del 1 de octubre', [p('Os paso el acta. Acuerdos principales:'), list('Edu prepara el presupuesto de Bodegas García antes del 30 de octubre.', 'Jordi migra los buzones a Zoho en noviembre.', 'Marta organiza la cena de Navidad.'), lines('Marta')], { attachment: true, folder: 'Archive' }),
    single('2026-11-09 08:05', MARTA, [OWNER, JORDI], 'Nueva contraseña de la wifi de la oficina', [p('He cambiado la contraseña de la wifi de invitados. La tenéis en el gestor de contraseñas, carpeta Oficina.'), lines('Marta')]),
    single('2026-11-25 17:45', LAURA, [OWNER], 'Cierre del ejercicio 2026', [p('Hola, Edu:'), p('Para preparar el cierre del ejercicio necesitaremos el inventario a 31 de diciembre y las facturas de diciembre antes del 15 de enero. ¿Nos vemos el martes 15 de diciembre a las 12:00 para revisarlo?'), lines('Un saludo,', 'Laura Ferrer', 'Gestoría Ferrer')], { unread: true }),
    single('2026-11-19 12:00', CLOUD_VALENCIA, [OWNER], 'Invitación: Meetup Cloud Valencia, 12 de diciembre', [p('Hola:'), p('El sábado 12 de diciembre a las 11:00 celebramos el último meetup del año en Las Naves (Valencia): charlas sobre coste en la nube y una mesa redonda sobre soberanía de datos.'), p('Inscripción gratuita, plazas limitadas.')], { unread: true }),
  ];
  const sent: Draft[] = [
    single('2026-10-02 18:20', OWNER, [JORDI], 'Accesos para la migración a Zoho', [p('Jordi, te he dado permisos de administrador en la consola de Zoho para la migración. Avísame cuando empieces con los buzones.'), lines('Edu')]),
    single('2026-11-16 19:02', OWNER, [MARTA], 'Plan de instalación en Bodegas García', [p('Marta, el lunes 1 de diciembre montamos el rack en Requena. ¿Puedes venir tú conmigo? Salimos a las 7:45 de la oficina.'), lines('Edu')]),
    single('2026-08-28 10:30', OWNER, [MARTA], 'Agosto: cierre de mes', [p('Marta, te dejo en la carpeta compartida las facturas de agosto para la gestoría.'), lines('Edu')]),
  ];
  return [...planning, ...forward, ...holidays, ...vpn, ...laptop, ...singles, ...sent];
}

function single(sent: string, from: Person, to: Person[], subject: string, blocks: Block[], options: { unread?: boolean; attachment?: boolean; folder?: SeedFolderName } = {}): Draft {
  return {
    at: madrid(sent),
    folder: options.folder ?? (from === OWNER ? 'Sent' : 'Inbox'),
    from,
    to,
    subject,
    body: composerMail(blocks),
    unread: options.unread,
    attachment: options.attachment,
  };
}

function accountant(): Draft[] {
  return conversation('iva-q3', 'Documentación IVA tercer trimestre', [
    {
      sent: '2026-10-05 10:00',
      from: LAURA,
      to: [OWNER],
      blocks: [p('Hola, Edu:'), p('Para presentar el modelo 303 del tercer trimestre necesito las facturas emitidas y recibidas de julio a septiembre antes del 15 de octubre.'), lines('Un saludo,', 'Laura Ferrer', 'Gestoría Ferrer')],
    },
    {
      sent: '2026-10-06 16:30',
      from: OWNER,
      to: [LAURA],
      blocks: [p('Hola, Laura:'), p('Te adjunto las facturas emitidas y recibidas del trimestre.'), EDU_ES],
      attachment: true,
    },
    {
      sent: '2026-10-08 12:00',
      from: LAURA,
      to: [OWNER],
      blocks: [p('Hola, Edu:'), p('Modelo 303 presentado. Resultado a ingresar: 1.212,40 €, que se cargará en vuestra cuenta el 20 de octubre.'), lines('Un saludo,', 'Laura')],
    },
  ], { lang: 'es', filed: 'Archive' });
}

function pilot(): Draft[] {
  return conversation('pilot', 'Staff Desk pilot: feedback from week 1', [
    {
      sent: '2026-08-12 15:20',
      from: TOM,
      to: [OWNER],
      blocks: [p('Hi Edu,'), p('Here is our feedback after the first week of the pilot:'), list('The oracle answers are good, but we want the sources shown under each answer.', 'Voice translation works well in meetings.', 'Two people could not sign in behind our proxy.'), lines('Cheers,', 'Tom')],
    },
    {
      sent: '2026-08-13 09:10',
      from: OWNER,
      to: [TOM],
      blocks: [p('Hi Tom,'), p('Thanks a lot. Sources under each answer are planned for the next release; for the proxy, could you send me the PAC file you use?'), EDU_EN],
    },
    {
      sent: '2026-08-14 16:45',
      from: TOM,
      to: [OWNER],
      blocks: [p('Sure, attached. The proxy is proxy.northwind-labs.de on port 3128.'), lines('Tom')],
      attachment: true,
    },
  ], { lang: 'en', filed: 'Archive' });
}

function archived(): Draft[] {
  return [
    ...conversation('seguro', 'Renovación de la póliza de la oficina', [
      { sent: '2026-06-09 09:40', from: SEGUROS, to: [OWNER], blocks: [p('Estimado cliente:'), p('Su póliza de comercio 88-2201457 vence el 30 de junio de 2026. La prima de renovación es de 612,30 € anuales.'), lines('Seguros Turia')], attachment: true },
      { sent: '2026-06-10 11:15', from: OWNER, to: [SEGUROS], blocks: [p('Buenos días:'), p('Renovamos la póliza en las mismas condiciones. Domiciliad el recibo en la cuenta de siempre.'), EDU_ES] },
      { sent: '2026-06-11 13:02', from: SEGUROS, to: [OWNER], blocks: [p('Renovación confirmada. Recibirá el recibo el 1 de julio.'), lines('Seguros Turia')] },
    ], { lang: 'es', filed: 'Archive' }),
    ...conversation('alta-jordi', 'Alta de Jordi en las herramientas', [
      { sent: '2026-06-15 08:50', from: MARTA, to: [OWNER], blocks: [p('Edu, Jordi empieza el lunes. ¿Le das de alta en GitHub, Cloudflare y el gestor de contraseñas?'), lines('Marta')] },
      { sent: '2026-06-15 12:30', from: OWNER, to: [MARTA], blocks: [p('Hecho, le llegarán las invitaciones hoy.'), lines('Edu')] },
    ], { lang: 'es', filed: 'Archive' }),
    ...conversation('factura-soler', 'Factura 2026-041 pendiente', [
      { sent: '2026-07-07 10:20', from: OWNER, to: [ANA_BELEN], blocks: [p('Hola, Ana Belén:'), p('Te recuerdo que la factura 2026-041 de 860,00 € venció el 30 de junio. ¿Puedes revisarlo?'), EDU_ES] },
      { sent: '2026-07-08 09:05', from: ANA_BELEN, to: [OWNER], blocks: [p('Hola, Edu: perdona, se nos pasó. La pagamos esta semana.'), lines('Ana Belén Soler', 'Clínica Dental Soler')] },
      { sent: '2026-07-10 17:48', from: ANA_BELEN, to: [OWNER], blocks: [p('Ya está transferida. Gracias por la paciencia.'), lines('Ana Belén')] },
    ], { lang: 'es', filed: 'Archive' }),
    ...conversation('intro-northwind', 'Intro: Esferic Labs x Northwind', [
      { sent: '2026-06-25 14:00', from: TOM, to: [OWNER, JORDI], blocks: [p('Hi Edu, hi Jordi,'), p('Great to meet you at the conference. As discussed, we would like to pilot Staff Desk with ten people from August. Could we have a call next week?'), lines('Tom Becker', 'Northwind Labs GmbH')] },
      { sent: '2026-06-26 09:30', from: OWNER, to: [TOM, JORDI], blocks: [p('Hi Tom,'), p('Happy to. How about Thursday 2 July at 16:00 CEST?'), EDU_EN] },
    ], { lang: 'en', filed: 'Archive' }),
    single('2026-07-21 10:00', { name: 'Digi Empresas', address: 'empresas@digi-fibra.es' }, [OWNER], 'Tu nueva fibra de 1 Gb ya está activa', [p('Hola:'), p('Tu línea de fibra de 1 Gb para la oficina de Calle de Colón 14 ya está activa. IP fija: 203.0.113.190.')], { folder: 'Archive' }),
  ];
}

/** Slack's weekly summary: noise that still names real work. */
function slackDigests(): Draft[] {
  const weeks = ['2026-09-07', '2026-09-21', '2026-10-05', '2026-10-19', '2026-11-02', '2026-11-16'];
  return weeks.map((day, index) =>
    single(`${day} 07:30`, SLACK, [OWNER], 'Updates from the Esferic Labs workspace', [
      p(`Here is what happened in Esferic Labs this week: ${12 + index * 3} new messages in #staff-desk, ${4 + index} in #infra and ${2 + (index % 3)} mentions of you.`),
      p('Open Slack to catch up.'),
    ], { unread: index === weeks.length - 1, folder: 'Inbox' }),
  );
}

export function conversationDrafts(): Draft[] {
  return [...bodegas(), ...rackparts(), ...teamThreads(), ...accountant(), ...pilot(), ...archived(), ...slackDigests()];
}
