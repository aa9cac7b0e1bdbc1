/**
 * What the seeded mailbox's series share: the people, the draft a series writes before IDs are given out, Madrid
 * wall-clock dates, and a seeded generator so that every run builds the same mailbox.
 */
import type { Rendered } from './zoho-mail-html';

export interface Person {
  name: string;
  address: string;
}

export const OWNER: Person = { name: 'Edu Martín', address: 'edu@crearack.es' };
export const MARTA: Person = { name: 'Marta Ruiz', address: 'marta@crearack.es' };
export const JORDI: Person = { name: 'Jordi Puig', address: 'jordi@esferic.es' };

export type SeedFolderName = 'Inbox' | 'Drafts' | 'Sent' | 'Spam' | 'Trash' | 'Archive' | 'Newsletters';

/** One message as a series writes it; the mailbox gives out IDs once every series is in, oldest first. */
export interface Draft {
  at: number;
  folder: SeedFolderName;
  from: Person;
  to: readonly Person[];
  cc?: readonly Person[];
  subject: string;
  body: Rendered;
  unread?: boolean;
  attachment?: boolean;
  /** Drafts with the same key form one conversation (one threadId). */
  thread?: string;
}

/** Epoch ms of a Madrid wall-clock time, 'YYYY-MM-DD HH:MM' (CET, or CEST between the EU switch Sundays). */
export function madrid(local: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(local);
  if (!match) throw new Error(`madrid(): '${local}' is not 'YYYY-MM-DD HH:MM'`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  return asUtc - madridOffsetHours(asUtc, year) * 3_600_000;
}

function madridOffsetHours(approxUtc: number, year: number): number {
  const summerStarts = Date.UTC(year, 2, lastSunday(year, 2), 1);
  const summerEnds = Date.UTC(year, 9, lastSunday(year, 9), 1);
  return approxUtc >= summerStarts && approxUtc < summerEnds ? 2 : 1;
}

function lastSunday(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const MONTHS_ES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
export const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** RFC 5322 date in Madrid time, as quote headers show it: 'Tue, 24 Nov 2026 08:41:00 +0100'. */
export function mailDate(at: number): string {
  const offset = madridOffsetHours(at, new Date(at).getUTCFullYear());
  const local = new Date(at + offset * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAYS[local.getUTCDay()]}, ${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:00 +0${offset}00`;
}

export function formatPerson(person: Person): string {
  return `${person.name} <${person.address}>`;
}

export function quoteHeader(at: number, from: Person, lang: 'es' | 'en'): string {
  return lang === 'es' ? `---- El ${mailDate(at)}, ${formatPerson(from)} escribió ----` : `---- On ${mailDate(at)} ${formatPerson(from)} wrote ----`;
}

export interface Random {
  /** In [0, 1). */
  next(): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast and the same on every machine. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, maxInclusive: number) => min + Math.floor(next() * (maxInclusive - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick() from an empty list');
      return item;
    },
  };
}

/** Euro amounts the way each language writes them: '1.212,40 €' or '€1,212.40'. */
export function euros(cents: number, lang: 'es' | 'en'): string {
  const whole = Math.floor(cents / 100).toString();
  const fraction = String(cents % 100).padStart(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'es' ? '.' : ',');
  return lang === 'es' ? `${grouped},${fraction} €` : `€${grouped}.${fraction}`;
}
