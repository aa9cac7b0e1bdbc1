import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSrt } from '../../../../shared/caption-export';
import type { AuthStatus } from '../../../../shared/auth';
import { err, ok, type AppError, type Result } from '../../../../shared/result';
import type { TranslateSegmentOutput } from '../../../../shared/translate';
import type { SpeechCaptureEvent } from '../../audio/speech-capture';
import { clipOf, fakeCapture, idOf, mainFor, UNAVAILABLE, type Mode } from '../../testing/caption-capture';
import { plugMicrophones, unplugMicrophones } from '../../testing/fake-audio';
import { createFakeMain, FAKE_APP_INFO, type FakeHandlers, type FakeMainOptions } from '../../testing/fake-main';
import { PaneSwitch } from '../../testing/pane-switch';
import { renderWithApp } from '../../testing/render-with-app';
import { TranslatePane } from '../translate-pane';
import { LiveCaptions } from './live-captions';

// Each test renders every provider of the app and starts a session end to end: on a busy two-core runner some take
// longer than the default five seconds (CI saw 5.1 s), though none waits on a timer of its own.
vi.setConfig({ testTimeout: 15_000 });

/** 'translate:segment' answering only when the test says, each utterance by its id. */
function heldSegments() {
  const replies = new Map<string, (result: Result<TranslateSegmentOutput>) => void>();
  const asked: string[] = [];
  const handler: FakeHandlers['translate:segment'] = (input) =>
    new Promise((resolve) => {
      asked.push(idOf(input));
      replies.set(idOf(input), resolve);
    });
  return {
    handler,
    asked,
    answer(id: string, transcript: string, to = 'es') {
      replies.get(id)!(ok({ transcript, translation: transcript === '' ? '' : `[${to}] ${transcript}` }));
    },
    fail(id: string, error: AppError) {
      replies.get(id)!({ ok: false, error });
    },
  };
}

function setup({ mode = 'pauses', refusal, ...options }: FakeMainOptions & { mode?: Mode; refusal?: 'denied' | 'system_audio_unavailable' } = {}) {
  const main = mainFor(mode, options);
  const fake = fakeCapture(mode, refusal);
  const user = userEvent.setup();
  const view = renderWithApp(<LiveCaptions />, { api: main.api, capture: fake.kit });
  return { ...main, ...fake, user, view };
}

const MODE_TEXT: Record<Mode, RegExp> = {
  streaming: /Streaming: words appear as they are spoken/,
  pauses: /Cut at pauses: Live translation is not available/,
  fixed: /Fixed 7-second segments \(voice detection unavailable\)/,
};

async function started(options: Parameters<typeof setup>[0] = {}) {
  const context = setup(options);
  await context.user.selectOptions(screen.getByRole('combobox', { name: 'Captions in' }), 'es');
  await context.user.click(button('Start captions'));
  await screen.findByText('Listening.');
  await screen.findByText(MODE_TEXT[options.mode ?? 'pauses']);
  return context;
}

