import { describe, expect, it } from 'vitest';
import { mailSender } from './mail-sender';

describe('a sender as a list shows it', () => {
  it.each([
    ['Lucía Fernández <lucia@talleresfernandez.es>', { name: 'Lucía Fernández', address: 'lucia@talleresfernandez.es' }],
    ['"Registro de Dominios" <dominios@registro.es>', { name: 'Registro de Dominios', address: 'dominios@registro.es' }],
    ['<noreply@notify.cloudflare.com>', { name: 'noreply@notify.cloudflare.com', address: 'noreply@notify.cloudflare.com' }],
    ['billing@hetzner.com', { name: 'billing@hetzner.com', address: 'billing@hetzner.com' }],
    ['Hetzner Online', { name: 'Hetzner Online', address: null }],
    ['مكتب التسجيل <office@example.sa>', { name: 'مكتب التسجيل', address: 'office@example.sa' }],
  ])('%s', (from, sender) => {
    expect(mailSender(from)).toEqual(sender);
  });
});
