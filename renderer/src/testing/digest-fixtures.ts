import type { Digest, DigestItem } from '../../../shared/digest';

/** An item of a pass for message `messageId`, from one sender who waits for an answer. */
export function digestItem(messageId: string): DigestItem {
  return {
    messageId,
    folderId: '1709876190693100021',
    from: 'Lucía Fernández <lucia@talleresfernandez.es>',
    subject: `Message ${messageId}`,
    why: 'She waits for an answer.',
    webUrl: `https://mail.zoho.eu/zm/#mail/folder/1709876190693100021/p/${messageId}`,
  };
}

/** A pass made just now whose open items are the messages `ids`. */
export function digestWith(...ids: string[]): Digest {
  const at = new Date().toISOString();
  return { generated_at: at, resumen: 'New mail.', ruido_count: 0, items: ids.map(digestItem), created_at: at };
}
