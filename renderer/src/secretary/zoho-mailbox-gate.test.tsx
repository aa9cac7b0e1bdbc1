import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Digest } from '../../../shared/digest';
import { createFakeMain, type FakeMainOptions } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { DigestPanel } from './digest-panel';
import { ZohoMailboxGate } from './zoho-mailbox-gate';

const MAILBOX = 'edu@crearack.es';
const REVOKED_TEXT = "Zoho no longer accepts Staff Desk's access to your mailbox (it was revoked or has lapsed). Connect it again in Settings.";
const STORED: Digest = {
  generated_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  resumen: 'Lucía accepts the quote.',
  ruido_count: 0,
  items: [
    {
      messageId: '1765353600000100001',
      folderId: '1709876190693100021',
      from: 'Lucía Fernández <lucia@talleresfernandez.es>',
      subject: 'Re: Presupuesto rack 42U',
      why: 'She asks when you can install it.',
      webUrl: 'https://mail.zoho.eu/zm/#mail/folder/1709876190693100021/p/1765353600000100001',
    },
  ],
  created_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
};

function setup(options: FakeMainOptions) {
  const main = createFakeMain(options);
  const user = userEvent.setup();
  const openPane = vi.fn();
  renderWithApp(
    <ZohoMailboxGate openPane={openPane}>
      <DigestPanel />
    </ZohoMailboxGate>,
    { api: main.api },
  );
  return { ...main, user, openPane };
}

describe('the mailbox gate', () => {
  it('lets the Secretary through once the mailbox is connected', async () => {
    setup({ zohoMailbox: MAILBOX, digest: STORED });
    expect(await screen.findByRole('region', { name: 'Latest mailbox pass' })).toBeVisible();
    expect(screen.queryByText(REVOKED_TEXT)).not.toBeInTheDocument();
  });

  it('says a revoked mailbox needs connecting again, not that it was never connected, and still shows the stored pass', async () => {
    // The pass that found the grant refused failed for the same reason: said once, by the gate.
    const failure = { at: new Date().toISOString(), trigger: 'scheduled' as const, error: { code: 'NOT_CONFIGURED' as const, message: 'x', reason: 'zoho_reconnect_needed' } };
    const { user, openPane } = setup({ zohoMailbox: MAILBOX, zohoRevoked: true, digest: STORED, digestFailure: failure });

    expect(await screen.findByText(REVOKED_TEXT)).toBeVisible();
    expect(screen.queryByText(/not connected yet/)).not.toBeInTheDocument();
    // The region shows at once ("Loading the latest pass…"); the stored pass comes with main's answer.
    const pass = await screen.findByRole('region', { name: 'Latest mailbox pass' });
    expect(await within(pass).findByRole('button', { name: 'Lucía Fernández · Re: Presupuesto rack 42U' })).toBeVisible();
    expect(screen.getAllByText(REVOKED_TEXT)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Open Settings' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'mailbox' });
  });

  it('says a mailbox never connected is not connected yet, and holds back what needs it', async () => {
    const { user, openPane } = setup({ configured: ['zoho.clientId', 'zoho.clientSecret'], digest: STORED });
    expect(await screen.findByText('The secretary reads your Zoho mailbox, and it is not connected yet.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Latest mailbox pass' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Zoho Mail in Settings' }));
    expect(openPane).toHaveBeenCalledWith('settings', { section: 'mailbox' });
  });
});
