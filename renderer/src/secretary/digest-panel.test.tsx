import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { NOTICE } from '../../../shared/limits';
import type { Digest, DigestFailure } from '../../../shared/digest';
import { err, type AppError } from '../../../shared/result';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { DigestPanel } from './digest-panel';
import { MailboxGateContext } from './zoho-reconnect';

const HOUR_MS = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

function digestOf(fields: Partial<Digest> = {}): Digest {
  const at = hoursAgo(2);
  return {
    generated_at: at,
    resumen: '12 new messages since yesterday',
    ruido_count: 3,
    items: [
      {
        messageId: '1709876190693100009',
        folderId: '9000000000000000017',
        from: 'Hetzner Online <info@hetzner.com>',
        subject: 'Scheduled maintenance',
        why: 'Your server restarts on Tuesday night.',
        webUrl: 'https://mail.zoho.eu/zm/#mail/folder/9000000000000000017/p/1709876190693100009',
      },
      {
        messageId: '1709876190693100011',
        folderId: '9000000000000000017',
        from: 'marta@gil.es',
        subject: '',
        why: 'She waits for the signed quote.',
        webUrl: 'javascript:alert(1)',
      },
      {
        messageId: '1709876190693100013',
        folderId: '9000000000000000017',
        from: '"Registro de Dominios" <dominios@registro.es>',
        subject: 'Solicitud de transferencia del dominio crearack.com',
        why: 'Approve or refuse the transfer before Friday.',
        webUrl: 'https://mail.zoho.eu/zm/#mail/folder/9000000000000000017/p/1709876190693100013',
      },
    ],
    created_at: at,
    ...fields,
  };
}

const DIGEST = digestOf();
const LATER = digestOf({ generated_at: hoursAgo(0), created_at: hoursAgo(0), resumen: '2 new messages', ruido_count: 1, items: [] });
const OVERLOADED: AppError = { code: 'UPSTREAM', message: 'x', reason: 'overloaded' };
const REVOKED: AppError = { code: 'NOT_CONFIGURED', message: 'x', reason: 'zoho_reconnect_needed' };
const REVOKED_TEXT = "Zoho no longer accepts Staff Desk's access to your mailbox (it was revoked or has lapsed). Connect it again in Settings.";

function setup(options: FakeMainOptions = {}, systemLang: 'en' | 'es' | 'ar' = 'en') {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  const openPane = vi.fn();
  const view = renderWithApp(
    <MailboxGateContext value={{ openPane, saysReconnect: false }}>
      <DigestPanel />
    </MailboxGateContext>,
    { api: main.api, systemLang },
  );
  return { ...main, user, openPane, container: view.container };
}

const panel = () => screen.getByRole('region', { name: 'Latest mailbox pass' });
const runButton = () => screen.getByRole('button', { name: 'Run pass now' });
const itemList = () => within(panel()).getByRole('list', { name: 'What needs you' });

