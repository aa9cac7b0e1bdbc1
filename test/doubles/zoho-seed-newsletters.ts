/**
 * Newsletters in the seeded mailbox (folder Newsletters): two weeklies in English and Spanish, a fortnightly, and
 * one special edition of about 5 MB, the input of the HTML-to-text benchmark. None of them mentions Hetzner or a
 * maintenance window, so they never compete with the provider notices for those questions.
 */
import { type Brand, type NewsletterStory, newsletterMail } from './zoho-mail-html';
import { type Draft, OWNER, type Person, type Random, createRandom, madrid } from './zoho-seed-kit';

const CLOUD_BRIEF: Person = { name: 'The Cloud Brief', address: 'news@cloudbrief.io' };
const PYME: Person = { name: 'Boletín Pyme Digital', address: 'boletin@pymedigital.es' };
const ELECTRON_WEEKLY: Person = { name: 'Electron Weekly', address: 'hello@electronweekly.dev' };

const CLOUD_BRIEF_BRAND: Brand = {
  name: 'The Cloud Brief',
  color: '#3b2c85',
  logoUrl: 'https://cdn.cloudbrief.io/email/logo-white.png',
  footer: ['The Cloud Brief, 548 Market St, San Francisco, CA 94104', 'You are receiving this because you subscribed at cloudbrief.io.'],
  lang: 'en',
};
const PYME_BRAND: Brand = {
  name: 'Boletín Pyme Digital',
  color: '#0f7b5f',
  logoUrl: 'https://static.pymedigital.es/boletin/logo.png',
  footer: ['Pyme Digital Ediciones S.L., Calle de Alcalá 155, 28009 Madrid', 'Recibes este boletín porque te suscribiste en pymedigital.es.'],
  lang: 'es',
};
const ELECTRON_BRAND: Brand = {
  name: 'Electron Weekly',
  color: '#2b2e3a',
  logoUrl: 'https://electronweekly.dev/img/email-logo.png',
  footer: ['Electron Weekly is an independent newsletter, not affiliated with the OpenJS Foundation.'],
  lang: 'en',
};

/** The special edition's subject, and the size its HTML reaches at least (5 MiB, in characters). */
export const BIG_NEWSLETTER_SUBJECT = 'The Cloud Brief: 2026 in review, every launch, outage and price change (special edition)';
export const BIG_NEWSLETTER_MIN_CHARS = 5 * 1024 * 1024;

const CLOUD_TOPICS: ReadonlyArray<readonly [string, string, string]> = [
  ['Postgres 19 beta lands with async I/O by default', 'The first beta ships asynchronous reads for sequential scans and vacuum.', 'Early benchmarks show 20 to 35 percent faster analytical queries on NVMe storage.'],
  ['Object storage prices keep falling in Europe', 'Three providers cut their per-terabyte prices this month.', 'Egress remains the cost to watch for backup-heavy workloads.'],
  ['Kubernetes 1.36: what changes for small clusters', 'In-place pod resizing is now stable.', 'Smaller teams can finally resize workloads without restarts.'],
  ['Serverless cold starts, measured again', 'We ran the same function on five platforms for a month.', 'The median cold start dropped below 100 ms on three of them.'],
  ['ARM servers now a third of new cloud capacity', 'Analysts estimate a third of new instances sold are ARM-based.', 'Price per core remains around 20 percent lower than x86.'],
  ['The quiet rise of sovereign cloud offerings', 'European buyers ask where their data and their operators are.', 'Contracts now name the legal entity that runs the service.'],
  ['Observability bills: how teams cut them in half', 'Sampling, shorter retention and dropping debug logs at the edge.', 'Most savings came from not storing what nobody queries.'],
  ['A CVE in a popular image library, explained', 'A heap overflow in image decoding affects many web stacks.', 'Patch your base images and rebuild, even if you do not resize images.'],
  ['Edge databases: replication you can reason about', 'Read replicas close to users, writes in one region.', 'Consistency guarantees are finally documented in plain words.'],
  ['GPU rental prices stabilise', 'Hourly prices for inference GPUs stopped falling this quarter.', 'Reserved capacity is easier to get than a year ago.'],
  ['Backups you have never restored are not backups', 'A reader story about a restore that took three days.', 'Schedule restore drills like you schedule deployments.'],
  ['IPv4 addresses get pricier again', 'Providers pass on the rising cost of IPv4 leases.', 'IPv6-only internal networks are becoming the default.'],
];

