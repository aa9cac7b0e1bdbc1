import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../../shared/lang';
import { OFF_BY_POLICY, SET_BY_POLICY } from '../../../shared/managed-policy';
import type { AppError } from '../../../shared/result';
import { createI18n } from '../i18n/create-i18n';
import { errorText, offersDiagnostics } from './error-text';

const i18ns = new Map(await Promise.all(LANGS.map(async (lang) => [lang, await createI18n(lang)] as const)));
const say = (error: AppError, { lang = 'en', platform = 'linux' }: { lang?: Lang; platform?: string | null } = {}) =>
  errorText(error, i18ns.get(lang)!.t, platform);

const rateLimited = (retryAfterMs?: number): AppError => ({
  code: 'RATE_LIMITED',
  message: 'Too many questions; wait a little.',
  reason: 'quota',
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

describe('errorText', () => {
  it("says a known reason in the member's language, not main's English", () => {
    const error: AppError = { code: 'NOT_CONFIGURED', message: 'The Gemini key was refused.', reason: 'invalid_key', hint: 'Get a new one.' };
    expect(say(error)).toEqual({
      message: 'Google did not accept the Gemini API key. Check it in Google AI Studio, then save it again.',
    });
    expect(say(error, { lang: 'es' })).toEqual({
      message: 'Google no ha aceptado la clave de API de Gemini. Revísala en Google AI Studio y vuelve a guardarla.',
    });
  });

  it('names the model Gemini does not offer to the key, when main says which', () => {
    const error: AppError = { code: 'NOT_CONFIGURED', message: 'The model is not available.', reason: 'unknown_model', model: 'gemini-9-ultra' };
    expect(say(error)).toEqual({
      message: 'The model gemini-9-ultra is not available for this key. Choose another model in Settings, under Models.',
    });
    expect(say(error, { lang: 'es' }).message).toContain('gemini-9-ultra');
    // An older main, which does not say which: the general sentence.
    expect(say({ code: 'NOT_CONFIGURED', message: 'Unknown model.', reason: 'unknown_model' }).message).toBe(
      'Gemini does not know one of the model ids in Settings. Check the Models section.',
    );
  });

  it("falls back to the code's sentence for a reason this version does not know, keeping main's advice", () => {
    const error: AppError = { code: 'UPSTREAM', message: 'Zoho is down.', reason: 'zoho_maintenance', hint: 'See status.zoho.com.' };
    expect(say(error)).toEqual({
      message: 'An online service did not answer as expected. Try again in a moment.',
      hint: 'See status.zoho.com.',
    });
    expect(say({ code: 'TOO_LARGE', message: 'Question too long.' }, { lang: 'es' })).toEqual({
      message: 'Es demasiado largo para enviarlo. Acórtalo y vuelve a intentarlo.',
    });
  });

  it("shows main's own words only when neither the reason nor the code is known (a newer main)", () => {
    const error = { code: 'PAYMENT_REQUIRED', message: 'The plan has run out.', hint: 'Ask your admin.' } as unknown as AppError;
    expect(say(error, { lang: 'es' })).toEqual({ message: 'The plan has run out.', hint: 'Ask your admin.' });
  });

  it.each([
    [0, 'Try again in 1 second.'],
    [1, 'Try again in 1 second.'],
    [1_001, 'Try again in 2 seconds.'],
    [59_000, 'Try again in 59 seconds.'],
    [59_001, 'Try again in 1 minute.'],
    [60_000, 'Try again in 1 minute.'],
    [60_001, 'Try again in 2 minutes.'],
    [3_600_000, 'Try again in 60 minutes.'],
  ])('rounds a wait of %i ms up: "%s"', (retryAfterMs, hint) => {
    expect(say(rateLimited(retryAfterMs))).toEqual({ message: 'The Gemini quota for this key is used up for now.', hint });
  });

  it('says a wait with the plural its language needs', () => {
    expect(say(rateLimited(1_000), { lang: 'es' }).hint).toBe('Vuelve a intentarlo dentro de 1 segundo.');
    expect(say(rateLimited(90_000), { lang: 'es' }).hint).toBe('Vuelve a intentarlo dentro de 2 minutos.');
    expect(say(rateLimited(2_000), { lang: 'ru' }).hint).toBe('Попробуйте ещё раз через 2 секунды.');
    expect(say(rateLimited(5_000), { lang: 'ru' }).hint).toBe('Попробуйте ещё раз через 5 секунд.');
    expect(say(rateLimited(21_000), { lang: 'ru' }).hint).toBe('Попробуйте ещё раз через 21 секунду.');
  });

  it('asks to wait a moment when main does not say how long', () => {
    expect(say(rateLimited())).toEqual({ message: 'The Gemini quota for this key is used up for now.', hint: 'Wait a moment, then try again.' });
    expect(say({ code: 'RATE_LIMITED', message: 'Slow down.', retryAfterMs: 3_000 })).toEqual({
      message: 'Too many requests in a short time.',
      hint: 'Try again in 3 seconds.',
    });
  });

  describe('a keychain that cannot be reached', () => {
    const locked: AppError = {
      code: 'NOT_CONFIGURED',
      message: 'The system keychain is not available, so keys cannot be stored safely.',
      reason: 'keychain_unavailable',
      hint: "Main's advice for its platform.",
    };

    it.each([
      ['linux', 'Install and unlock GNOME Keyring or KWallet, sign in to a desktop session, then try again.'],
      ['darwin', 'Unlock your login keychain in Keychain Access, then try again.'],
      ['win32', 'Make sure Windows Credential Manager is available for your Windows account, then try again.'],
      ['freebsd', 'Install and unlock GNOME Keyring or KWallet, sign in to a desktop session, then try again.'],
    ])('gives the advice for %s', (platform, hint) => {
      expect(say(locked, { platform })).toEqual({ message: locked.message, hint });
    });

    it('gives the advice in Spanish', () => {
      expect(say(locked, { lang: 'es', platform: 'darwin' })).toEqual({
        message: 'El llavero del sistema no está disponible, así que las claves no se pueden guardar de forma segura.',
        hint: 'Desbloquea tu llavero de inicio de sesión en Acceso a Llaveros y vuelve a intentarlo.',
      });
    });

    it("keeps main's advice while the platform is not known", () => {
      expect(say(locked, { platform: null }).hint).toBe("Main's advice for its platform.");
    });
  });
});

describe('sign-in refusals', () => {
  const refused = (code: AppError['code'], reason: string): AppError => ({ code, message: `Main's words for ${reason}.`, reason, hint: "Main's hint." });

  it.each([
    ['expired', 'Your sign-in has expired. Sign in again.'],
    ['not_yet_valid', "Your sign-in is not valid yet. Check that your computer's clock is right, then sign in again."],
    ['wrong_audience', 'The sign-in is for another application. Check the AUD tag in Settings, then sign in again.'],
    ['wrong_issuer', 'The sign-in comes from another Cloudflare Access team. Check the team domain in Settings, then sign in again.'],
    ['bad_signature', "The sign-in could not be verified: its signature does not match your team's keys. Sign in again; if it keeps happening, tell your administrator."],
    ['unsupported_algorithm', 'The sign-in is signed in a way Staff Desk does not accept. Tell your administrator.'],
    ['unknown_key', 'The sign-in is signed with a key your team does not publish. Check the team domain in Settings, then sign in again.'],
    ['malformed', 'The sign-in could not be read. Sign in again.'],
    ['service_token', 'Service tokens are not accepted here. Sign in with your own staff account.'],
    ['missing_email', 'The sign-in does not say who you are (it has no email address). Sign in with your staff account; if it keeps happening, tell your administrator.'],
    ['wrong_type', 'That is not a sign-in for an application. Check the protected application URL in Settings, then sign in again.'],
  ])('says why the sign-in was refused: %s', (reason, message) => {
    expect(say(refused('UNAUTHENTICATED', reason))).toEqual({ message });
  });

  it('keeps "malformed" from Gemini about Gemini', () => {
    expect(say(refused('UPSTREAM', 'malformed')).message).toMatch(/^Gemini sent an answer Staff Desk could not read/);
  });

  it('points to Settings when sign-in is not set up, and to the connection when Cloudflare cannot be reached', () => {
    expect(say(refused('NOT_CONFIGURED', 'access_not_configured'))).toEqual({
      message: 'Staff sign-in is not set up yet. Enter the team domain, application URL and AUD tag in Settings.',
    });
    expect(say(refused('UPSTREAM', 'jwks_unreachable'), { lang: 'es' })).toEqual({
      message: 'Staff Desk no ha podido conectar con Cloudflare Access para comprobar tu sesión. Comprueba tu conexión a internet y vuelve a intentarlo.',
    });
  });

  it("falls back to the code's sentence for a refusal this version does not know", () => {
    expect(say(refused('UNAUTHENTICATED', 'device_posture'))).toEqual({
      message: 'You are not signed in to the company account. Sign in again, then retry.',
      hint: "Main's hint.",
    });
  });
});

describe('the mailbox (Zoho) and the secretary', () => {
  const zoho = (code: AppError['code'], reason: string, extra: Partial<AppError> = {}): AppError => ({
    code,
    message: `Main's words for ${reason}.`,
    reason,
    hint: "Main's hint.",
    ...extra,
  });

  it.each([
    ['zoho_not_connected', 'Your Zoho mailbox is not connected. Connect it in Settings, under Zoho Mail.'],
    ['zoho_client_missing', 'The Zoho OAuth client is not set up yet. Enter its client ID and secret in Settings, under Zoho Mail.'],
    ['zoho_reconnect_needed', "Zoho no longer accepts Staff Desk's access to your mailbox (it was revoked or has lapsed). Connect it again in Settings."],
    ['zoho_access_denied', "Access was declined in Zoho's page, so the mailbox is not connected. Connect again and accept to go on."],
    ['zoho_connect_expired', "The approval in Zoho's page did not arrive in time. Start connecting again."],
  ])('says %s so the member knows where to act', (reason, message) => {
    expect(say(zoho('NOT_CONFIGURED', reason))).toEqual({ message });
  });

  it("says how long Zoho's lock lasts, though it is not our RATE_LIMITED", () => {
    expect(say(zoho('UPSTREAM', 'zoho_rate_limited', { retryAfterMs: 90_000 }))).toEqual({
      message: 'Zoho is limiting how often Staff Desk may ask for now.',
      hint: 'Try again in 2 minutes.',
    });
  });

  it("says the secretary's own limit with the seconds to wait, in Spanish too", () => {
    const limited = zoho('RATE_LIMITED', 'rate_limit', { retryAfterMs: 12_000 });
    expect(say(limited)).toEqual({ message: 'You have asked too many questions in the last minute.', hint: 'Try again in 12 seconds.' });
    expect(say(limited, { lang: 'es' })).toEqual({
      message: 'Has hecho demasiadas preguntas en el último minuto.',
      hint: 'Vuelve a intentarlo dentro de 12 segundos.',
    });
  });
});

describe('offersDiagnostics', () => {
  const failure = (code: AppError['code'], extra: Partial<AppError> = {}): AppError => ({ code, message: 'm', ...extra });

  it('offers the report for a part that failed: Gemini or Zoho after retries, our bug, a part not set up, a sign-in refused', () => {
    for (const code of ['UPSTREAM', 'INTERNAL', 'NOT_CONFIGURED', 'UNAUTHENTICATED'] as const) expect(offersDiagnostics(failure(code))).toBe(true);
  });

  it('not for a wait (ours or Zoho’s lock), a refused input, a cancellation or the organization’s choice', () => {
    expect(offersDiagnostics(failure('RATE_LIMITED', { retryAfterMs: 1_000 }))).toBe(false);
    expect(offersDiagnostics(failure('UPSTREAM', { reason: 'zoho_rate_limited', retryAfterMs: 90_000 }))).toBe(false);
    expect(offersDiagnostics(failure('INVALID_INPUT'))).toBe(false);
    expect(offersDiagnostics(failure('UPSTREAM', { reason: 'cancelled' }))).toBe(false);
    expect(offersDiagnostics(failure('INVALID_INPUT', { reason: SET_BY_POLICY }))).toBe(false);
    expect(offersDiagnostics(failure('NOT_CONFIGURED', { reason: OFF_BY_POLICY }))).toBe(false);
  });
});
