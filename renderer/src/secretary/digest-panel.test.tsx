import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Digest } from '../../../shared/digest';
import { err, type AppError } from '../../../shared/result';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { DigestPanel } from './digest-panel';

// Local times, so that dates read the same in any time zone.
const MORNING = new Date(2030, 0, 14, 8, 0).toISOString();
const NOON = new Date(2030, 0, 14, 12, 15).toISOString();

const DIGEST: Digest = {
  generated_at: MORNING,
  resumen: '12 new messages since yesterday',
  ruido_count: 3,
  items: [
    {
      messageId: '1709876190693100009',
      folderId: '9000000000000000017',
      from: 'Hetzner Online',
      subject: 'Scheduled maintenance',
      why: 'Your server restarts on Tuesday night.',
      webUrl: 'https://mail.zoho.eu/zm/#mail/folder/9000000000000000017/p/1709876190693100009',
    },
    {
      messageId: '1709876190693100011',
      folderId: '9000000000000000017',
      from: 'Marta Gil',
      subject: '',
      why: 'She waits for the signed quote.',
      webUrl: 'javascript:alert(1)',
    },
  ],
  created_at: MORNING,
};
const LATER: Digest = { ...DIGEST, generated_at: NOON, created_at: NOON, resumen: '2 new messages', ruido_count: 1, items: [] };

function setup(options: FakeMainOptions = {}, systemLang: 'en' | 'es' = 'en') {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  renderWithApp(<DigestPanel />, { api: main.api, systemLang });
  return { ...main, user };
}

const panel = () => screen.getByRole('region', { name: 'Latest mailbox pass' });
const runButton = () => screen.getByRole('button', { name: 'Run pass now' });

describe('S7 the latest pass on top of the pane', () => {
  it('says the time, the summary and the noise filtered, and lists what needs the member', async () => {
    setup({ digest: DIGEST });
    expect(await screen.findByText('Last pass of Jan 14, 2030, 8:00 AM · 12 new messages since yesterday · noise filtered: 3')).toBeVisible();
    const items = within(panel()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Hetzner Online · Scheduled maintenanceYour server restarts on Tuesday night.',
      'Marta Gil · (no subject)She waits for the signed quote.',
    ]);
  });

  it('opens an item in Zoho Mail through the system browser, and never a link that is not https', async () => {
    const { user, invoke } = setup({ digest: DIGEST });
    await user.click(await within(panel()).findByRole('button', { name: 'Hetzner Online · Scheduled maintenance' }));
    expect(invoke).toHaveBeenCalledWith('app:openExternal', { url: DIGEST.items[0]!.webUrl });
    expect(within(panel()).queryByRole('button', { name: /Marta Gil/ })).toBeNull();
  });

  it('says so when no pass has run yet', async () => {
    setup();
    expect(
      await screen.findByText('No pass has run yet. Run pass now looks through your new mail straight away.'),
    ).toBeVisible();
    expect(runButton()).toBeEnabled();
  });

  it('says it in Spanish, with the Spanish date', async () => {
    setup({ digest: DIGEST }, 'es');
    expect(await screen.findByText('Última pasada de 14 ene 2030, 8:00 · 12 new messages since yesterday · ruido filtrado: 3')).toBeVisible();
  });

  it('shows a pass main stored on its own (the morning schedule) as soon as main announces it', async () => {
    const { emit, listeners } = setup({ digest: DIGEST });
    await screen.findByText(/12 new messages since yesterday/);
    act(() => emit('digest:updated', LATER));
    expect(screen.getByText('Last pass of Jan 14, 2030, 12:15 PM · 2 new messages · noise filtered: 1')).toBeVisible();
    expect(listeners('digest:updated')).toBe(1);
  });

  it('keeps an announced pass when an older answer to "latest" arrives after it', async () => {
    let answer: (digest: Digest) => void = () => {};
    const { emit } = setup({ handlers: { 'digest:latest': () => new Promise((resolve) => (answer = (digest) => resolve({ ok: true, value: digest }))) } });
    act(() => emit('digest:updated', LATER));
    act(() => answer(DIGEST));
    expect(await screen.findByText(/2 new messages · noise filtered: 1/)).toBeVisible();
    expect(screen.queryByText(/12 new messages since yesterday/)).not.toBeInTheDocument();
  });

  it('says why the pass could not be read, and reads it again on request', async () => {
    let failing = true;
    const { user } = setup({ handlers: { 'digest:latest': () => (failing ? err('INTERNAL', 'x') : { ok: true, value: DIGEST }) } });
    expect(await screen.findByText(/Something went wrong inside Staff Desk/)).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Last pass of Jan 14, 2030, 8:00 AM/)).toBeVisible();
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
    expect(await screen.findByText('Last pass of Jan 14, 2030, 12:15 PM · 2 new messages · noise filtered: 1')).toBeVisible();
    expect(screen.getByText('The pass is done.')).toBeVisible();
    expect(runButton()).toBeEnabled();
    expect(runButton()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('cancels by its requestId and keeps the previous pass on screen', async () => {
    const { user, invoke, streams } = setup({ digest: DIGEST });
    await user.click(await screen.findByRole('button', { name: 'Run pass now' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const [run] = streams('digest:run');
    expect(invoke).toHaveBeenCalledWith('digest:cancel', { requestId: run?.requestId });
    expect(run?.cancelled).toBe(true);
    expect(screen.getByText('The pass was cancelled.')).toBeVisible();
    expect(screen.getByText(/12 new messages since yesterday/)).toBeVisible();
    expect(runButton()).toHaveFocus();
  });

  it.each<[string, AppError, string, string?]>([
    ['no mailbox', { code: 'NOT_CONFIGURED', message: 'x', reason: 'zoho_not_connected' }, 'Your Zoho mailbox is not connected. Connect it in Settings, under Zoho Mail.'],
    ['Zoho lock', { code: 'UPSTREAM', message: 'x', reason: 'zoho_rate_limited', retryAfterMs: 120_000 }, 'Zoho is limiting how often Staff Desk may ask for now.', 'Try again in 2 minutes.'],
    ['Gemini overloaded', { code: 'UPSTREAM', message: 'x', reason: 'overloaded' }, 'Gemini is overloaded right now. Try again in a few moments.'],
  ])('says why a pass failed: %s', async (_case, error, message, hint) => {
    const { user, streams } = setup();
    await user.click(await screen.findByRole('button', { name: 'Run pass now' }));
    act(() => streams('digest:run')[0]?.fail(error));
    expect(await screen.findByText(message)).toBeVisible();
    if (hint) expect(screen.getByText(hint)).toBeVisible();
    expect(runButton()).toBeEnabled();
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
