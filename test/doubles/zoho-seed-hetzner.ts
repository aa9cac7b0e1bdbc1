/**
 * Hetzner in the seeded mailbox: monthly invoices and maintenance notices with concrete dates, data centres and
 * server names. The notice of 24 November 2026 is the newest Hetzner mail and the newest mail that mentions a
 * maintenance window: "what did the last Hetzner notice say?" and "when is the next maintenance window?" have
 * one right answer (9 December 2026, 02:00-04:00 CET, FSN1-DC14, crearack-db1).
 */
import { type Block, type Brand, lines, noticeMail, p, table } from './zoho-mail-html';
import { type Draft, MONTHS_EN, OWNER, type Person, euros, madrid } from './zoho-seed-kit';

const HETZNER_SUPPORT: Person = { name: 'Hetzner Online GmbH', address: 'support@hetzner.com' };
const HETZNER_BILLING: Person = { name: 'Hetzner Online GmbH', address: 'billing@hetzner.com' };

const BRAND: Brand = {
  name: 'Hetzner Online GmbH',
  color: '#d50c2d',
  logoUrl: 'https://www.hetzner.com/assets/email/hetzner-logo-white.png',
  footer: ['Hetzner Online GmbH', 'Industriestr. 25', '91710 Gunzenhausen, Germany', 'Register Court: Registergericht Ansbach, HRB 6089', 'www.hetzner.com'],
  lang: 'en',
};

/** The subject of the newest Hetzner mail, the answer to the seeded questions about Hetzner and maintenance. */
export const LATEST_HETZNER_NOTICE_SUBJECT = 'Maintenance work at FSN1-DC14 on 9 December 2026';

interface Product {
  name: string;
  label: string;
  monthlyCents: number;
}

const DB1: Product = { name: 'crearack-db1', label: 'Dedicated server AX41-NVMe #2314567 (crearack-db1, FSN1-DC14)', monthlyCents: 4439 };
const WEB1: Product = { name: 'crearack-web1', label: 'Cloud server CX32 #58432109 (crearack-web1, NBG1)', monthlyCents: 759 };
const STAGING: Product = { name: 'crearack-staging', label: 'Cloud server CX22 #58432188 (crearack-staging, HEL1)', monthlyCents: 459 };
const BOX: Product = { name: 'Storage Box BX11 #412233', label: 'Storage Box BX11 #412233 (FSN1)', monthlyCents: 381 };
const VPN: Product = { name: 'crearack-bodega-vpn', label: 'Cloud server CPX21 #61207755 (crearack-bodega-vpn, FSN1)', monthlyCents: 839 };
const IPV4_CENTS = 60;

interface InvoiceMonth {
  /** When the invoice arrives (Madrid time). */
  sent: string;
  number: string;
  /** Zero-based month the invoice covers. */
  coveredMonth: number;
  /** Cloud servers added part-way through the month: product and the share of the month charged, in days. */
  prorated?: { product: Product; days: number; daysInMonth: number };
}

const INVOICES: readonly InvoiceMonth[] = [
  { sent: '2026-06-03 06:12', number: 'R0023918476', coveredMonth: 4 },
  { sent: '2026-07-02 06:09', number: 'R0023918477', coveredMonth: 5 },
  { sent: '2026-08-04 06:15', number: 'R0023918478', coveredMonth: 6 },
  { sent: '2026-09-02 06:11', number: 'R0023918479', coveredMonth: 7 },
  { sent: '2026-10-02 06:08', number: 'R0023918480', coveredMonth: 8 },
  { sent: '2026-11-03 06:14', number: 'R0023918481', coveredMonth: 9, prorated: { product: VPN, days: 23, daysInMonth: 31 } },
];

export interface HetznerInvoice {
  number: string;
  totalCents: number;
  sentAt: number;
}

/** Each invoice's number, total and date: the bank's card charges follow them a week later. */
export function hetznerInvoices(): HetznerInvoice[] {
  return INVOICES.map((invoice) => ({ number: invoice.number, totalCents: invoiceLines(invoice).reduce((sum, line) => sum + line.cents, 0), sentAt: madrid(invoice.sent) }));
}

