/**
 * Test-only: what the member does to their mail in Zoho between two passes, played on the Zoho double's mailbox:
 * new mail arrives, a message is read (which answering it also does).
 */
import type { NewMessage, SeededMessage, ZohoDouble } from '../../doubles/zoho-double';

/** Three messages that each need the member, as they arrive at the double's "now" (one minute apart). */
export const MORNING_ARRIVALS: readonly NewMessage[] = [
  {
    sender: 'Lucía Fernández',
    fromAddress: 'lucia@talleresfernandez.es',
    subject: 'Re: Presupuesto rack 42U para la nave de Paterna',
    text: 'Hola Edu, nos encaja el presupuesto de 3.480 EUR. ¿Podríais instalarlo la semana del 24?',
  },
  {
    sender: 'Hetzner Online GmbH',
    fromAddress: 'billing@hetzner.com',
    subject: 'Payment failed for invoice R0023817463',
    text: 'Dear Client, we could not debit 87.46 EUR for invoice R0023817463. Please update your payment method by Friday.',
  },
  {
    sender: 'Jordi Puig',
    fromAddress: 'jordi@esferic.es',
    subject: '¿Revisamos el contrato de soporte el jueves?',
    text: 'Edu, ¿te va bien el jueves a las 10 para repasar el contrato de soporte? Jordi',
  },
];

/** Adds messages to the inbox as they arrive, one minute apart on the double's clock (`at` gives the first). */
export function deliver(zoho: ZohoDouble, messages: readonly NewMessage[], at: number): SeededMessage[] {
  return messages.map((message, index) => zoho.addMessage({ folder: 'Inbox', receivedTime: String(at + index * 60_000), ...message }));
}

/** The member opens the message in Zoho: it is no longer unread. */
export function markRead(zoho: ZohoDouble, messageId: string): void {
  const index = zoho.mailbox.messages.findIndex((message) => message.messageId === messageId);
  const message = zoho.mailbox.messages[index];
  if (!message) throw new Error(`the double has no message ${messageId}`);
  // Seeded messages are frozen and shared between doubles: the read one is a copy.
  zoho.mailbox.messages[index] = Object.freeze({ ...message, status: 'read' });
}
