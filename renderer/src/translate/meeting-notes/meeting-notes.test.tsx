import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEETING_NOTES } from '../../../../shared/limits';
import type { MeetingSaved } from '../../../../shared/meeting-notes';
import { err, ok, type Result } from '../../../../shared/result';
import { fakeCapture, mainFor } from '../../testing/caption-capture';
import { FAKE_APP_INFO, type FakeMainOptions } from '../../testing/fake-main';
import { polyfillModalDialog } from '../../testing/modal-dialog';
import { renderWithApp } from '../../testing/render-with-app';
import { LiveCaptions } from '../live/live-captions';

// Each test starts a captions session end to end with every provider of the app.
vi.setConfig({ testTimeout: 15_000 });

beforeAll(polyfillModalDialog);

afterEach(() => {
  vi.restoreAllMocks();
});

const button = (name: string) => screen.getByRole('button', { name });
const SAVE_NOTES = 'Save meeting notes';
const OFFER = 'Captions stopped. Save meeting notes to keep a summary the team can ask the Oracle about.';

interface MeetingOptions extends FakeMainOptions {
  /** Both sides of the meeting captioned (the member's microphone and the computer's audio). */
  twoSides?: boolean;
}

/** Captions streamed into Spanish, one side or both, on Windows (where the computer's audio is offered). */
async function meeting({ twoSides = false, ...options }: MeetingOptions = {}) {
  const main = mainFor('streaming', { ...options, handlers: { 'app:info': () => ok({ ...FAKE_APP_INFO, platform: 'win32' }), ...options.handlers } });
  const capture = fakeCapture('streaming');
  const user = userEvent.setup();
  renderWithApp(<LiveCaptions />, { api: main.api, capture: capture.kit });
  if (twoSides) {
    const computer = await screen.findByRole('option', { name: 'Computer audio (what others in the meeting say)' });
    await user.selectOptions(screen.getByRole('combobox', { name: "Others: the meeting's sound" }), computer);
  }
  await user.selectOptions(screen.getByRole('combobox', { name: 'Captions in' }), 'es');
  await user.click(button('Start captions'));
  await screen.findByText('Listening.');
  await screen.findAllByText(/Streaming: words appear as they are spoken/);
  const [you, others] = main.streams('translate:live');
  /** A line streamed by one side; final unless said otherwise. */
  function say(side: 'you' | 'others', id: string, startMs: number, transcript: string, translation: string, final = true) {
    const stream = side === 'you' ? you : others;
    act(() => stream!.progress('translate:liveLine', { id, source: side, startMs, endMs: startMs + 1_500, transcript, translation, final }));
  }
  const calls = (channel: string) => main.invoke.mock.calls.filter(([called]) => called === channel).map(([, input]) => input);
  return { ...main, user, say, calls };
}

/** Stop, then open the notes from the offer's button and wait for the draft. */
async function stopAndDraft(context: Awaited<ReturnType<typeof meeting>>) {
  await context.user.click(button('Stop'));
  await context.user.click(await screen.findByRole('button', { name: SAVE_NOTES }));
  return screen.findByRole('textbox', { name: 'Title' });
}

const dialog = () => screen.getByRole('dialog', { name: 'Meeting notes' });