const PYME_TOPICS: ReadonlyArray<readonly [string, string, string]> = [
  ['Verifactu: qué cambia en tu programa de facturación', 'Los programas de facturación deberán enviar cada factura a la Agencia Tributaria.', 'Revisa con tu proveedor de software las fechas de adaptación.'],
  ['Kit Digital: nuevas convocatorias para micropymes', 'Se abre un nuevo plazo para empresas de menos de diez empleados.', 'Las ayudas cubren web, ciberseguridad y factura electrónica.'],
  ['Cinco consejos de ciberseguridad para tu oficina', 'Contraseñas únicas, doble factor y copias de seguridad probadas.', 'La mayoría de los ataques empiezan con un correo de suplantación.'],
  ['Teletrabajo: cómo registrar la jornada', 'El registro horario también se aplica a quien trabaja desde casa.', 'Una aplicación sencilla basta si guarda los datos cuatro años.'],
  ['Subvenciones autonómicas a la digitalización', 'Varias comunidades convocan ayudas para equipos y software.', 'Los plazos suelen cerrar en menos de un mes.'],
  ['La factura electrónica entre empresas, paso a paso', 'La obligación llegará primero a las empresas más grandes.', 'Conviene elegir ya un formato y un proveedor.'],
  ['Cómo negociar con tu banco las comisiones', 'Las cuentas de empresa sin comisiones exigen domiciliar ingresos.', 'Compara el coste total de TPV, transferencias y tarjetas.'],
  ['Inteligencia artificial en la pyme sin humo', 'Casos reales: resumir correos, clasificar facturas y responder dudas.', 'Empieza por una tarea repetitiva y mide el tiempo ahorrado.'],
  ['Protección de datos: lo que revisa una inspección', 'El registro de actividades y los contratos con encargados.', 'Guarda las pruebas de que formas a tu equipo.'],
  ['Vender en otros países de la UE', 'La ventanilla única simplifica el IVA de las ventas a particulares.', 'Revisa los umbrales antes de abrir tu tienda a Europa.'],
];

const ELECTRON_TOPICS: ReadonlyArray<readonly [string, string, string]> = [
  ['Electron 45 is out', 'Chromium 142, Node 22.20 and V8 14.2.', 'The safeStorage API now reports which backend it uses on Linux.'],
  ['Context isolation pitfalls we still see', 'Exposing whole modules through the preload defeats isolation.', 'Expose small, validated functions instead.'],
  ['Testing Electron apps without Electron', 'Keep the main process logic in plain Node modules.', 'Only the adapters need the real runtime.'],
  ['Code signing on macOS in 2026', 'Notarization now takes minutes, not hours.', 'Keep your certificates out of CI logs.'],
  ['Auto-update strategies compared', 'Staged rollouts catch broken builds before everyone gets them.', 'Always ship a way to roll back.'],
  ['Native modules and ABI versions', 'Rebuild native modules for the Electron ABI, not the Node one.', 'Prebuilt binaries save minutes on every install.'],
  ['Keeping the renderer fast', 'Long lists need virtualisation; big JSON needs workers.', 'Measure before you optimise.'],
];

function trackingLink(random: Random, host: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const token = Array.from({ length: 96 }, () => alphabet[random.int(0, alphabet.length - 1)]).join('');
  return `https://${host}/ls/click?upn=${token}`;
}

function stories(random: Random, topics: ReadonlyArray<readonly [string, string, string]>, count: number, host: string, readMore: string): NewsletterStory[] {
  return Array.from({ length: count }, () => {
    const [title, first, second] = random.pick(topics);
    return { title, paragraphs: [first, second], imageUrl: `https://img.${host}/${random.int(1000, 9999)}.jpg`, linkLabel: readMore, href: trackingLink(random, `click.${host}`) };
  });
}

interface Series {
  from: Person;
  brand: Brand;
  firstDay: string;
  time: string;
  everyDays: number;
  issues: number;
  firstNumber: number;
  subject: (number: number, lead: string) => string;
  masthead: (number: number) => string;
  intro: string;
  topics: ReadonlyArray<readonly [string, string, string]>;
  host: string;
  readMore: string;
  /** After the lead story's title in the hidden preheader. */
  andMore: string;
  sponsor: { title: string; text: string; href: string };
}

const SERIES: readonly Series[] = [
  {
    from: CLOUD_BRIEF,
    brand: CLOUD_BRIEF_BRAND,
    firstDay: '2026-06-01',
    time: '07:00',
    everyDays: 7,
    issues: 26,
    firstNumber: 112,
    subject: (number, lead) => `The Cloud Brief #${number}: ${lead}`,
    masthead: (number) => `The Cloud Brief #${number}`,
    intro: 'Good morning! Five stories from the cloud this week, read in five minutes.',
    topics: CLOUD_TOPICS,
    host: 'cloudbrief.io',
    readMore: 'Read more',
    andMore: 'and more',
    sponsor: { title: 'Try Loglane free for 30 days', text: 'Structured logs without the bill shock.', href: 'https://click.cloudbrief.io/sponsor/loglane' },
  },
  {
    from: PYME,
    brand: PYME_BRAND,
    firstDay: '2026-06-04',
    time: '08:30',
    everyDays: 7,
    issues: 26,
    firstNumber: 201,
    subject: (number, lead) => `Boletín Pyme Digital nº ${number}: ${lead}`,
    masthead: (number) => `Boletín Pyme Digital nº ${number}`,
    intro: 'Hola, esta semana te contamos lo que más afecta a tu negocio digital.',
    topics: PYME_TOPICS,
    host: 'pymedigital.es',
    readMore: 'Leer más',
    andMore: 'y más',
    sponsor: { title: 'Gestiona tus facturas con Facturalia', text: 'Adaptado a Verifactu desde el primer día.', href: 'https://click.pymedigital.es/patrocinio/facturalia' },
  },
  {
    from: ELECTRON_WEEKLY,
    brand: ELECTRON_BRAND,
    firstDay: '2026-06-10',
    time: '16:00',
    everyDays: 14,
    issues: 13,
    firstNumber: 301,
    subject: (number, lead) => `Electron Weekly ${number}: ${lead}`,
    masthead: (number) => `Electron Weekly ${number}`,
    intro: 'Hi there! The Electron news worth your time this fortnight.',
    topics: ELECTRON_TOPICS,
    host: 'electronweekly.dev',
    readMore: 'Read the article',
    andMore: 'and more',
    sponsor: { title: 'Ship signed builds with Buildkite', text: 'Fast macOS, Windows and Linux runners.', href: 'https://electronweekly.dev/sponsor/buildkite' },
  },
];

