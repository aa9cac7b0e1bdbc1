import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AnswerMarkdown } from './answer-markdown';

function show(text: string) {
  const onOpenLink = vi.fn();
  render(<AnswerMarkdown text={text} onOpenLink={onOpenLink} />);
  return { onOpenLink };
}

describe('links in an answer', () => {
  it('show the host they really go to beside their words, so an innocent-looking link cannot hide where it sends mail', async () => {
    const { onOpenLink } = show('Your invoice is [in Zoho Mail](https://evil.example/collect?d=1709876190693100009).');
    const link = screen.getByRole('link', { name: 'in Zoho Mail' });
    expect(link.parentElement?.textContent).toContain('in Zoho Mail (evil.example)');
    await userEvent.setup().click(link);
    expect(onOpenLink).toHaveBeenCalledWith('https://evil.example/collect?d=1709876190693100009');
  });

  it('spell a look-alike host as the browser would reach it', () => {
    show('[Zoho](https://zohо.com/login)');
    // The last "o" is Cyrillic: the host shown is its punycode, not a second "zoho.com".
    expect(screen.getByText('(xn--zoh-ued.com)')).toBeInTheDocument();
  });

  it('say nothing more for a bare address, which already names its host', () => {
    show('<https://mail.zoho.eu/zm/>');
    expect(screen.getByRole('link', { name: 'https://mail.zoho.eu/zm/' }).parentElement?.textContent).toBe('https://mail.zoho.eu/zm/');
  });

  it('SEC-4: show the real host unless their words are an address on exactly that host', () => {
    // The host label, when there is one, is what follows the link's words.
    const label = (name: string) => {
      const next = screen.getByRole('link', { name }).nextElementSibling;
      return next?.tagName === 'SPAN' ? next.textContent : null;
    };
    show(
      [
        '[https://mail.zoho.com/?ref=a.evil.io](https://a.evil.io/collect)',
        '[https://mail.zoho.com@b.evil.io/](https://b.evil.io/)',
        '[mail.zoho.com is safe](https://mail.zoho.com/)',
        '[https://mail.zoho.eu/](https://c.evil.io/)',
        '[your mailbox](https://mail.zoho.com/)',
        '[https://mail.zoho.com/zm/](https://mail.zoho.com/zm/)',
        '[Mail.Zoho.com/zm](https://mail.zoho.com/zm/)',
      ].join(' and '),
    );
    // The words name a different host, or only contain the real one: the real host is said beside them.
    expect(label('https://mail.zoho.com/?ref=a.evil.io')).toBe('(a.evil.io)');
    expect(label('https://mail.zoho.com@b.evil.io/')).toBe('(b.evil.io)');
    expect(label('mail.zoho.com is safe')).toBe('(mail.zoho.com)');
    expect(label('https://mail.zoho.eu/')).toBe('(c.evil.io)');
    expect(label('your mailbox')).toBe('(mail.zoho.com)');
    // The words are an address on the host the link opens: they already say where it goes.
    expect(label('https://mail.zoho.com/zm/')).toBeNull();
    expect(label('Mail.Zoho.com/zm')).toBeNull();
  });

  it('are plain text unless they are https', () => {
    show('[run this](javascript:alert(1)) or [this](http://intranet.example/) or [mail](mailto:a@b.example)');
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('run this')).toBeInTheDocument();
  });
});
