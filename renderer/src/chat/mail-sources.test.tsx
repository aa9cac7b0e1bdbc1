import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeMain } from '../testing/fake-main';
import { renderWithApp } from '../testing/render-with-app';
import { MailSources } from './mail-sources';

const SOURCE = {
  messageId: '1790000000000000001',
  from: 'Registro de Dominios <noreply@registro-dominios.es>',
  subject: 'Solicitud de transferencia del dominio crearack.es',
  date: '2026-12-01T19:10:00.000Z',
  webUrl: 'https://mail.zoho.eu/zm/#mail/folder/1/p/1790000000000000001',
};

describe('MailSources', () => {
  it('isolates the sender (by name, the address as its tooltip), the subject and the date each in its own direction', async () => {
    const main = createFakeMain();
    renderWithApp(<MailSources sources={[SOURCE]} onOpen={vi.fn()} />, { api: main.api });
    const open = await screen.findByRole('button', { name: new RegExp(`^Registro de Dominios · ${SOURCE.subject} · `) });

    const runs = within(open).getAllByText(/./, { selector: 'bdi' });
    expect(runs.map((run) => run.textContent)).toEqual(['Registro de Dominios', SOURCE.subject, expect.stringMatching(/2026/)]);
    expect(runs[0]).toHaveAttribute('title', 'noreply@registro-dominios.es');
    // No direction forced on them: each takes the one of its own first letter.
    for (const run of runs) expect(run).not.toHaveAttribute('dir');
  });
});