function invoiceLines(invoice: InvoiceMonth): Array<{ label: string; cents: number }> {
  const cloudServers = invoice.prorated ? 3 : 2;
  const regular = [DB1, WEB1, STAGING, BOX].map((product) => ({ label: product.label, cents: product.monthlyCents }));
  const prorated = invoice.prorated
    ? [{ label: `${invoice.prorated.product.label}, ${invoice.prorated.days} of ${invoice.prorated.daysInMonth} days`, cents: Math.round((invoice.prorated.product.monthlyCents * invoice.prorated.days) / invoice.prorated.daysInMonth) }]
    : [];
  return [...regular, ...prorated, { label: `Primary IPv4 x ${cloudServers}`, cents: IPV4_CENTS * cloudServers }];
}

function invoiceDraft(invoice: InvoiceMonth): Draft {
  const at = madrid(invoice.sent);
  const invoiceLinesList = invoiceLines(invoice);
  const total = invoiceLinesList.reduce((sum, line) => sum + line.cents, 0);
  const month = MONTHS_EN[invoice.coveredMonth] ?? '';
  const sentDate = new Date(at);
  const debit = new Date(at + 7 * 86_400_000);
  const blocks: Block[] = [
    p(`Dear ${OWNER.name},`),
    p(`Your invoice ${invoice.number} of ${sentDate.getUTCDate()} ${MONTHS_EN[sentDate.getUTCMonth()]} 2026 for the period 1-${daysIn(invoice.coveredMonth)} ${month} 2026 is now available. You will find the invoice attached as a PDF file and in your account at accounts.hetzner.com.`),
    table(
      [...invoiceLinesList.map((line) => [line.label, euros(line.cents, 'en')]), ['Total (net)', euros(total, 'en')], ['VAT 0 % (reverse charge)', euros(0, 'en')], ['Total amount', euros(total, 'en')]],
      ['Product', 'Amount'],
    ),
    p(`The total amount of ${euros(total, 'en')} will be debited from your credit card ending in 4821 on ${debit.getUTCDate()} ${MONTHS_EN[debit.getUTCMonth()]} 2026.`),
    p('Customer number: K0711402334'),
    lines('Kind regards', 'Your Hetzner Online Team'),
  ];
  return {
    at,
    folder: invoice.coveredMonth < 7 ? 'Archive' : 'Inbox',
    from: HETZNER_BILLING,
    to: [OWNER],
    subject: `Your Hetzner invoice ${invoice.number}`,
    body: noticeMail(BRAND, `Invoice ${invoice.number}`, blocks),
    attachment: true,
  };
}

function daysIn(monthIndex: number): number {
  return new Date(Date.UTC(2026, monthIndex + 1, 0)).getUTCDate();
}

interface Notice {
  sent: string;
  subject: string;
  intro: string;
  rows: ReadonlyArray<readonly [string, string]>;
  closing: string;
  folder: Draft['folder'];
  unread?: boolean;
}