const button = (name: string) => screen.getByRole('button', { name });
const captionLines = () => within(screen.getByRole('region', { name: 'Captions' })).queryAllByRole('listitem');
const lineTexts = () => captionLines().map((line) => line.textContent);
const callsTo = (invoke: ReturnType<typeof createFakeMain>['invoke'], channel: string) =>
  invoke.mock.calls.filter(([called]) => called === channel).map(([, input]) => input);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('T2: live captions', () => {
  it('captions the default microphone into the chosen language, in the language of the UI by default', async () => {
    const { user, kit, say, invoke } = setup();
    const to = screen.getByRole('combobox', { name: 'Captions in' });
    expect(to).toHaveValue('en');
    expect(screen.getByRole('combobox', { name: 'Language spoken' })).toHaveValue('');
    await user.selectOptions(to, 'es');
    await user.click(button('Start captions'));

    expect(await screen.findByText('Listening.')).toHaveAttribute('role', 'status');
    expect(kit.start).toHaveBeenCalledWith(expect.objectContaining({ input: { kind: 'microphone', deviceId: null } }));
    expect(screen.getByText(MODE_TEXT.pauses)).toBeVisible();
    expect(to).toBeDisabled();

    say(2_000, 3_500);
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:02What needs me today?[es] What needs me today?']));
    expect(callsTo(invoke, 'translate:segment')).toEqual([{ audio: clipOf('u1'), to: 'es', requestId: expect.any(String) }]);
    const translation = screen.getAllByText('[es] What needs me today?').find((element) => element.closest('li'))!;
    expect(translation).toHaveAttribute('lang', 'es');
    expect(screen.getByText('What needs me today?')).toHaveAttribute('dir', 'auto');
    // Announced once, politely, apart from the lines that change as they are translated.
    expect(screen.getByRole('log', { name: 'New translations' })).toHaveTextContent('[es] What needs me today?');
  });

  it('keeps the speaking order when replies come out of order, with at most two segments in flight', async () => {
    const held = heldSegments();
    const { say, invoke } = await started({ handlers: { 'translate:segment': held.handler } });
    say(0, 2_000);
    say(4_000, 6_000);
    say(8_000, 10_000);

    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2']));
    expect(lineTexts()).toEqual(['00:00Translating…', '00:04Translating…', '00:08Translating…']);

    held.answer('u2', 'Second');
    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2', 'u3']));
    expect(lineTexts()).toEqual(['00:00Translating…', '00:04Second[es] Second', '00:08Translating…']);

    held.answer('u3', 'Third');
    held.answer('u1', 'First');
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:00First[es] First', '00:04Second[es] Second', '00:08Third[es] Third']));
    expect(callsTo(invoke, 'translate:segment')).toHaveLength(3);
  });

  it('drops the line of a segment in which nothing was said', async () => {
    const { say, invoke } = await started({ transcript: '' });
    say(1_000, 2_000);
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:segment')).toHaveLength(1));
    await vi.waitFor(() => expect(captionLines()).toEqual([]));
    expect(screen.queryByText('Not translated.')).not.toBeInTheDocument();
  });

  it("waits out Gemini's limit, showing the wait, then translates the line: nothing is dropped", async () => {
    let refused = false;
    const { say, invoke } = await started({
      handlers: {
        'translate:segment': () => {
          if (refused) return ok({ transcript: 'Hello', translation: '[es] Hello' });
          refused = true;
          return err('RATE_LIMITED', 'Slow down.', { reason: 'rate_limit', retryAfterMs: 1_000 });
        },
      },
    });
    say(0, 1_500);

    expect(await screen.findByText("Waiting 1 second for Gemini's limit; the captions follow in order.")).toBeVisible();
    expect(lineTexts()).toEqual(['00:00Translating…']);
    expect(screen.queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:00Hello[es] Hello']), { timeout: 5_000 });
    expect(callsTo(invoke, 'translate:segment')).toHaveLength(2);
    expect(screen.queryByText(/Waiting/)).not.toBeInTheDocument();
  });

  it('says "Not translated" when a segment fails, and Retry translates it in its place', async () => {
    const held = heldSegments();
    const { user, say } = await started({ handlers: { 'translate:segment': held.handler } });
    say(0, 2_000);
    say(3_000, 5_000);
    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2']));
    held.fail('u1', { code: 'UPSTREAM', message: 'Overloaded.', reason: 'overloaded' });
    held.answer('u2', 'After');

    await vi.waitFor(() => expect(lineTexts()[0]).toBe('00:00Not translated. Gemini is overloaded right now. Try again in a few moments.Try again'));
    await user.click(button('Try again'));
    expect(screen.getByRole('region', { name: 'Captions' })).toHaveFocus();
    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2', 'u1']));
    held.answer('u1', 'Before');
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:00Before[es] Before', '00:03After[es] After']));
  });

  it('issue 28: offers Copy diagnostics once, near the status, while lines failed in a part', async () => {
    const held = heldSegments();
    const { user, say, invoke } = await started({ handlers: { 'translate:segment': held.handler } });
    say(0, 2_000);
    say(3_000, 5_000);
    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2']));
    held.fail('u1', { code: 'UPSTREAM', message: 'Overloaded.', reason: 'overloaded' });
    held.fail('u2', { code: 'INTERNAL', message: 'Bug.' });
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2));

    expect(screen.getAllByRole('button', { name: 'Copy diagnostics' })).toHaveLength(1);
    await user.click(button('Copy diagnostics'));
    expect(invoke).toHaveBeenCalledWith('diagnostics:copy', {});
    expect(await screen.findByText('Diagnostics copied to the clipboard.')).toBeVisible();
  });

  it('issue 28: offers no diagnostics for a line whose request was cancelled', async () => {
    const held = heldSegments();
    const { say } = await started({ handlers: { 'translate:segment': held.handler } });
    say(0, 2_000);
    await vi.waitFor(() => expect(held.asked).toEqual(['u1']));
    held.fail('u1', { code: 'UPSTREAM', message: 'Cancelled.', reason: 'cancelled' });
    await vi.waitFor(() => expect(lineTexts()[0]).toMatch(/^00:00Not translated\./));
    expect(screen.queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();
  });

  it('joins short utterances waiting their turn into one request', async () => {
    const held = heldSegments();
    const { say, kit } = await started({ handlers: { 'translate:segment': held.handler } });
    say(0, 2_000);
    say(2_500, 4_500);
    say(5_000, 5_300);
    say(5_600, 5_900);
    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2']));

    held.answer('u1', 'One');
    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2', 'u3+u4']));
    expect(kit.join).toHaveBeenCalledWith([expect.objectContaining({ id: 'u3' }), expect.objectContaining({ id: 'u4' })]);
    held.answer('u3+u4', 'Yes. Okay.');
    held.answer('u2', 'Two');
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:00One[es] One', '00:02Two[es] Two', '00:05Yes. Okay.[es] Yes. Okay.']));
  });

  it("says when the seeds' fixed segments are in use, and captions them in order", async () => {
    const held = heldSegments();
    const { say } = await started({ mode: 'fixed', handlers: { 'translate:segment': held.handler } });
    expect(screen.getByText('Fixed 7-second segments (voice detection unavailable)')).toBeVisible();
    say(0, 7_000);
    say(7_000, 14_000);
    say(14_000, 21_000);
    held.answer('u1', 'One');
    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2', 'u3']));
  });

  it('pauses and resumes listening', async () => {
    const { user, segmenter } = await started();
    await user.click(button('Pause'));
    expect(segmenter.pause).toHaveBeenCalled();
    expect(screen.getByText('Paused: nothing is heard until you resume.')).toBeVisible();
    await user.click(button('Resume'));
    expect(segmenter.resume).toHaveBeenCalled();
    expect(screen.getByText('Listening.')).toBeVisible();
  });

  it('Stop releases the input, lets the last line finish translating, keeps the lines until cleared', async () => {
    const held = heldSegments();
    const { user, say, segmenter, invoke } = await started({ handlers: { 'translate:segment': held.handler } });
    say(0, 2_000);
    await vi.waitFor(() => expect(held.asked).toEqual(['u1']));

    await user.click(button('Stop'));
    expect(segmenter.stop).toHaveBeenCalledOnce();
    expect(screen.getByText('Stopped. The captions stay here until you clear them or start again.')).toBeVisible();
    expect(callsTo(invoke, 'translate:cancelSegment')).toEqual([]);
    held.answer('u1', 'Last words');
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:00Last words[es] Last words']));

    expect(button('Start captions')).toHaveAccessibleDescription('Starting again clears these captions: export or copy them first to keep them.');
    await user.click(button('Clear captions'));
    expect(captionLines()).toEqual([]);
    expect(button('Start captions')).toHaveFocus();
  });

  it('goes on while another pane is shown, and shows the lines heard meanwhile on return', async () => {
    const main = mainFor('pauses');
    const fake = fakeCapture('pauses');
    const user = userEvent.setup();
    renderWithApp(<PaneSwitch><LiveCaptions /></PaneSwitch>, { api: main.api, capture: fake.kit });
    await user.click(button('Start captions'));
    await screen.findByText(MODE_TEXT.pauses);
    await user.click(button('Switch pane'));
    fake.say(0, 1_000);
    await vi.waitFor(() => expect(callsTo(main.invoke, 'translate:segment')).toHaveLength(1));
    expect(fake.segmenter.stop).not.toHaveBeenCalled();
    await user.click(button('Switch pane'));
    await vi.waitFor(() => expect(lineTexts()).toHaveLength(1));
    expect(screen.getByText('Listening.')).toBeInTheDocument();
  });

  it("shows the running session's languages and input on return from another pane", async () => {
    const main = mainFor('pauses', { handlers: { 'app:info': () => ok({ ...FAKE_APP_INFO, platform: 'win32' }) } });
    const fake = fakeCapture('pauses');
    const user = userEvent.setup();
    renderWithApp(<PaneSwitch><LiveCaptions /></PaneSwitch>, { api: main.api, capture: fake.kit });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language spoken' }), 'fr');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Captions in' }), 'es');
    const computer = await screen.findByRole('option', { name: 'Computer audio (what others in the meeting say)' });
    await user.selectOptions(screen.getByRole('combobox', { name: "Others: the meeting's sound" }), computer);
    await user.selectOptions(screen.getByRole('combobox', { name: 'You: microphone' }), 'Not captioned');
    await user.click(button('Start captions'));
    await screen.findByText('Listening.');
    await user.click(button('Switch pane'));
    await user.click(button('Switch pane'));

    expect(screen.getByRole('combobox', { name: 'Language spoken' })).toHaveValue('fr');
    expect(screen.getByRole('combobox', { name: 'Captions in' })).toHaveValue('es');
    expect(await screen.findByRole('option', { name: 'Computer audio (what others in the meeting say)', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'You: microphone' })).toHaveValue('none');
    await user.click(button('Stop'));
    // Stopped, they stay chosen for the next Start.
    expect(screen.getByRole('combobox', { name: 'Captions in' })).toHaveValue('es');
  });

  it('signing out releases the input and cancels what main is still translating', async () => {
    const held = heldSegments();
    const { say, segmenter, invoke, emit } = await started({ handlers: { 'translate:segment': held.handler } });
    say(0, 2_000);
    await vi.waitFor(() => expect(held.asked).toEqual(['u1']));
    const [{ requestId }] = callsTo(invoke, 'translate:segment') as [{ requestId: string }];

    act(() => emit('auth:changed', { state: 'signed_out' }));
    await vi.waitFor(() => expect(segmenter.stop).toHaveBeenCalledOnce());
    expect(invoke).toHaveBeenCalledWith('translate:cancelSegment', { requestId });
  });

  it('keeps a session started before main has said who is signed in', async () => {
    let answer: (status: Result<AuthStatus>) => void = () => {};
    const held = new Promise<Result<AuthStatus>>((resolve) => (answer = resolve));
    const { user, segmenter } = setup({ handlers: { 'auth:status': () => held } });
    await user.click(button('Start captions'));
    await screen.findByText('Listening.');

    // The answer, and every render it causes, settle before the next macrotask.
    await act(async () => {
      answer(ok({ state: 'signed_in', email: 'ana@example.com', expiresAt: Date.now() + 3_600_000 }));
      await new Promise((settled) => setTimeout(settled, 0));
    });
    expect(screen.getByText('Listening.')).toBeInTheDocument();
    expect(segmenter.stop).not.toHaveBeenCalled();
  });

  it('says so when the input goes away, and keeps the lines', async () => {
    const { say, end } = await started();
    say(0, 1_000);
    await vi.waitFor(() => expect(lineTexts()).toHaveLength(1));
    end('device_lost');
    expect(screen.getByRole('alert')).toHaveTextContent('The audio input was disconnected, so captions stopped. The lines so far are kept.');
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:00What needs me today?[es] What needs me today?']));
    // The member's device, with its own advice: nothing for support to read.
    expect(screen.queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();
  });

  it('issue 28: offers Copy diagnostics when listening stopped on an error of its own', async () => {
    const { user, end, invoke } = await started();
    end('error');
    expect(screen.getByRole('alert')).toHaveTextContent('Listening stopped because of an error. The lines so far are kept.');
    await user.click(await screen.findByRole('button', { name: 'Copy diagnostics' }));
    expect(invoke).toHaveBeenCalledWith('diagnostics:copy', {});
  });

  it('explains why the microphone could not be opened, for the platform', async () => {
    const { user } = setup({ refusal: 'denied' });
    await user.click(button('Start captions'));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Staff Desk is not allowed to use the microphone. In your Sound settings (PipeWire or PulseAudio)',
      ),
    );
    expect(button('Start captions')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();
  });

  it('shows a "Jump to live" button once the member scrolls up, and follows the live end again with it', async () => {
    const { user, say } = await started();
    say(0, 1_000);
    await vi.waitFor(() => expect(lineTexts()).toHaveLength(1));
    const region = screen.getByRole('region', { name: 'Captions' });
    expect(screen.queryByRole('button', { name: 'Jump to live' })).not.toBeInTheDocument();

    Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1_000 });
    Object.defineProperty(region, 'clientHeight', { configurable: true, value: 200 });
    region.scrollTop = 300;
    fireEvent.scroll(region);
    await user.click(await screen.findByRole('button', { name: 'Jump to live' }));

    expect(region.scrollTop).toBe(1_000);
    expect(region).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Jump to live' })).not.toBeInTheDocument();
  });
});

