/**
 * Plain-fetch helpers for talking to the Zoho double the way a client does: form-encoded OAuth posts, the device
 * flow, and Mail API reads parsed without losing the 64-bit IDs (they come back as strings).
 */
import { isSafeNumber, parse } from 'lossless-json';
import type { ZohoDouble } from './zoho-double';

export const CLIENT = { client_id: 'zoho-client-id', client_secret: 'zoho-client-secret' } as const;
export const MAIL_SCOPE = 'ZohoMail.messages.READ,ZohoMail.accounts.READ,ZohoMail.folders.READ';
/** Reading, and leave to create messages (drafts). */
export const COMPOSE_SCOPE = `${MAIL_SCOPE},ZohoMail.messages.CREATE`;

/** A parsed JSON answer; numbers too large for a double are kept as their digit strings. */
export type Json = Record<string, unknown>;

export interface JsonAnswer {
  status: number;
  body: Json;
  raw: string;
}

export function readZohoJson(raw: string): Json {
  return parse(raw, null, (digits) => (isSafeNumber(digits) ? Number(digits) : digits)) as Json;
}

export function postForm(url: string, fields: Record<string, string>, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

export async function formJson(url: string, fields: Record<string, string>): Promise<JsonAnswer> {
  const response = await postForm(url, fields);
  const raw = await response.text();
  return { status: response.status, body: readZohoJson(raw), raw };
}

export function requestDeviceCode(zoho: ZohoDouble, fields: Record<string, string> = {}): Promise<JsonAnswer> {
  return formJson(`${zoho.accountsUrl}/oauth/v3/device/code`, { client_id: CLIENT.client_id, scope: MAIL_SCOPE, grant_type: 'device_request', access_type: 'offline', ...fields });
}

export function pollDeviceToken(accountsUrl: string, deviceCode: string, fields: Record<string, string> = {}): Promise<JsonAnswer> {
  return formJson(`${accountsUrl}/oauth/v3/device/token`, { ...CLIENT, grant_type: 'device_token', code: deviceCode, ...fields });
}

export function refreshGrant(zoho: ZohoDouble, refreshToken: string, fields: Record<string, string> = {}): Promise<JsonAnswer> {
  return formJson(`${zoho.accountsUrl}/oauth/v2/token`, { ...CLIENT, grant_type: 'refresh_token', refresh_token: refreshToken, ...fields });
}

/** The whole device flow, approved at once: what a connected app holds afterwards. */
export async function connect(zoho: ZohoDouble, scope = MAIL_SCOPE): Promise<{ accessToken: string; refreshToken: string }> {
  const code = await requestDeviceCode(zoho, { scope });
  zoho.authorizeDevice(String(code.body.user_code));
  const token = await pollDeviceToken(zoho.accountsUrl, String(code.body.device_code));
  return { accessToken: String(token.body.access_token), refreshToken: String(token.body.refresh_token) };
}

export function mailGet(zoho: ZohoDouble, accessToken: string, path: string, query: Record<string, string> = {}): Promise<Response> {
  const search = new URLSearchParams(query).toString();
  return fetch(`${zoho.mailUrl}${path}${search === '' ? '' : `?${search}`}`, { headers: { authorization: `Zoho-oauthtoken ${accessToken}` } });
}

export async function mailJson(zoho: ZohoDouble, accessToken: string, path: string, query: Record<string, string> = {}): Promise<JsonAnswer> {
  const response = await mailGet(zoho, accessToken, path, query);
  const raw = await response.text();
  return { status: response.status, body: readZohoJson(raw), raw };
}

/** A JSON POST to the Mail API (composing), its answer parsed. */
export async function mailPost(zoho: ZohoDouble, accessToken: string, path: string, body: object): Promise<JsonAnswer> {
  const response = await fetch(`${zoho.mailUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const raw = await response.text();
  return { status: response.status, body: readZohoJson(raw), raw };
}

/** The items of a list answer (search, view, folders). */
export function items(answer: JsonAnswer): Json[] {
  const data = answer.body.data;
  if (!Array.isArray(data)) throw new Error(`expected a list in data, got ${answer.raw.slice(0, 200)}`);
  return data as Json[];
}