const NOTICES: readonly Notice[] = [
  {
    sent: '2026-07-08 10:31',
    subject: 'Maintenance work at NBG1-DC3 on 22 July 2026',
    intro: 'We will carry out maintenance work in our data center park in Nuremberg (NBG1-DC3). The following of your products will be affected.',
    rows: [
      ['Type of work', 'Router software update'],
      ['Start', '22 July 2026, 03:00 CEST (01:00 UTC)'],
      ['End', '22 July 2026, 05:00 CEST (03:00 UTC)'],
      ['Affected products', 'crearack-web1 (Cloud server CX32 #58432109, 203.0.113.24)'],
      ['Expected impact', 'Loss of network connectivity of up to 10 minutes'],
      ['Ticket', '2026070810018831'],
    ],
    closing: 'No action is required on your part. We apologize for any inconvenience this may cause.',
    folder: 'Archive',
  },
  {
    sent: '2026-09-02 10:02',
    subject: 'Maintenance work at FSN1-DC14 on 16 September 2026',
    intro: 'We will carry out maintenance work on the power distribution in our data center park in Falkenstein (FSN1-DC14).',
    rows: [
      ['Type of work', 'Maintenance of the power distribution units'],
      ['Start', '16 September 2026, 01:00 CEST (23:00 UTC on 15 September)'],
      ['End', '16 September 2026, 03:00 CEST (01:00 UTC)'],
      ['Affected products', 'crearack-db1 (Dedicated server AX41-NVMe #2314567, 203.0.113.80)'],
      ['Expected impact', 'No downtime expected; the servers run on a single power feed during the work'],
      ['Ticket', '2026090210024417'],
    ],
    closing: 'No action is required on your part. We apologize for any inconvenience this may cause.',
    folder: 'Inbox',
  },
  {
    sent: '2026-10-14 09:47',
    subject: 'Incident report: network outage at HEL1-DC2 on 13 October 2026',
    intro: 'On 13 October 2026 a faulty line card in an aggregation router caused an unplanned network outage in our data center park in Helsinki (HEL1-DC2).',
    rows: [
      ['Start', '13 October 2026, 14:02 CEST'],
      ['End', '13 October 2026, 14:25 CEST'],
      ['Duration', '23 minutes'],
      ['Affected products', 'crearack-staging (Cloud server CX22 #58432188, 198.51.100.61)'],
      ['Cause', 'Hardware failure of a line card; traffic has been moved to a replacement card'],
      ['Ticket', '2026101410031290'],
    ],
    closing: 'The affected router is stable again. We apologize for the interruption.',
    folder: 'Inbox',
  },
  {
    sent: '2026-11-05 15:20',
    subject: 'Maintenance work on Storage Box BX11 #412233 on 12 November 2026',
    intro: 'We will move your Storage Box to new storage hardware in our data center park in Falkenstein (FSN1).',
    rows: [
      ['Type of work', 'Migration to new storage hardware'],
      ['Start', '12 November 2026, 22:00 CET (21:00 UTC)'],
      ['End', '12 November 2026, 23:00 CET (22:00 UTC)'],
      ['Affected products', 'Storage Box BX11 #412233'],
      ['Expected impact', 'The Storage Box is read-only during the work; backups that write to it will fail'],
      ['Ticket', '2026110510012007'],
    ],
    closing: 'Please make sure no backup job writes to the Storage Box during this time.',
    folder: 'Inbox',
  },
  {
    sent: '2026-11-24 08:41',
    subject: LATEST_HETZNER_NOTICE_SUBJECT,
    intro: 'We will replace the core switches in our data center park in Falkenstein (FSN1-DC14). The following of your products will be affected.',
    rows: [
      ['Type of work', 'Replacement of the core switches'],
      ['Start', '9 December 2026, 02:00 CET (01:00 UTC)'],
      ['End', '9 December 2026, 04:00 CET (03:00 UTC)'],
      ['Affected products', 'crearack-db1 (Dedicated server AX41-NVMe #2314567, 203.0.113.80)'],
      ['Expected impact', 'Network interruption of up to 15 minutes within the window'],
      ['Ticket', '2026112410027765'],
    ],
    closing: 'No action is required on your part. We recommend not to schedule backups or deployments for crearack-db1 within this window.',
    folder: 'Inbox',
    unread: true,
  },
];

function noticeDraft(notice: Notice): Draft {
  const blocks: Block[] = [
    p(`Dear ${OWNER.name},`),
    p(notice.intro),
    table(notice.rows.map((row) => [...row])),
    p(notice.closing),
    lines('Kind regards', 'Data Center Operations', 'Hetzner Online GmbH'),
  ];
  return {
    at: madrid(notice.sent),
    folder: notice.folder,
    from: HETZNER_SUPPORT,
    to: [OWNER],
    subject: notice.subject,
    body: noticeMail(BRAND, notice.subject, blocks),
    unread: notice.unread,
  };
}

export function hetznerDrafts(): Draft[] {
  return [...INVOICES.map(invoiceDraft), ...NOTICES.map(noticeDraft)];
}

/** The notice of 16 September, which the owner forwards to Marta (a Fwd:/Re: thread). */
export function hetznerSeptemberNotice(): Draft {
  const notice = NOTICES[1];
  if (!notice) throw new Error('the September notice is missing');
  return noticeDraft(notice);
}