/** From this date on, issues are still unread. */
const UNREAD_FROM = '2026-11-16 00:00';

function seriesDrafts(series: Series, random: Random): Draft[] {
  const first = madrid(`${series.firstDay} ${series.time}`);
  return Array.from({ length: series.issues }, (_, index) => {
    const at = first + index * series.everyDays * 86_400_000 + dstCorrection(first, index * series.everyDays);
    const number = series.firstNumber + index;
    const issueStories = stories(random, series.topics, random.int(4, 6), series.host, series.readMore);
    const lead = issueStories[0]?.title ?? '';
    const body = newsletterMail(series.brand, {
      preheader: `${lead} ${series.andMore}`,
      masthead: series.masthead(number),
      intro: [series.intro],
      stories: issueStories,
      sponsor: series.sponsor,
      footer: series.brand.footer,
      unsubscribeUrl: `https://${series.host}/unsubscribe?u=${at.toString(36)}`,
      pixelUrl: `https://open.${series.host}/o/${at.toString(36)}.gif`,
      cssRules: 120,
    });
    return { at, folder: 'Newsletters', from: series.from, to: [OWNER], subject: series.subject(number, lead), body, unread: at >= madrid(UNREAD_FROM) };
  });
}

/** Issues go out at the same Madrid wall-clock time across the October clock change. */
function dstCorrection(first: number, days: number): number {
  const summerEnds = madrid('2026-10-25 03:00');
  return first < summerEnds && first + days * 86_400_000 >= summerEnds ? 3_600_000 : 0;
}

function specialEdition(random: Random): Draft {
  const issue = (count: number) =>
    newsletterMail(CLOUD_BRIEF_BRAND, {
      preheader: 'Our biggest issue ever: the whole year in one email',
      masthead: 'The Cloud Brief: 2026 in review',
      intro: ['Every launch, outage and price change of the year, month by month. Grab a coffee: this one is long.'],
      stories: yearInReview(createRandom(0x2026), count),
      sponsor: SERIES[0]?.sponsor,
      footer: CLOUD_BRIEF_BRAND.footer,
      unsubscribeUrl: 'https://cloudbrief.io/unsubscribe?u=special2026',
      pixelUrl: `https://open.cloudbrief.io/o/special-${random.int(100000, 999999)}.gif`,
      cssRules: 2000,
    });
  // Measured, not guessed: the head's CSS is a large fixed part, so the size per story is a difference.
  const small = issue(100).html.length;
  const perStory = (issue(200).html.length - small) / 100;
  const body = issue(100 + Math.ceil((BIG_NEWSLETTER_MIN_CHARS - small) / perStory) + 20);
  return { at: madrid('2026-10-19 12:00'), folder: 'Newsletters', from: CLOUD_BRIEF, to: [OWNER], subject: BIG_NEWSLETTER_SUBJECT, body };
}

function yearInReview(random: Random, count: number): NewsletterStory[] {
  const vendors = ['Northbeam', 'Stratus', 'Helio Cloud', 'Kestrel DB', 'Arcwire', 'Nimbus Edge', 'Ferrous', 'Quayside'];
  const areas = ['object storage', 'managed Postgres', 'GPU instances', 'edge functions', 'private networking', 'log retention', 'DNS', 'load balancers'];
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return Array.from({ length: count }, (_, index) => {
    const vendor = random.pick(vendors);
    const area = random.pick(areas);
    const month = months[index % 12] ?? 'January';
    const percent = random.int(3, 48);
    return {
      title: `${month}: ${vendor} changes ${area}`,
      paragraphs: [
        `In ${month}, ${vendor} announced changes to ${area}, with prices moving by ${percent} percent for most customers.`,
        `Our take: teams that depend on ${area} should compare their last three bills before renewing (item ${index + 1}).`,
      ],
      imageUrl: `https://img.cloudbrief.io/review/${index}.jpg`,
      linkLabel: 'Read more',
      href: trackingLink(random, 'click.cloudbrief.io'),
    };
  });
}

export function newsletterDrafts(): Draft[] {
  const random = createRandom(0x4e57);
  return [...SERIES.flatMap((series) => seriesDrafts(series, random)), specialEdition(random)];
}