describe('UQ3: speech captioned into the language it is spoken in', () => {
  it('UQ3: English captioned into English: each line shown once, only transcribed, never streamed to Live translation', async () => {
    const { user, say, invoke, streams } = setup({
      mode: 'streaming',
      // As main answers a segment whose source is its target: the words, untranslated.
      handlers: { 'translate:segment': () => ok({ transcript: 'What needs me today?', translation: 'What needs me today?' }) },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language spoken' }), 'en');
    expect(screen.getByRole('combobox', { name: 'Language spoken' })).toHaveValue('en');
    expect(screen.getByRole('combobox', { name: 'Captions in' })).toHaveValue('en');
    expect(screen.getByText('Same language: the words are shown as they are said, with nothing translated.')).toBeVisible();

    await user.click(button('Start captions'));
    await screen.findByText('Listening.');
    expect(await screen.findByText(/^Cut at pauses$/)).toBeVisible();
    expect(streams('translate:live')).toEqual([]);
    say(2_000, 3_500);
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:02What needs me today?']));
    expect(callsTo(invoke, 'translate:segment')).toEqual([{ audio: clipOf('u1'), to: 'en', from: 'en', requestId: expect.any(String) }]);
  });

  it('UQ3: a detected line whose translation only repeats its words is shown once when final', async () => {
    const { user, streams } = setup({ mode: 'streaming' });
    await user.click(button('Start captions'));
    await screen.findByText('Listening.');
    const [stream] = streams('translate:live');
    const final = { id: 'l1', source: 'you' as const, startMs: 0, endMs: 1_500, transcript: 'the report is ready', translation: 'The report is ready.', final: true };
    act(() => stream!.progress('translate:liveLine', final));
    expect(lineTexts()).toEqual(['00:00The report is ready.']);
  });
});

describe('issue 25: captions streamed over Live translation', () => {
  const frame = (atMs: number): SpeechCaptureEvent => ({ kind: 'frame', atMs, pcm: new Uint8Array(640).fill(atMs % 251), level: 0.4 });
  const line = (id: string, startMs: number, transcript: string, translation: string, final = false, source: 'you' | 'others' = 'you') => ({
    id,
    source,
    startMs,
    endMs: startMs + 1_500,
    transcript,
    translation,
    final,
  });

  it('LC1: shows the words while they are spoken, and a final line never changes again', async () => {
    const { hear, streams, invoke, user, segmenter } = await started({ mode: 'streaming' });
    const [stream] = streams('translate:live');
    expect(stream!.input).toEqual({ source: 'you', to: 'es', speak: true });

    // Only what the capture hands out goes: speech, with its pre-roll, timed on the session's clock. What it hands
    // out at once (heard while the voice detection loaded) goes joined; a frame heard live goes alone.
    hear(0, { kind: 'start', atMs: 200 }, frame(200), frame(220));
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:liveFrame')).toHaveLength(1));
    hear(0, frame(240));
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:liveFrame')).toHaveLength(2));
    const joined = new Uint8Array(1_280);
    joined.fill(200, 0, 640).fill(220, 640);
    expect(callsTo(invoke, 'translate:liveFrame')).toEqual([
      { requestId: stream!.requestId, seq: 0, atMs: 200, pcm: joined },
      { requestId: stream!.requestId, seq: 1, atMs: 240, pcm: new Uint8Array(640).fill(240) },
    ]);

    act(() => stream!.progress('translate:liveLine', line('l1', 200, 'The quarterly', 'El informe')));
    expect(lineTexts()).toEqual(['00:00The quarterlyEl informe']);
    expect(captionLines()[0]).toHaveAttribute('aria-busy', 'true');

    hear(0, { kind: 'end', atMs: 2_900, reason: 'pause' });
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:livePause')).toEqual([{ requestId: stream!.requestId, atMs: 2_900 }]));
    act(() => stream!.progress('translate:liveLine', line('l1', 200, 'The quarterly report is ready.', 'El informe trimestral está listo.', true)));
    act(() => stream!.progress('translate:liveLine', line('l1', 200, 'Something else', 'Otra cosa')));
    expect(lineTexts()).toEqual(['00:00The quarterly report is ready.El informe trimestral está listo.']);
    expect(captionLines()[0]).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('log', { name: 'New translations' })).toHaveTextContent('El informe trimestral está listo.');

    act(() => stream!.progress('translate:liveState', { state: 'reconnecting', attempt: 2, streamedMs: 65_000 }));
    expect(screen.getByText('Streaming: words appear as they are spoken · trying to connect again (attempt 2)… · 01:05 streamed')).toBeVisible();

    await user.click(button('Stop'));
    expect(segmenter.stop).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:liveEnd')).toEqual([{ requestId: stream!.requestId }]));
    expect(button('Export SRT')).toBeEnabled();
  });

  it('LC3: captions both sides of a meeting, each line labelled, in one timeline, and the SRT keeps the labels', async () => {
    const { user, kit, streams, invoke } = setup({ mode: 'streaming', handlers: { 'app:info': () => ok({ ...FAKE_APP_INFO, platform: 'win32' }) } });
    const others = screen.getByRole('combobox', { name: "Others: the meeting's sound" });
    await user.selectOptions(others, await screen.findByRole('option', { name: 'Computer audio (what others in the meeting say)' }));
    await user.click(button('Start captions'));
    // Both sides stream: said once.
    expect(await screen.findAllByText(MODE_TEXT.streaming)).toHaveLength(1);
    expect(kit.start).toHaveBeenCalledTimes(2);
    const [you, them] = streams('translate:live');
    // The others are heard aloud; the member's own words are not read back to them.
    expect([you!.input, them!.input]).toEqual([
      { source: 'you', to: 'en', speak: false },
      { source: 'others', to: 'en', speak: true },
    ]);

    // Each stream names its lines on its own: the same id from both sides is two lines.
    act(() => them!.progress('translate:liveLine', line('1', 3_000, 'Bonjour à tous', 'Hello everyone', true, 'others')));
    act(() => you!.progress('translate:liveLine', line('1', 1_000, 'Can you hear me?', 'Can you hear me?', true)));
    // Said in the language it is captioned into: once (UQ3).
    act(() => them!.progress('translate:liveLine', line('2', 5_000, 'Oui', 'Yes', false, 'others')));
    expect(lineTexts()).toEqual(['00:01YouCan you hear me?', '00:03OthersBonjour à tousHello everyone', '00:05OthersOuiYes']);

    // One side falls back: each side says how it runs.
    act(() => you!.finish(UNAVAILABLE));
    expect(await screen.findByText('You: Cut at pauses: Live translation is not available')).toBeVisible();
    expect(screen.getByText('Others: Streaming: words appear as they are spoken')).toBeVisible();

    await user.click(button('Export SRT'));
    const [saved] = callsTo(invoke, 'translate:saveTranscript') as { content: string }[];
    expect(parseSrt(saved!.content).map((cue) => cue.lines)).toEqual([
      ['You: Can you hear me?'],
      ['Others: Bonjour à tous', 'Hello everyone'],
    ]);
  });

  it('LC5: when Live translation becomes unavailable, the pause-cut path captions what no final line holds, from where they end', async () => {
    const { hear, streams, cut, segmenter, kit } = await started({ mode: 'streaming' });
    const [stream] = streams('translate:live');
    hear(0, { kind: 'start', atMs: 0 }, frame(0), frame(20), { kind: 'end', atMs: 1_000, reason: 'pause' });
    hear(0, { kind: 'start', atMs: 2_000 }, frame(2_000), frame(2_020));
    act(() => stream!.progress('translate:liveLine', { ...line('l1', 0, 'First line', 'Primera línea', true), endMs: 1_000 }));
    act(() => stream!.progress('translate:liveLine', line('l2', 2_000, 'Half a', 'Media')));

    act(() => stream!.finish(UNAVAILABLE));
    expect(await screen.findByText(MODE_TEXT.pauses)).toBeVisible();
    // The unfinished line goes: its speech is captioned again, whole, by the pause-cut path; the final one stays.
    expect(lineTexts()).toEqual(['00:00First linePrimera línea']);
    expect(segmenter.setCaps).toHaveBeenCalledWith(kit.pauseCaps);
    expect(cut).toEqual([[{ kind: 'start', atMs: 2_000 }, frame(2_000), frame(2_020)]]);
    // What the capture hears next goes there too.
    hear(0, frame(2_040));
    expect(cut[0]).toHaveLength(4);
  });

  it('without voice detection nothing streams: the stream is let go and fixed segments caption', async () => {
    const { streams, invoke } = await started({ mode: 'fixed' });
    const [stream] = streams('translate:live');
    await vi.waitFor(() => expect(callsTo(invoke, 'translate:liveCancel')).toEqual([{ requestId: stream!.requestId }]));
  });
});

describe('T2: the input', () => {
  afterEach(unplugMicrophones);

  it("offers Linux's monitor inputs as the others' side of the meeting, apart from the microphones", async () => {
    plugMicrophones([
      { deviceId: 'default', label: 'Default' },
      { deviceId: 'mic', label: 'USB Headset Microphone' },
      { deviceId: 'monitor', label: 'Monitor of Built-in Audio Analog Stereo' },
    ]);
    const { user, kit } = setup();
    const others = screen.getByRole('combobox', { name: "Others: the meeting's sound" });
    await vi.waitFor(() =>
      expect(within(others).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Not captioned',
        'Computer audio: Monitor of Built-in Audio Analog Stereo',
      ]),
    );
    const you = screen.getByRole('combobox', { name: 'You: microphone' });
    expect(within(you).getAllByRole('option').map((option) => option.textContent)).toEqual(['Not captioned', 'Default microphone', 'USB Headset Microphone']);

    await user.selectOptions(others, 'Computer audio: Monitor of Built-in Audio Analog Stereo');
    await user.selectOptions(you, 'Not captioned');
    await user.click(button('Start captions'));
    expect(kit.start).toHaveBeenCalledOnce();
    expect(kit.start).toHaveBeenCalledWith(expect.objectContaining({ input: { kind: 'microphone', deviceId: 'monitor' } }));
  });

  it('tells a Linux member without a monitor input how to get one', async () => {
    plugMicrophones([{ deviceId: 'mic', label: 'USB Headset Microphone' }]);
    setup();
    expect(await screen.findByText(/No computer audio is listed\. On Linux it is an input named “Monitor of …”/)).toBeVisible();
    const others = screen.getByRole('combobox', { name: "Others: the meeting's sound" });
    expect(within(others).getAllByRole('option').map((option) => option.textContent)).toEqual(['Not captioned']);
  });

  it('asks for one side or both before it starts', async () => {
    const { user, kit } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'You: microphone' }), 'Not captioned');
    expect(button('Start captions')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Start captions')).toHaveAccessibleDescription("Choose a microphone, the meeting's sound on this computer, or both.");
    await user.click(button('Start captions'));
    expect(kit.start).not.toHaveBeenCalled();
  });

  it("offers the computer's audio on Windows, and explains when it could not be captured", async () => {
    const { user, kit } = setup({
      refusal: 'system_audio_unavailable',
      handlers: { 'app:info': () => ok({ ...FAKE_APP_INFO, platform: 'win32' }) },
    });
    const others = screen.getByRole('combobox', { name: "Others: the meeting's sound" });
    await user.selectOptions(others, await screen.findByRole('option', { name: 'Computer audio (what others in the meeting say)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'You: microphone' }), 'Not captioned');
    await user.click(button('Start captions'));

    expect(kit.start).toHaveBeenCalledWith(expect.objectContaining({ input: { kind: 'system' } }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "The computer's audio could not be captured. Check that a sound output (speakers or headset) is connected and on, then try again.",
      ),
    );
  });
});

describe('T2: keeping the transcript', () => {
  async function twoLines() {
    const held = heldSegments();
    const context = await started({ handlers: { 'translate:segment': held.handler } });
    context.say(1_000, 3_000);
    context.say(65_000, 66_500);
    await vi.waitFor(() => expect(held.asked).toEqual(['u1', 'u2']));
    held.answer('u1', 'Good morning');
    held.answer('u2', 'Shall we start?');
    await vi.waitFor(() => expect(lineTexts()).toHaveLength(2));
    await vi.waitFor(() => expect(lineTexts()[1]).toContain('[es] Shall we start?'));
    return context;
  }

  it('exports SubRip with both languages and the times from the start, under a dated name', async () => {
    const { user, invoke } = await twoLines();
    await user.click(button('Export SRT'));

    const [saved] = callsTo(invoke, 'translate:saveTranscript') as { format: string; content: string; fileName: string }[];
    expect(saved?.format).toBe('srt');
    expect(saved?.fileName).toMatch(/^Captions \d{4}-\d{2}-\d{2} \d{2}\.\d{2}$/);
    expect(parseSrt(saved!.content)).toEqual([
      { index: 1, startMs: 1_000, endMs: 3_000, lines: ['Good morning', '[es] Good morning'] },
      { index: 2, startMs: 65_000, endMs: 66_500, lines: ['Shall we start?', '[es] Shall we start?'] },
    ]);
    expect(await screen.findByText('Transcript saved.')).toBeVisible();
  });

  it('exports plain text and copies it all', async () => {
    const { user, invoke } = await twoLines();
    const text = '[00:01] Good morning\n→ [es] Good morning\n\n[01:05] Shall we start?\n→ [es] Shall we start?\n';
    await user.click(button('Export TXT'));
    expect(callsTo(invoke, 'translate:saveTranscript')).toEqual([{ format: 'txt', content: text, fileName: expect.any(String) }]);

    await user.click(button('Copy all'));
    expect(invoke).toHaveBeenCalledWith('app:copyText', { text });
    expect(await screen.findByText('Captions copied to the clipboard.')).toBeVisible();
  });

  it('offers nothing to keep before a line is translated', () => {
    setup();
    for (const name of ['Export TXT', 'Export SRT', 'Copy all']) expect(button(name)).toBeDisabled();
  });
});

describe('T2: spoken translations', () => {
  /** An audio output whose clips end when the test says. */
  function fakeAudio() {
    const sources: { onended: (() => void) | null }[] = [];
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      decodeAudioData = async () => ({ duration: 1 });
      createBufferSource() {
        const source = { buffer: null, onended: null, connect: () => {}, start: () => {}, stop: () => {} };
        sources.push(source);
        return source;
      }
      close = async () => {};
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    return { ended: (index: number) => act(() => sources[index]!.onended?.()), sources };
  }

  it('reads each new translation aloud in order, skipping lines when speech falls behind', async () => {
    const audio = fakeAudio();
    const { user, say, invoke } = await started({
      handlers: { 'translate:segment': (input) => ok({ transcript: `Line ${idOf(input)}`, translation: `[es] Line ${idOf(input)}` }) },
    });
    const spoken = () => (callsTo(invoke, 'voice:tts') as { text: string }[]).map(({ text }) => text);
    const heard = async (from: number) => {
      const id = say(from, from + 1_000);
      await vi.waitFor(() => expect(screen.getByText(`Line ${id}`)).toBeInTheDocument());
    };
    // Already on screen when speech is turned on: not read.
    await heard(0);
    await user.click(screen.getByRole('checkbox', { name: 'Read the translations aloud' }));

    await heard(2_000);
    await heard(4_000);
    await vi.waitFor(() => expect(spoken()).toEqual(['[es] Line u2', '[es] Line u3']));
    await vi.waitFor(() => expect(audio.sources).toHaveLength(2));
    // Two lines queued: the next waits, and one newer still takes its place.
    await heard(6_000);
    await heard(8_000);
    audio.ended(0);
    await vi.waitFor(() => expect(spoken()).toEqual(['[es] Line u2', '[es] Line u3', '[es] Line u5']));
  });

  it('turns itself off and says why when the speech cannot be made', async () => {
    fakeAudio();
    const { user, say } = await started({
      handlers: { 'voice:tts': () => err('NOT_CONFIGURED', 'No Gemini API key is saved.', { reason: 'missing_key' }) },
    });
    const toggle = screen.getByRole('checkbox', { name: 'Read the translations aloud' });
    await user.click(toggle);
    say(0, 1_000);
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Reading aloud stopped: No Gemini API key is saved on this computer. Add your key in Settings.',
      ),
    );
    expect(toggle).not.toBeChecked();
  });
});


