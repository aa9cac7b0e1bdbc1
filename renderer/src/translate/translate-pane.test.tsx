import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/lang';
import { VOICE } from '../../../shared/limits';
import { err, ok } from '../../../shared/result';
import { TRANSLATION_LANGS } from '../../../shared/translate';
import { fakeAudioPlayback } from '../testing/fake-audio';
import { createFakeMain, FAKE_SPEECH_WAV, type FakeMainOptions } from '../testing/fake-main';
import { PaneSwitch } from '../testing/pane-switch';
import { renderWithApp } from '../testing/render-with-app';
import { useLanguage } from '../i18n/language-context';
import { TranslatePane } from './translate-pane';

function setup(options: FakeMainOptions = {}, systemLang: Lang = 'en') {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  const openPane = vi.fn();
  const view = renderWithApp(<TranslatePane openPane={openPane} />, { api: main.api, systemLang });
  return { ...main, user, openPane, view };
}

const sourceBox = () => screen.getByRole('textbox', { name: 'Text to translate' });
const resultBox = () => screen.getByRole('textbox', { name: 'Translation' });
const fromPicker = () => screen.getByRole('combobox', { name: 'Translate from' });
const toPicker = () => screen.getByRole('combobox', { name: 'Translate into' });
const button = (name: string) => screen.getByRole('button', { name });
const callsTo = (invoke: ReturnType<typeof createFakeMain>['invoke'], channel: string) =>
  invoke.mock.calls.filter(([called]) => called === channel).map(([, input]) => input);

