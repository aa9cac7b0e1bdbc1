/** Who sent a message, as a list shows it: the name to read, and the address for whoever needs it. */
export interface MailSender {
  readonly name: string;
  /** null when `from` named nobody's address. */
  readonly address: string | null;
}

const NAME_AND_ADDRESS = /^\s*"?(.*?)"?\s*<([^<>\s]+)>\s*$/;

/**
 * Main writes a sender as "Name <address>" when Zoho gives both, else as whichever it gave. The name is what a
 * person recognises; an address alone is shown whole (its local part can say nothing, e.g. "info").
 */
export function mailSender(from: string): MailSender {
  const match = NAME_AND_ADDRESS.exec(from);
  if (match) {
    const address = match[2]!;
    return { name: match[1]?.trim() || address, address };
  }
  const text = from.trim();
  return { name: text, address: text.includes('@') ? text : null };
}