describe('S7 the latest pass, on top of the conversation', () => {
  it('says when it ran and the noise it set aside on a quiet line of its own, then the summary, then what needs the member', async () => {
    setup({ digest: DIGEST });
    const meta = await screen.findByText(/^Last pass/);
    expect(meta).toHaveTextContent('Last pass 2 hours ago · 3 messages filtered as noise');
    // The full date is there for whoever hovers the short one.
    expect(within(meta).getByText('2 hours ago').closest('time')).toHaveAttribute('datetime', DIGEST.generated_at);
    // The summary stands alone: no time and no count mixed in.
    expect(screen.getByText('12 new messages since yesterday').textContent).toBe('12 new messages since yesterday');
    expect(within(itemList()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('names each sender by name, keeps the address in its title, and isolates the direction of sender and subject', async () => {
    const { container } = setup({ digest: DIGEST });
    const link = await within(panel()).findByRole('button', { name: 'Hetzner Online · Scheduled maintenance' });
    expect(link).not.toHaveTextContent('info@hetzner.com');
    expect(within(link).getByText('Hetzner Online')).toHaveAttribute('title', 'info@hetzner.com');
    expect(within(panel()).getByRole('button', { name: 'Registro de Dominios · Solicitud de transferencia del dominio crearack.com' })).toBeVisible();
    // An address alone is shown whole; a missing subject says so.
    expect(within(itemList()).getByText('marta@gil.es')).toBeVisible();
    expect(within(itemList()).getByText('(no subject)')).toBeVisible();
    // Defect 7: each sender and each subject in its own <bdi>, so Latin text keeps its order in Arabic.
    const isolated = [...container.querySelectorAll('bdi')].map((element) => element.textContent);
    expect(isolated).toEqual([
      'Hetzner Online',
      'Scheduled maintenance',
      'marta@gil.es',
      '(no subject)',
      'Registro de Dominios',
      'Solicitud de transferencia del dominio crearack.com',
    ]);
  });

  it('opens an item in Zoho Mail through the system browser, and never a link that is not https', async () => {
    const { user, invoke } = setup({ digest: DIGEST });
    await user.click(await within(panel()).findByRole('button', { name: 'Hetzner Online · Scheduled maintenance' }));
    expect(invoke).toHaveBeenCalledWith('app:openExternal', { url: DIGEST.items[0]!.webUrl });
    expect(within(panel()).queryByRole('button', { name: /^marta@gil\.es/ })).toBeNull();
  });

  it('says so when no pass has run yet', async () => {
    setup();
    expect(await screen.findByText('No pass has run yet. Run pass now looks through your new mail straight away.')).toBeVisible();
    expect(runButton()).toBeEnabled();
  });

  it('says it in Spanish', async () => {
    setup({ digest: DIGEST }, 'es');
    expect(await screen.findByText(/filtrados como ruido/)).toHaveTextContent('Última pasada hace 2 horas · 3 mensajes filtrados como ruido');
    expect(screen.getByRole('list', { name: 'Lo que te necesita' })).toBeVisible();
  });

  it('shows a pass main stored on its own (the morning schedule) as soon as main announces it', async () => {
    const { emit, listeners } = setup({ digest: DIGEST });
    await screen.findByText('12 new messages since yesterday');
    act(() => emit('digest:updated', { latest: LATER, failure: null }));
    expect(screen.getByText(/^Last pass/)).toHaveTextContent('Last pass just now · 1 message filtered as noise');
    expect(screen.getByText('2 new messages')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(listeners('digest:updated')).toBe(1);
  });

  it('keeps an announced pass when an older answer to its question arrives after it', async () => {
    let answer: (digest: Digest) => void = () => {};
    const { emit } = setup({
      handlers: { 'digest:state': () => new Promise((resolve) => (answer = (digest) => resolve({ ok: true, value: { latest: digest, failure: null } }))) },
    });
    act(() => emit('digest:updated', { latest: LATER, failure: null }));
    act(() => answer(DIGEST));
    expect(await screen.findByText('2 new messages')).toBeVisible();
    expect(screen.queryByText('12 new messages since yesterday')).not.toBeInTheDocument();
  });

  it('says why the pass could not be read, and reads it again on request', async () => {
    let failing = true;
    const { user } = setup({ handlers: { 'digest:state': () => (failing ? err('INTERNAL', 'x') : { ok: true, value: { latest: DIGEST, failure: null } }) } });
    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('12 new messages since yesterday')).toBeVisible();
  });
});

describe('Dismiss', () => {
  it('takes an item off with the keyboard, says so, and leaves the keyboard on the item now in its place', async () => {
    const { user, invoke } = setup({ digest: DIGEST });
    const dismiss = await screen.findByRole('button', { name: 'Dismiss “Scheduled maintenance” from Hetzner Online' });
    dismiss.focus();
    await user.keyboard('{Enter}');

    expect(invoke).toHaveBeenCalledWith('digest:dismiss', { messageId: DIGEST.items[0]!.messageId });
    expect(await screen.findByText('“Scheduled maintenance” is dismissed: later passes leave it out.')).toBeVisible();
    expect(within(itemList()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Hetzner Online/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dismiss “(no subject)” from marta@gil.es' })).toHaveFocus();
  });

  it('moves the keyboard to Run pass now once the last item is gone', async () => {
    const { user } = setup({ digest: digestOf({ items: [DIGEST.items[0]!] }) });
    await user.click(await screen.findByRole('button', { name: 'Dismiss “Scheduled maintenance” from Hetzner Online' }));
    await screen.findByText(/is dismissed/);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(runButton()).toHaveFocus();
  });

  it('keeps the item and says why when main could not dismiss it', async () => {
    const { user } = setup({ digest: DIGEST, handlers: { 'digest:dismiss': () => err('INTERNAL', 'x') } });
    await user.click(await screen.findByRole('button', { name: 'Dismiss “Scheduled maintenance” from Hetzner Online' }));
    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    expect(within(itemList()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('UQ9: Dismiss of a "What needs you" item can be undone', async () => {
    const { user, invoke } = setup({ digest: DIGEST });
    await user.click(await screen.findByRole('button', { name: 'Dismiss “Scheduled maintenance” from Hetzner Online' }));
    await screen.findByText('“Scheduled maintenance” is dismissed: later passes leave it out.');
    expect(within(itemList()).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(invoke).toHaveBeenCalledWith('digest:undismiss', { messageId: DIGEST.items[0]!.messageId });
    expect(await screen.findByText('“Scheduled maintenance” is back on the list.')).toBeVisible();
    expect(within(itemList()).getAllByRole('listitem')).toHaveLength(3);
    // Back where it stood, with the keyboard on it.
    const restored = screen.getByRole('button', { name: 'Dismiss “Scheduled maintenance” from Hetzner Online' });
    expect(within(itemList()).getAllByRole('listitem')[0]).toContainElement(restored);
    expect(restored).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});

describe('A pass that failed', () => {
  const failure = (fields: Partial<DigestFailure> = {}): DigestFailure => ({ at: hoursAgo(1), trigger: 'scheduled', error: OVERLOADED, ...fields });

  it('says that the scheduled pass failed, when and why, with Run again, instead of "no pass has run yet"', async () => {
    const { user, invoke } = setup({ digestFailure: failure() });
    expect(await screen.findByText(/^The scheduled pass failed/)).toHaveTextContent('The scheduled pass failed 1 hour ago');
    expect(screen.getByText('Gemini is overloaded right now. Try again in a few moments.')).toBeVisible();
    expect(screen.queryByText(/No pass has run yet/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run again' }));
    expect(invoke).toHaveBeenCalledWith('digest:run', {});
  });

  it('keeps the last good pass on screen under the failure', async () => {
    setup({ digest: DIGEST, digestFailure: failure() });
    expect(await screen.findByText(/^The scheduled pass failed/)).toBeVisible();
    expect(within(itemList()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows a failure main announces while the pane is open, and clears it with the next pass', async () => {
    const { emit } = setup({ digest: DIGEST });
    await screen.findByText('12 new messages since yesterday');
    act(() => emit('digest:updated', { latest: DIGEST, failure: failure({ at: hoursAgo(0) }) }));
    expect(screen.getByText(/^The scheduled pass failed/)).toHaveTextContent('The scheduled pass failed just now');
    act(() => emit('digest:updated', { latest: LATER, failure: null }));
    expect(screen.queryByText(/failed/)).not.toBeInTheDocument();
    expect(runButton()).toBeVisible();
  });

  it('says a revoked mailbox the one way, with the one action that leads to Settings', async () => {
    const { user, openPane } = setup({ digest: DIGEST, digestFailure: failure({ error: REVOKED }) });
    expect(await screen.findByText(REVOKED_TEXT)).toBeVisible();
    await user.click(within(panel()).getByRole('button', { name: 'Open Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'mailbox' });
    // Running again cannot help: the button keeps its name.
    expect(runButton()).toBeEnabled();
  });

  it('points to Settings when something must be set up first', async () => {
    const { user, openPane } = setup({ digestFailure: failure({ error: { code: 'NOT_CONFIGURED', message: 'x', reason: 'missing_key' } }) });
    expect(await screen.findByText('No Gemini API key is saved on this computer. Add your key in Settings.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'gemini' });
  });

  it('issue 28: offers Copy diagnostics when a part failed (Gemini, after its retries)', async () => {
    const { user, invoke } = setup({ digestFailure: failure() });
    await user.click(await screen.findByRole('button', { name: 'Copy diagnostics' }));
    expect(invoke).toHaveBeenCalledWith('diagnostics:copy', {});
    expect(await screen.findByText('Diagnostics copied to the clipboard.')).toBeVisible();
  });

  it('issue 28: offers no diagnostics when the pass only has to wait for a limit', async () => {
    setup({ digestFailure: failure({ error: { code: 'RATE_LIMITED', message: 'x', retryAfterMs: 60_000 } }) });
    expect(await screen.findByText('Too many requests in a short time.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Copy diagnostics' })).not.toBeInTheDocument();
  });
});

describe('Run pass now', () => {
  it('shows each stage while it runs, then the new pass', async () => {
    // The first stage arrives before main's answer with the requestId: it must still be shown.
    const { user, invoke, streams } = setup({ digest: DIGEST, streams: { 'digest:run': (run) => run.progress('digest:progress', { stage: 'fetching' }) } });
    await user.click(await screen.findByRole('button', { name: 'Run pass now' }));

    expect(invoke).toHaveBeenCalledWith('digest:run', {});
    expect(await screen.findByText('Looking for new mail…')).toBeVisible();
    expect(runButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    const [run] = streams('digest:run');
    act(() => run?.progress('digest:progress', { stage: 'reading', total: 14 }));
    expect(screen.getByText('Reading 14 new messages…')).toBeVisible();
    act(() => run?.progress('digest:progress', { stage: 'reading', total: 1 }));
    expect(screen.getByText('Reading 1 new message…')).toBeVisible();
    act(() => run?.progress('digest:progress', { stage: 'summarising' }));
    expect(screen.getByText('Separating what matters from the noise…')).toBeVisible();

    act(() => run?.finish(LATER));
    expect(await screen.findByText('2 new messages')).toBeVisible();
    expect(screen.getByText('The pass is done.')).toBeVisible();
    expect(runButton()).toBeEnabled();
    expect(runButton()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('UQ4: says "The pass is done." in a polite live region for a few seconds, then lets it go on its own', async () => {
    const { user, streams } = setup({ digest: DIGEST });
    await user.click(await screen.findByRole('button', { name: 'Run pass now' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await act(async () => streams('digest:run')[0]?.finish(LATER));

    const done = screen.getByText('The pass is done.');
    expect(done).toBeVisible();
    expect(done.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(NOTICE.transientMs - 1));
    expect(screen.getByText('The pass is done.')).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('The pass is done.')).not.toBeInTheDocument();
    expect(screen.getByText('2 new messages')).toBeVisible();
  });

  it('cancels by its requestId and keeps the previous pass on screen', async () => {
    const { user, invoke, streams } = setup({ digest: DIGEST });
    await user.click(await screen.findByRole('button', { name: 'Run pass now' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const [run] = streams('digest:run');
    expect(invoke).toHaveBeenCalledWith('digest:cancel', { requestId: run?.requestId });
    expect(run?.cancelled).toBe(true);
    expect(screen.getByText('The pass was cancelled.')).toBeVisible();
    expect(screen.getByText('12 new messages since yesterday')).toBeVisible();
    expect(screen.queryByText(/failed/)).not.toBeInTheDocument();
    expect(runButton()).toHaveFocus();
  });

  it.each<[string, AppError, string, string?]>([
    ['no mailbox', { code: 'NOT_CONFIGURED', message: 'x', reason: 'zoho_not_connected' }, 'Your Zoho mailbox is not connected. Connect it in Settings, under Zoho Mail.'],
    ['Zoho lock', { code: 'UPSTREAM', message: 'x', reason: 'zoho_rate_limited', retryAfterMs: 120_000 }, 'Zoho is limiting how often Staff Desk may ask for now.', 'Try again in 2 minutes.'],
    ['Gemini overloaded', OVERLOADED, 'Gemini is overloaded right now. Try again in a few moments.'],
  ])('says once, where a failed pass is said, why it failed: %s', async (_case, error, message, hint) => {
    const { user, streams } = setup({ digest: DIGEST });
    await user.click(await screen.findByRole('button', { name: 'Run pass now' }));
    act(() => streams('digest:run')[0]?.fail(error));
    expect(await screen.findByText(/^The last pass failed/)).toHaveTextContent('The last pass failed just now');
    expect(screen.getAllByText(message)).toHaveLength(1);
    if (hint) expect(screen.getByText(hint)).toBeVisible();
    expect(screen.getByText('12 new messages since yesterday')).toBeVisible();
  });

  it('does not take the focus from a member typing elsewhere when the pass ends', async () => {
    const { user, streams } = setup();
    await user.click(await screen.findByRole('button', { name: 'Run pass now' }));
    const elsewhere = document.createElement('textarea');
    document.body.append(elsewhere);
    elsewhere.focus();
    act(() => streams('digest:run')[0]?.finish(LATER));
    await screen.findByText('The pass is done.');
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });
});