describe('T2: in the Translate pane', () => {
  it('switches between the text and live captions, which go on while the text is shown', async () => {
    const main = mainFor('pauses');
    const fake = fakeCapture('pauses');
    const user = userEvent.setup();
    renderWithApp(<TranslatePane openPane={vi.fn()} />, { api: main.api, capture: fake.kit });
    const views = screen.getByRole('group', { name: 'Ways to translate' });
    expect(within(views).getByRole('button', { name: 'Text' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('heading', { name: 'Live captions' })).not.toBeInTheDocument();

    await user.click(within(views).getByRole('button', { name: 'Live captions' }));
    expect(screen.getByRole('heading', { name: 'Live captions' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Text to translate' })).not.toBeInTheDocument();
    await user.click(button('Start captions'));
    await screen.findByText(MODE_TEXT.pauses);

    await user.click(within(views).getByRole('button', { name: 'Text' }));
    expect(screen.getByRole('textbox', { name: 'Text to translate' })).toBeVisible();
    fake.say(0, 1_000);
    await user.click(within(views).getByRole('button', { name: 'Live captions' }));
    await vi.waitFor(() => expect(lineTexts()).toEqual(['00:00What needs me today?[en] What needs me today?']));
    expect(fake.segmenter.stop).not.toHaveBeenCalled();
  });

  it('reopens on the captions while they run, after a visit to another pane', async () => {
    const main = mainFor('pauses');
    const fake = fakeCapture('pauses');
    const user = userEvent.setup();
    renderWithApp(<PaneSwitch><TranslatePane openPane={vi.fn()} /></PaneSwitch>, { api: main.api, capture: fake.kit });
    await user.click(within(screen.getByRole('group', { name: 'Ways to translate' })).getByRole('button', { name: 'Live captions' }));
    await user.click(button('Start captions'));
    await screen.findByText('Listening.');
    await user.click(button('Switch pane'));
    await user.click(button('Switch pane'));
    expect(within(screen.getByRole('group', { name: 'Ways to translate' })).getByRole('button', { name: 'Live captions' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Live captions' })).toBeVisible();
  });

  it('reopens on stopped captions still kept, where their notes are saved, and on the text once they are cleared', async () => {
    const main = mainFor('pauses');
    const fake = fakeCapture('pauses');
    const user = userEvent.setup();
    renderWithApp(<PaneSwitch><TranslatePane openPane={vi.fn()} /></PaneSwitch>, { api: main.api, capture: fake.kit });
    const views = () => screen.getByRole('group', { name: 'Ways to translate' });
    await user.click(within(views()).getByRole('button', { name: 'Live captions' }));
    await user.click(button('Start captions'));
    await screen.findByText('Listening.');
    fake.say(0, 1_000);
    await vi.waitFor(() => expect(lineTexts()).toHaveLength(1));
    await user.click(button('Stop'));

    await user.click(button('Switch pane'));
    await user.click(button('Switch pane'));
    expect(within(views()).getByRole('button', { name: 'Live captions' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('button', { name: 'Save meeting notes' })).toBeVisible();

    await user.click(button('Clear captions'));
    await user.click(button('Switch pane'));
    await user.click(button('Switch pane'));
    expect(within(views()).getByRole('button', { name: 'Text' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('issue 28: what Settings and the organization say captions start with', () => {
  it('starts from the defaults in Settings, which the member may still change for this meeting', async () => {
    fakeAudioContext();
    const { user, streams } = setup({ mode: 'streaming', settings: { captions: { from: 'fr', to: 'es', speak: true } } });
    const to = screen.getByRole('combobox', { name: 'Captions in' });
    await vi.waitFor(() => expect(to).toHaveValue('es'));
    expect(screen.getByRole('combobox', { name: 'Language spoken' })).toHaveValue('fr');
    const speak = screen.getByRole('checkbox', { name: 'Read the translations aloud' });
    expect(speak).toBeChecked();

    await user.selectOptions(to, 'de');
    await user.click(speak);
    expect(speak).not.toBeChecked();
    await user.click(button('Start captions'));
    const [stream] = streams('translate:live');
    // Speech is asked for all the same while the policy allows it: the member may turn it on mid-meeting.
    expect(stream!.input).toEqual({ source: 'you', from: 'fr', to: 'de', speak: true });
  });

  it('with spoken answers off, locks reading aloud off and asks main for no speech', async () => {
    const { user, streams } = setup({
      mode: 'streaming',
      policy: { features: { spokenAnswers: false, liveModes: false } },
      settings: { captions: { from: null, to: 'es', speak: true } },
    });
    const speak = screen.getByRole('checkbox', { name: 'Read the translations aloud' });
    await vi.waitFor(() => expect(speak).toBeDisabled());
    expect(speak).not.toBeChecked();
    expect(speak).toHaveAccessibleDescription('Reading aloud is turned off by your organization.');
    expect(screen.getByText('Live mode is turned off by your organization.')).toBeVisible();

    await user.click(button('Start captions'));
    const [stream] = streams('translate:live');
    expect(stream!.input).toEqual({ source: 'you', to: 'es', speak: false });
  });
});

/** Speech on from the start needs an audio output the page can make. */
function fakeAudioContext() {
  vi.stubGlobal(
    'AudioContext',
    class {
      state = 'running';
      currentTime = 0;
      destination = {};
      close = async () => {};
    },
  );
}
