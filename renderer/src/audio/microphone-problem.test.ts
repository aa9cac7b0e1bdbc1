import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { microphoneProblemText, type MicrophoneProblem } from './microphone-problem';

const english = await createI18n('en');

/** The advice as the member reads it. */
function said(problem: MicrophoneProblem, platform: string | null, i18n = english): { message: string; hint: string } {
  const { message, hint } = microphoneProblemText(problem, platform);
  return { message: i18n.t(message), hint: i18n.t(hint) };
}

describe('a denied microphone explains how to allow it on the member’s system (V5)', () => {
  it.each([
    ['win32', 'Settings > Privacy & security > Microphone'],
    ['darwin', 'System Settings > Privacy & Security > Microphone'],
    ['linux', 'PipeWire or PulseAudio'],
    // Another Unix desktop has the same sound servers.
    ['freebsd', 'PipeWire or PulseAudio'],
  ])('on %s', (platform, where) => {
    const { message, hint } = said('denied', platform);
    expect(message).toBe('Staff Desk is not allowed to use the microphone.');
    expect(hint).toContain(where);
  });

  it('in general terms while the platform is not known yet', () => {
    expect(said('denied', null).hint).toBe("Allow Staff Desk to use the microphone in your computer's privacy settings, then try again.");
  });

  it('with the system’s own words in the member’s language', async () => {
    expect(said('denied', 'win32', await createI18n('es')).hint).toContain('Configuración > Privacidad y seguridad > Micrófono');
    expect(said('denied', 'darwin', await createI18n('fr')).hint).toContain('Réglages Système > Confidentialité et sécurité');
  });
});

describe('the other problems', () => {
  it.each([
    ['not_found', 'No microphone was found.', 'choose another one in Settings'],
    ['busy', 'Another app may be using it.', 'Close other apps that use the microphone'],
    ['unsupported', 'Sound cannot be recorded here.', 'Type your question instead.'],
  ] as const)('%s says what happened and what to do, the same on every system', (problem, message, hint) => {
    for (const platform of ['win32', 'darwin', 'linux', null]) {
      expect(said(problem, platform).message).toContain(message);
      expect(said(problem, platform).hint).toContain(hint);
    }
  });
});