describe('issue 27: meeting notes from the captions', () => {
  it('offers nothing while captions run, nor after a meeting with no final line', async () => {
    const { user, say } = await meeting();
    say('you', 'l1', 1_000, 'The report', 'El informe');
    say('you', 'l2', 3_000, 'Is it ready?', '¿Está listo?', false);
    expect(screen.queryByRole('button', { name: SAVE_NOTES })).not.toBeInTheDocument();

    await user.click(button('Stop'));
    expect(await screen.findByRole('button', { name: SAVE_NOTES })).toBeVisible();
    await user.click(button('Clear captions'));
    expect(screen.queryByRole('button', { name: SAVE_NOTES })).not.toBeInTheDocument();
  });

  it('a meeting with no speech offers no notes when it stops', async () => {
    const { user } = await meeting();
    await user.click(button('Stop'));
    await screen.findByText(/^Stopped\./);
    expect(screen.queryByRole('button', { name: SAVE_NOTES })).not.toBeInTheDocument();
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
  });

  it('asks for the notes with the final lines in speaking order, both sides labelled, in the UI language', async () => {
    const context = await meeting({ twoSides: true });
    context.say('others', 'o1', 3_000, 'Hola a todos', 'Hola a todos.');
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    context.say('others', 'o2', 6_000, 'Empezamos', 'Empezamos ya', false);
    await stopAndDraft(context);

    const [asked] = context.calls('meetings:draft') as { meeting: { startedAt: number; durationMs: number } }[];
    expect(asked).toEqual({
      requestId: expect.any(String),
      language: 'en',
      meeting: { startedAt: expect.any(Number), durationMs: expect.any(Number), languages: { from: null, to: 'es' }, mode: 'streaming' },
      lines: [
        { speaker: 'you', startMs: 1_000, original: 'Can you hear me?', translation: '¿Me oyes?' },
        // Only repeats the words heard: kept once.
        { speaker: 'others', startMs: 3_000, original: 'Hola a todos', translation: '' },
      ],
    });
    // Up to the end of the last final line at least.
    expect(asked!.meeting.durationMs).toBeGreaterThanOrEqual(4_500);
  });

  it('labels no speaker when only one side was captioned', async () => {
    const context = await meeting();
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await stopAndDraft(context);
    expect(context.calls('meetings:draft')).toEqual([
      expect.objectContaining({ lines: [{ speaker: null, startMs: 1_000, original: 'Can you hear me?', translation: '¿Me oyes?' }] }),
    ]);
  });

  it('is offered once when captions stop: a polite line beside the button, gone once the notes were opened', async () => {
    const context = await meeting();
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await context.user.click(button('Stop'));
    const offer = await screen.findByText(OFFER);
    expect(offer).toHaveAttribute('role', 'status');
    const save = button(SAVE_NOTES);

    await context.user.click(save);
    await screen.findByRole('textbox', { name: 'Title' });
    // Not edited: Discard closes at once, and nothing is stored.
    await context.user.click(within(dialog()).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(save).toHaveFocus();
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
    expect(save).toBeVisible();
    expect(context.calls('meetings:save')).toEqual([]);
  });

  it('Cancel while the notes are written cancels them in main, and stores nothing', async () => {
    const context = await meeting({
      handlers: { 'meetings:draft': (_input, { signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(err('UPSTREAM', 'Cancelled.', { reason: 'cancelled' })))) },
    });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await context.user.click(button('Stop'));
    await context.user.click(button(SAVE_NOTES));
    expect(await within(dialog()).findByText('Writing the notes…')).toBeVisible();

    await context.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [asked] = context.calls('meetings:draft') as { requestId: string }[];
    expect(context.calls('meetings:cancelDraft')).toEqual([{ requestId: asked!.requestId }]);
    expect(button(SAVE_NOTES)).toHaveFocus();
    expect(context.calls('meetings:save')).toEqual([]);
  });

  it('says why the notes could not be written, and Try again writes them', async () => {
    let refused = false;
    const context = await meeting({
      handlers: {
        'meetings:draft': () => {
          if (refused) return ok({ title: 'Weekly sync', text: '## Summary\n\nAll good.' });
          refused = true;
          return err('RATE_LIMITED', 'Slow down.', { retryAfterMs: 30_000 });
        },
      },
    });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await context.user.click(button('Stop'));
    await context.user.click(button(SAVE_NOTES));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Too many requests in a short time.');
    expect(within(dialog()).getByText('Try again in 30 seconds.')).toBeVisible();
    expect(within(dialog()).queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();

    await context.user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Weekly sync');
  });

  it('issue 28: offers Copy diagnostics when Gemini failed to write the notes', async () => {
    const context = await meeting({ handlers: { 'meetings:draft': () => err('UPSTREAM', 'Overloaded.', { reason: 'overloaded' }) } });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await context.user.click(button('Stop'));
    await context.user.click(button(SAVE_NOTES));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Gemini is overloaded right now. Try again in a few moments.');
    await context.user.click(within(dialog()).getByRole('button', { name: 'Copy diagnostics' }));
    expect(context.invoke).toHaveBeenCalledWith('diagnostics:copy', {});
    expect(await within(dialog()).findByText('Diagnostics copied to the clipboard.')).toBeVisible();
  });

  it('saves the edited title and text into the knowledge base, then opens the note', async () => {
    const context = await meeting({ handlers: { 'meetings:draft': () => ok({ title: 'Weekly sync', text: '## Summary\n\nAll good.' }) } });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    const title = await stopAndDraft(context);
    expect(title).toHaveFocus();
    expect(screen.getByText('Nothing of this meeting is saved until you choose Save to knowledge base.')).toBeVisible();

    await context.user.clear(title);
    await context.user.type(title, 'Release planning');
    const text = screen.getByRole('textbox', { name: 'Notes (Markdown)' });
    await context.user.type(text, '\n\nRelease on Friday.');
    await context.user.click(button('Save to knowledge base'));

    expect(await within(dialog()).findByText('Saved in the knowledge base as \u2068Meetings/meeting-notes.md\u2069. The Oracle can find it now.')).toBeVisible();
    const [draft] = context.calls('meetings:draft') as { meeting: unknown }[];
    expect(context.calls('meetings:save')).toEqual([
      { title: 'Release planning', text: '## Summary\n\nAll good.\n\nRelease on Friday.', meeting: draft!.meeting },
    ]);
    const open = button('Open note');
    expect(open).toHaveFocus();
    await context.user.click(open);
    expect(context.calls('oracle:openNote')).toEqual([{ path: 'Meetings/meeting-notes.md' }]);

    await context.user.click(button('Close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button(SAVE_NOTES)).toHaveFocus();
  });

  it('keeps the draft when saving fails, and says why', async () => {
    const context = await meeting({ handlers: { 'meetings:save': () => err('INTERNAL', 'Disk full.') } });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    const title = await stopAndDraft(context);
    await context.user.clear(title);
    await context.user.type(title, 'Release planning');
    await context.user.click(button('Save to knowledge base'));

    await vi.waitFor(() => expect(context.calls('meetings:save')).toHaveLength(1));
    expect(await within(dialog()).findByText(/something went wrong/i)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Release planning');
    expect(button('Save to knowledge base')).toBeEnabled();
  });

  it('holds the title to what a note may have, and Escape while saving leaves the notes to be saved', async () => {
    let saved: (result: Result<MeetingSaved>) => void = () => {};
    const context = await meeting({ handlers: { 'meetings:save': () => new Promise((resolve) => (saved = resolve)) } });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    const title = await stopAndDraft(context);
    await context.user.type(title, ` ${'x'.repeat(MEETING_NOTES.titleMaxChars)}`);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue(`Meeting notes ${'x'.repeat(MEETING_NOTES.titleMaxChars - 'Meeting notes '.length)}`);

    await context.user.click(button('Save to knowledge base'));
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('group', { name: /Discard these notes/ })).not.toBeInTheDocument();
    act(() => saved(ok({ path: 'Meetings/meeting-notes.md' })));
    expect(await within(dialog()).findByText(/^Saved in the knowledge base as/)).toBeVisible();
  });

  it('asks before an edited draft is discarded, by Discard or Escape, and then stores nothing', async () => {
    const context = await meeting();
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    const title = await stopAndDraft(context);
    await context.user.type(title, ' (draft)');

    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    const confirm = await screen.findByRole('group', { name: /Discard these notes and your changes\?/ });
    await context.user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Meeting notes (draft)');

    await context.user.click(within(dialog()).getByRole('button', { name: 'Discard' }));
    await context.user.click(within(screen.getByRole('group', { name: /Discard these notes/ })).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(context.calls('meetings:save')).toEqual([]);
  });
});

describe('MN4: the notes as a Zoho Mail draft', () => {
  it('creates a draft addressed to nobody unless addresses are typed, and says the app never sends it', async () => {
    const context = await meeting({ zohoMailbox: 'ana@example.com', zohoCanDraft: true });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await stopAndDraft(context);
    expect(await screen.findByText('Staff Desk never sends it. You review and send it in Zoho Mail.')).toBeVisible();

    await context.user.click(button('Create a draft in Zoho Mail'));
    expect(await screen.findByText('Draft saved in Zoho Mail.')).toBeVisible();
    expect(context.calls('meetings:mailDraft')).toEqual([{ subject: 'Meeting notes', text: 'Can you hear me?', to: [] }]);
    expect(context.calls('meetings:save')).toEqual([]);
  });

  it('names the address that is not one, and sends the others as typed', async () => {
    const context = await meeting({ zohoMailbox: 'ana@example.com', zohoCanDraft: true });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await stopAndDraft(context);
    const to = await screen.findByRole('textbox', { name: 'To (optional)' });
    await context.user.type(to, 'bo@example.com, team-at-example.com');
    await context.user.click(button('Create a draft in Zoho Mail'));
    expect(screen.getByText('“team-at-example.com” is not an email address.')).toBeVisible();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(context.calls('meetings:mailDraft')).toEqual([]);

    await context.user.clear(to);
    await context.user.type(to, 'bo@example.com,  cy@example.com');
    await context.user.click(button('Create a draft in Zoho Mail'));
    await screen.findByText('Draft saved in Zoho Mail.');
    expect(context.calls('meetings:mailDraft')).toEqual([expect.objectContaining({ to: ['bo@example.com', 'cy@example.com'] })]);
  });

  it('without the compose scope explains why, asks Zoho for it with compose, then creates the draft', async () => {
    const context = await meeting({ zohoMailbox: 'ana@example.com' });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await stopAndDraft(context);
    const consent = 'Zoho will ask you to let Staff Desk create messages in your mailbox. It only saves this draft; it never sends mail.';
    expect(await screen.findByText(consent)).toBeVisible();

    await context.user.click(button('Allow in Zoho'));
    const [flow] = context.streams('zoho:connect');
    expect(flow!.input).toEqual({ method: 'device', compose: true });
    act(() => flow!.progress('zoho:progress', { stage: 'code', userCode: 'QX7-42K', verificationUrl: 'https://accounts.zoho.com/device', expiresAt: new Date(Date.now() + 300_000).toISOString() }));
    expect(await screen.findByText('QX7-42K')).toBeVisible();
    expect(context.calls('meetings:mailDraft')).toEqual([]);

    act(() => flow!.finish({ email: 'ana@example.com', accountId: '1' }));
    expect(await screen.findByText('Draft saved in Zoho Mail.')).toBeVisible();
    expect(context.calls('meetings:mailDraft')).toEqual([{ subject: 'Meeting notes', text: 'Can you hear me?', to: [] }]);
    expect(screen.queryByText(consent)).not.toBeInTheDocument();
  });

  it('asks for the scope when Zoho answers that the grant lacks it', async () => {
    const context = await meeting({
      zohoMailbox: 'ana@example.com',
      zohoCanDraft: true,
      handlers: { 'meetings:mailDraft': () => err('NOT_CONFIGURED', 'No compose scope.', { reason: 'zoho_compose_scope' }) },
    });
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await stopAndDraft(context);
    await context.user.click(await screen.findByRole('button', { name: 'Create a draft in Zoho Mail' }));
    expect(await screen.findByRole('button', { name: 'Allow in Zoho' })).toBeVisible();
    expect(screen.getByText(/Zoho will ask you to let Staff Desk create messages/)).toBeVisible();
  });

  it('offers no mail draft without a connected mailbox', async () => {
    const context = await meeting();
    context.say('you', 'y1', 1_000, 'Can you hear me?', '¿Me oyes?');
    await stopAndDraft(context);
    await vi.waitFor(() => expect(context.calls('zoho:status')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Create a draft in Zoho Mail' })).not.toBeInTheDocument();
  });
});