/** A 'translate:text' that answers only when the test says, or reports that the page cancelled it. */
function heldTranslation() {
  let answer: (translation: string) => void = () => {};
  const handler: NonNullable<FakeMainOptions['handlers']>['translate:text'] = (_input, { signal }) =>
    new Promise((resolve) => {
      answer = (translation) => resolve({ ok: true, value: { translation } });
      signal.addEventListener('abort', () => resolve(err('UPSTREAM', 'The request was cancelled.', { reason: 'cancelled' })));
    });
  return { handler, answer: (translation: string) => act(() => answer(translation)) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('T1: translating a text', () => {
  it('sends the text and the target, the source only when chosen, and shows the translation in its language', async () => {
    const { user, invoke } = setup();
    await user.selectOptions(toPicker(), 'es');
    await user.type(sourceBox(), 'Good morning');
    await user.click(button('Translate'));

    await vi.waitFor(() => expect(resultBox()).toHaveValue('[es] Good morning'));
    expect(callsTo(invoke, 'translate:text')).toEqual([{ text: 'Good morning', to: 'es', requestId: expect.any(String) }]);
    expect(resultBox()).toHaveAttribute('lang', 'es');
    expect(resultBox()).toHaveAttribute('dir', 'auto');
    expect(resultBox()).toHaveAttribute('readonly');
    expect(screen.getByText('Translation ready.')).toBeVisible();

    await user.selectOptions(fromPicker(), 'Russian');
    await user.click(button('Translate'));
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:text')).toHaveLength(2));
    expect(callsTo(invoke, 'translate:text')[1]).toEqual({ text: 'Good morning', to: 'es', from: 'ru', requestId: expect.any(String) });
  });

  it('translates with Ctrl+Enter from the text box, and with ⌘Enter as on a Mac', async () => {
    const { user, invoke } = setup();
    await user.type(sourceBox(), 'Bonjour');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByDisplayValue('[en] Bonjour')).toBe(resultBox());
    expect(sourceBox()).toHaveValue('Bonjour');

    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:text')).toHaveLength(2));
    expect(button('Translate')).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
    expect(screen.getByText('Ctrl+Enter translates.')).toBeVisible();
  });

  it('says "Translating…" while main works, and Cancel stops it in main', async () => {
    const held = heldTranslation();
    const { user, invoke } = setup({ handlers: { 'translate:text': held.handler } });
    await user.type(sourceBox(), 'Hello');
    await user.click(button('Translate'));

    expect(await screen.findByText('Translating…')).toHaveAttribute('role', 'status');
    expect(resultBox()).toHaveAttribute('aria-busy', 'true');
    await user.click(button('Cancel'));
    const [call] = callsTo(invoke, 'translate:text') as { requestId: string }[];
    expect(invoke).toHaveBeenCalledWith('translate:cancelText', { requestId: call!.requestId });
    expect(await screen.findByText('You cancelled the translation.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();
    expect(sourceBox()).toHaveFocus();
    expect(resultBox()).toHaveValue('');
  });

  it('refuses an empty text or one over the limit here, before main would', async () => {
    const { user, invoke } = setup();
    await user.click(button('Translate'));
    expect(screen.getByText('Write the text to translate first.')).toBeVisible();

    await user.click(sourceBox());
    await user.paste('a'.repeat(5_002));
    expect(screen.getByText('The text is 2 characters over the limit of 5000. Shorten it to translate.')).toBeVisible();
    expect(screen.getByText('5002 / 5000')).toBeVisible();
    expect(sourceBox()).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(callsTo(invoke, 'translate:text')).toEqual([]);
  });

  it('shows why a translation failed and counts down a rate limit (G9)', async () => {
    const { user } = setup({
      handlers: { 'translate:text': () => err('RATE_LIMITED', 'Slow down.', { reason: 'rate_limit', retryAfterMs: 30_000 }) },
    });
    await user.type(sourceBox(), 'Hello');
    await user.click(button('Translate'));
    expect(await screen.findByText('You have asked too many questions in the last minute.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Try again in 30 seconds.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();
  });

  it('issue 28: offers Copy diagnostics when Gemini failed to translate', async () => {
    const { user, invoke } = setup({ handlers: { 'translate:text': () => err('UPSTREAM', 'Overloaded.', { reason: 'overloaded' }) } });
    await user.type(sourceBox(), 'Hello');
    await user.click(button('Translate'));
    expect(await screen.findByText('Gemini is overloaded right now. Try again in a few moments.')).toBeVisible();
    await user.click(button('Copy diagnostics'));
    expect(invoke).toHaveBeenCalledWith('diagnostics:copy', {});
    expect(await screen.findByText('Diagnostics copied to the clipboard.')).toBeVisible();
  });

  it('without a Gemini key: says so, with the way to the key in Settings', async () => {
    const { user, openPane } = setup({
      handlers: { 'translate:text': () => err('NOT_CONFIGURED', 'No Gemini API key is saved.', { reason: 'missing_key' }) },
    });
    await user.type(sourceBox(), 'Hello');
    await user.click(button('Translate'));
    expect(await screen.findByText('No Gemini API key is saved on this computer. Add your key in Settings.')).toBeVisible();
    await user.click(button('Open Settings'));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'gemini' });
  });
});

describe('T1: the languages', () => {
  it('translates into the UI language by default, from a detected one, listed by their names in that language', async () => {
    setup({}, 'es');
    expect(await screen.findByRole('combobox', { name: 'Idioma de destino' })).toHaveValue('es');
    const from = screen.getByRole('combobox', { name: 'Idioma de origen' });
    expect(from).toHaveValue('');
    const names = within(from)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names[0]).toBe('Detectar idioma');
    expect(names).toHaveLength(TRANSLATION_LANGS.length + 1);
    expect(names.slice(1)).toEqual([...names.slice(1)].sort(new Intl.Collator('es').compare));
    expect(names).toContain('Inglés');
  });

  it('translates into English when the UI language is the source', async () => {
    const { user } = setup({}, 'fr');
    const to = await screen.findByRole('combobox', { name: 'Langue cible' });
    expect(to).toHaveValue('fr');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue source' }), 'fr');
    expect(to).toHaveValue('en');
  });

  it('names the languages in Arabic and lays the pane out right to left', async () => {
    setup({}, 'ar');
    const to = await screen.findByRole('combobox', { name: 'الترجمة إلى' });
    expect(to).toHaveValue('ar');
    expect(within(to).getByRole('option', { selected: true })).toHaveTextContent('العربية');
    await vi.waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(screen.getByRole('textbox', { name: 'النص المراد ترجمته' })).toHaveAttribute('dir', 'auto');
  });

  it('swaps the languages and takes the translation as the next text', async () => {
    const { user } = setup();
    await user.selectOptions(fromPicker(), 'en');
    await user.selectOptions(toPicker(), 'es');
    await user.type(sourceBox(), 'Thank you');
    await user.click(button('Translate'));
    await vi.waitFor(() => expect(resultBox()).toHaveValue('[es] Thank you'));

    await user.click(button('Swap languages'));
    expect(fromPicker()).toHaveValue('es');
    expect(toPicker()).toHaveValue('en');
    expect(sourceBox()).toHaveValue('[es] Thank you');
    expect(sourceBox()).toHaveAttribute('lang', 'es');
    expect(resultBox()).toHaveValue('');
  });

  it('cannot swap a detected language, and says what to do', async () => {
    const { user } = setup();
    await user.type(sourceBox(), 'Hola');
    const swap = button('Swap languages');
    expect(swap).toHaveAttribute('aria-disabled', 'true');
    expect(swap).toHaveAccessibleDescription('To swap the languages, first choose the language of the text.');
    await user.click(swap);
    expect(fromPicker()).toHaveValue('');
    expect(sourceBox()).toHaveValue('Hola');
  });

  it('keeps the chosen languages, the text and its translation when the member comes back to the pane', async () => {
    const { api } = createFakeMain();
    const user = userEvent.setup();
    renderWithApp(<PaneSwitch><TranslatePane openPane={vi.fn()} /></PaneSwitch>, { api });
    await user.selectOptions(fromPicker(), 'de');
    await user.selectOptions(toPicker(), 'ja');
    await user.type(sourceBox(), 'Guten Morgen');
    await user.click(button('Translate'));
    await vi.waitFor(() => expect(resultBox()).toHaveValue('[ja] Guten Morgen'));
    await user.click(button('Switch pane'));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(button('Switch pane'));
    expect(fromPicker()).toHaveValue('de');
    expect(toPicker()).toHaveValue('ja');
    expect(sourceBox()).toHaveValue('Guten Morgen');
    expect(resultBox()).toHaveValue('[ja] Guten Morgen');
  });
});

/** The member switches the UI language, as Settings does. */
function UiLanguage({ lang }: { lang: Lang }) {
  const { choose } = useLanguage();
  return (
    <button type="button" onClick={() => void choose(lang)}>
      UI language
    </button>
  );
}

describe('UQ3: the languages follow the member, and so does the translation', () => {
  it('UQ3: changing the target clears the translation, so Swap cannot put it in the source under another language', async () => {
    const { user } = setup();
    await user.selectOptions(fromPicker(), 'en');
    await user.selectOptions(toPicker(), 'es');
    await user.type(sourceBox(), 'Thank you');
    await user.click(button('Translate'));
    await vi.waitFor(() => expect(resultBox()).toHaveValue('[es] Thank you'));

    await user.selectOptions(toPicker(), 'fr');
    expect(resultBox()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    await user.click(button('Swap languages'));
    expect(sourceBox()).toHaveValue('Thank you');

    await user.click(button('Translate'));
    await vi.waitFor(() => expect(resultBox()).toHaveValue(`[${String((toPicker() as HTMLSelectElement).value)}] Thank you`));
  });

  it('UQ3: a new source language clears the translation too', async () => {
    const { user } = setup();
    await user.type(sourceBox(), 'Hola');
    await user.click(button('Translate'));
    await vi.waitFor(() => expect(resultBox()).toHaveValue('[en] Hola'));
    await user.selectOptions(fromPicker(), 'es');
    expect(resultBox()).toHaveValue('');
  });

  it('UQ3: switching the UI language leaves the target of the text being translated as it was', async () => {
    const { api } = createFakeMain();
    const user = userEvent.setup();
    renderWithApp(
      <>
        <UiLanguage lang="es" />
        <TranslatePane openPane={vi.fn()} />
      </>,
      { api },
    );
    await user.type(sourceBox(), 'Hola');
    await user.click(button('Translate'));
    await vi.waitFor(() => expect(resultBox()).toHaveValue('[en] Hola'));

    await user.click(button('UI language'));
    const to = await screen.findByRole('combobox', { name: 'Idioma de destino' });
    expect(to).toHaveValue('en');
    expect(screen.getByRole('textbox', { name: 'Traducción' })).toHaveValue('[en] Hola');
  });

  it('UQ3: "Detect language" says what it found, and Swap then turns the languages and the texts around', async () => {
    const { user, invoke } = setup({
      handlers: { 'translate:text': ({ from }) => ok({ translation: 'Good morning, everyone.', ...(from === undefined ? { detected: 'fr' as const } : {}) }) },
    });
    await user.type(sourceBox(), 'Bonjour à tous.');
    await user.click(button('Translate'));
    await vi.waitFor(() => expect(resultBox()).toHaveValue('Good morning, everyone.'));
    expect(screen.getByText('Detected: French')).toBeVisible();
    expect(fromPicker()).toHaveValue('');
    expect(sourceBox()).toHaveAttribute('lang', 'fr');

    const swap = button('Swap languages');
    expect(swap).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(swap);
    expect(fromPicker()).toHaveValue('en');
    expect(toPicker()).toHaveValue('fr');
    expect(sourceBox()).toHaveValue('Good morning, everyone.');
    expect(sourceBox()).toHaveAttribute('lang', 'en');
    expect(resultBox()).toHaveValue('');
    expect(screen.queryByText('Detected: French')).not.toBeInTheDocument();
    await user.click(button('Translate'));
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:text')).toHaveLength(2));
    expect(callsTo(invoke, 'translate:text')[1]).toMatchObject({ text: 'Good morning, everyone.', to: 'fr', from: 'en' });
  });
});

describe('T1: what to do with the translation', () => {
  async function translated(options: FakeMainOptions = {}) {
    const context = setup(options);
    await context.user.selectOptions(toPicker(), 'fr');
    await context.user.type(sourceBox(), 'See you tomorrow');
    await context.user.click(button('Translate'));
    await vi.waitFor(() => expect(resultBox()).toHaveValue('[fr] See you tomorrow'));
    return context;
  }

  it('copies it to the clipboard and says so', async () => {
    const { user, invoke } = await translated();
    await user.click(button('Copy'));
    expect(invoke).toHaveBeenCalledWith('app:copyText', { text: '[fr] See you tomorrow' });
    expect(await screen.findByText('Translation copied to the clipboard.')).toBeVisible();
  });

  describe('reading it aloud', () => {
    let played: HTMLMediaElement[];
    beforeEach(() => {
      played = fakeAudioPlayback('blob:translation');
    });

    it('V4: speaks the translation through voice:tts, without translating again, and stops on request', async () => {
      const { user, invoke } = await translated();
      await user.click(button('Read aloud'));

      expect(callsTo(invoke, 'voice:tts')).toEqual([{ text: '[fr] See you tomorrow', requestId: expect.any(String) }]);
      expect(callsTo(invoke, 'translate:text')).toHaveLength(1);
      expect(played.map((audio) => audio.src)).toEqual(['blob:translation']);
      const wav = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
      expect(wav.size).toBe(atob(FAKE_SPEECH_WAV).length);

      await user.click(button('Stop reading'));
      expect(played[0]?.pause).toHaveBeenCalled();
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:translation');
      expect(button('Read aloud')).toHaveFocus();
    });

    it('does not send a translation longer than one reading takes, and says so', async () => {
      const long = 'word '.repeat(VOICE.ttsTextMaxChars / 4);
      const { user, invoke } = setup({ handlers: { 'translate:text': () => ok({ translation: long }) } });
      await user.type(sourceBox(), 'A long text');
      await user.click(button('Translate'));
      const speak = await screen.findByRole('button', { name: 'Read aloud' });
      expect(speak).toHaveAttribute('aria-disabled', 'true');
      expect(speak).toHaveAccessibleDescription('Too long to read aloud: at most 1000 characters are spoken at once.');
      await user.click(speak);
      expect(callsTo(invoke, 'voice:tts')).toEqual([]);
    });

    it('says why it could not be read aloud, with Copy diagnostics for a part not set up', async () => {
      const { user, invoke } = await translated({
        handlers: { 'voice:tts': () => err('NOT_CONFIGURED', 'No Gemini API key is saved.', { reason: 'missing_key' }) },
      });
      await user.click(button('Read aloud'));
      expect(await screen.findByRole('alert')).toHaveTextContent('No Gemini API key is saved on this computer. Add your key in Settings.');
      expect(played).toEqual([]);
      await user.click(button('Copy diagnostics'));
      expect(invoke).toHaveBeenCalledWith('diagnostics:copy', {});
    });
  });
});
