import { describe, expect, it } from 'vitest';
import { INITIAL_TRAY_STATE, oneLine, trayView, type TrayState } from './tray-view';

const REST: TrayState = { ...INITIAL_TRAY_STATE, lang: 'en' };
const PASS = { summary: 'Luis accepts the quote; Marta asks for a shift swap.', needsYou: 2 };

const labels = (state: TrayState, platform: NodeJS.Platform = 'linux') =>
  trayView(state, platform).menu.map((entry) => (entry === 'separator' ? '—' : entry.label));
const glance = (state: TrayState) => {
  const { face, tooltip } = trayView(state, 'win32');
  return { face, tooltip };
};

describe('D4 the tray at a glance', () => {
  it('at rest: the plain icon, the app name as tooltip, and the menu without a pass', () => {
    expect(glance(REST)).toEqual({ face: 'idle', tooltip: 'Staff Desk' });
    expect(labels(REST)).toEqual([
      'Open Staff Desk',
      'Ask…',
      'Push to talk',
      'Start live captions',
      '—',
      'Settings',
      'Copy diagnostics',
      '—',
      'Quit',
    ]);
  });

  it('says what it shows: the microphone, live captions, mail that needs the member', () => {
    expect(glance({ ...REST, microphoneLive: true })).toEqual({ face: 'live', tooltip: 'Staff Desk — microphone on' });
    expect(glance({ ...REST, captionsRunning: true })).toEqual({ face: 'captions', tooltip: 'Staff Desk — live captions on' });
    expect(glance({ ...REST, pass: PASS })).toEqual({ face: 'needs-you', tooltip: 'Staff Desk — 2 messages need you' });
    expect(glance({ ...REST, pass: { ...PASS, needsYou: 1 } }).tooltip).toBe('Staff Desk — 1 message needs you');
  });

  it('shows the one state that matters most: microphone, then captions, then mail, then rest', () => {
    const all = { ...REST, microphoneLive: true, captionsRunning: true, pass: PASS };
    expect(glance(all).face).toBe('live');
    expect(glance({ ...all, microphoneLive: false }).face).toBe('captions');
    expect(glance({ ...all, microphoneLive: false, captionsRunning: false }).face).toBe('needs-you');
    // A pass with nothing left that needs the member is no reason to call them.
    expect(glance({ ...REST, pass: { ...PASS, needsYou: 0 } })).toEqual({ face: 'idle', tooltip: 'Staff Desk' });
  });

  it('offers to stop live captions while they run, and to start them otherwise', () => {
    expect(labels({ ...REST, captionsRunning: true })).toContain('Stop live captions');
    expect(labels({ ...REST, captionsRunning: true })).not.toContain('Start live captions');
  });

  it("shows the latest pass's summary above Settings, and each entry names what it does", () => {
    const view = trayView({ ...REST, pass: PASS }, 'linux');
    expect(view.menu).toEqual([
      { action: 'open', label: 'Open Staff Desk' },
      { action: 'ask', label: 'Ask…' },
      { action: 'pushToTalk', label: 'Push to talk' },
      { action: 'liveCaptions', label: 'Start live captions' },
      'separator',
      { action: 'pass', label: 'Luis accepts the quote; Marta asks for a shift swap.' },
      'separator',
      { action: 'settings', label: 'Settings' },
      { action: 'copyDiagnostics', label: 'Copy diagnostics' },
      'separator',
      { action: 'quit', label: 'Quit' },
    ]);
    // A quiet pass is still the latest one: it is shown, the icon stays at rest.
    expect(labels({ ...REST, pass: { summary: 'No new unread mail.', needsYou: 0 } })).toContain('No new unread mail.');
  });

  it("keeps the model's summary to one short line, and a literal & where Windows and Linux would read a mnemonic", () => {
    const long = { summary: `Q&A session moved to Friday, budget approved, and three vendors wait for an answer.\nSecond line.`, needsYou: 3 };
    const [linux] = labels({ ...REST, pass: long }).filter((label) => label.startsWith('Q'));
    expect(linux).toBe('Q&&A session moved to Friday, budget approved, and three ven…');
    const [mac] = labels({ ...REST, pass: long }, 'darwin').filter((label) => label.startsWith('Q'));
    expect(mac).toBe('Q&A session moved to Friday, budget approved, and three ven…');
  });

  it('TP4: offers Copy diagnostics where there is no Help menu (Windows, Linux), and not on macOS, which has one', () => {
    expect(labels(REST, 'win32')).toContain('Copy diagnostics');
    expect(labels({ ...REST, lang: 'es' }, 'linux')).toContain('Copiar diagnóstico');
    expect(trayView(REST, 'darwin').menu).not.toContainEqual(expect.objectContaining({ action: 'copyDiagnostics' }));
  });

  it("speaks the member's language", () => {
    expect(labels({ ...REST, lang: 'fr', captionsRunning: true })).toContain('Arrêter les sous-titres en direct');
    expect(glance({ ...REST, lang: 'ru', pass: { ...PASS, needsYou: 5 } }).tooltip).toBe('Staff Desk — 5 писем требуют вашего внимания');
    expect(glance({ ...REST, lang: 'ar', captionsRunning: true }).tooltip).toBe('Staff Desk — الترجمة الفورية قيد التشغيل');
  });
});

describe('oneLine', () => {
  it('takes the first line, collapses spaces, and cuts between characters, never inside one', () => {
    expect(oneLine('  Two   spaces\nand more', 40)).toBe('Two spaces');
    expect(oneLine('abcdef', 6)).toBe('abcdef');
    expect(oneLine('abcdefg', 6)).toBe('abcde…');
    expect(oneLine('😀😀😀😀', 3)).toBe('😀😀…');
  });
});
