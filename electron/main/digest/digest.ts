import type Database from 'better-sqlite3';
import type { Digest, DigestProgress } from '../../../shared/digest';
import type { Lang } from '../../../shared/lang';
import { DIGEST, SECRETARY } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import type { Notify } from '../auth/login-port';
import type { GeminiGateway } from '../gemini/gateway';
import type { Member } from '../auth/member';
import type { Logger } from '../log/logger';
import { LANGUAGE_NAMES_IN_ENGLISH } from '../prompt/language-names';
import { newBoundary } from '../prompt/untrusted-data';
import type { MailSummary } from '../secretary/mailbox-port';
import type { SettingsStore } from '../settings/settings-store';
import type { MailboxPort, RecentMailPort } from '../secretary/mailbox-port';
import { buildDigestPrompt } from './digest-prompt';
import { digestReplySchema, sortedMail } from './digest-reply';
import { createDigestStore } from './digest-store';
import { digestTexts } from './digest-texts';
import { createSharedRuns } from './shared-run';

export interface DigestDeps {
  gateway: Pick<GeminiGateway, 'generateJson'>;
  /** The recent mail a pass reads, and the Zoho Mail link of each message it keeps. */
  mail: RecentMailPort & Pick<MailboxPort, 'webUrl'>;
  db: Database.Database;
  /** Read at every pass: the secretary's model, as chosen in Settings. */
  settings: Pick<SettingsStore, 'get'>;
  /** Wall clock, epoch ms: what `generated_at` and `created_at` are written in. */
  now: () => number;
  /** The member's language (Settings, or the system's): the summary and every "why" are written in it. */
  lang: () => Lang;
  log: Logger;
  /** A desktop notification, raised when a pass finds something that needs the member. */
  notify: Notify;
  /** Told of every stored pass (e.g. to refresh the Secretary pane after a scheduled one). */
  publish?: (update: { owner: string; digest: Digest }) => void;
}

export interface DigestRun {
  member: Member;
  /** Stops waiting; the pass itself stops when nobody waits for it any more, and then nothing is stored. */
  signal: AbortSignal;
  onProgress?: (progress: DigestProgress) => void;
}

export interface DigestService {
  /**
   * One pass over the member's new unread mail, stored as one `correo_digests` row. A pass already running for
   * the member is joined, not doubled. A failure (Zoho, the model, the disk) stores nothing.
   */
  run(request: DigestRun): Promise<Result<Digest>>;
  latest(owner: string): Digest | null;
  /** When the member's last pass looked at the mailbox (epoch ms), or null before the first. */
  lastPassAt(owner: string): number | null;
}

const cancelled = () => err('UPSTREAM', 'The mailbox pass was cancelled.', { reason: 'cancelled' });

type Sorted = Pick<Digest, 'resumen' | 'ruido_count' | 'items'>;

/** The F0 pass (issue 5): new unread mail since the last pass, noise set apart, what matters summarised. */
export function createDigest(deps: DigestDeps): DigestService {
  const { log } = deps;
  const store = createDigestStore(deps.db);
  const runs = createSharedRuns<DigestProgress, Result<Digest>>(cancelled);

  async function summarise(member: Member, messages: MailSummary[], signal: AbortSignal): Promise<Result<Sorted>> {
    const prompt = buildDigestPrompt({
      memberName: member.name?.trim() || member.email,
      languageName: LANGUAGE_NAMES_IN_ENGLISH[deps.lang()],
      boundary: newBoundary(),
      messages,
    });
    const reply = await deps.gateway.generateJson({
      model: deps.settings.get().models.secretary,
      contents: prompt,
      schema: digestReplySchema,
      generation: { ...SECRETARY.generation, maxOutputTokens: DIGEST.maxOutputTokens },
      attempts: SECRETARY.modelAttempts,
      timeoutMs: SECRETARY.modelTimeoutMs,
      signal,
    });
    if (!reply.ok) return { ok: false, error: reply.error };
    const sorted = sortedMail(reply.value, messages, (ref) => deps.mail.webUrl(ref));
    if (sorted.dropped > 0) log.warn('digest: the model named messages it was not shown', { dropped: sorted.dropped });
    return ok({ resumen: reply.value.resumen, ruido_count: sorted.ruidoCount, items: sorted.items });
  }

  async function pass(member: Member, signal: AbortSignal, progress: (p: DigestProgress) => void): Promise<Result<Digest>> {
    const owner = member.email;
    // Taken before the mailbox is read: mail that arrives during the pass is new for the next one.
    const startedAt = deps.now();
    const since = store.lastPassAt(owner) ?? startedAt - DIGEST.firstPassWindowMs;

    progress({ stage: 'fetching' });
    const listed = await deps.mail.listRecent(
      { since, status: 'unread', limit: DIGEST.unreadFetchLimit },
      signal,
    );
    if (!listed.ok) return listed;
    const messages = newMessages(listed.value, since);
    const total = messages.length;
    progress({ stage: 'reading', total });

    let sorted: Result<Sorted>;
    if (total === 0) {
      sorted = ok({ resumen: digestTexts(deps.lang()).noNewMail, ruido_count: 0, items: [] });
    } else {
      progress({ stage: 'summarising', total });
      sorted = await summarise(member, messages, signal);
    }
    if (!sorted.ok) return sorted;
    if (signal.aborted) return cancelled();

    const digest: Digest = {
      generated_at: new Date(startedAt).toISOString(),
      ...sorted.value,
      created_at: new Date(deps.now()).toISOString(),
    };
    try {
      store.save(owner, digest);
    } catch (error) {
      log.error('digest: the pass could not be stored', { error });
      return err('INTERNAL', 'The mailbox pass could not be saved. Check that the disk has free space, then run it again.');
    }
    progress({ stage: 'saved', total });
    log.info('digest pass stored', { messages: total, items: digest.items.length, noise: digest.ruido_count });
    announce(digest);
    deps.publish?.({ owner, digest });
    return ok(digest);
  }

  async function attempt(member: Member, signal: AbortSignal, progress: (p: DigestProgress) => void): Promise<Result<Digest>> {
    const result = await pass(member, signal, progress);
    if (result.ok) return result;
    log.warn('digest pass failed', { code: result.error.code, reason: result.error.reason });
    // Only the declared error: a Gemini or Zoho failure carries more, for main alone.
    return { ok: false, error: result.error };
  }

  function announce(digest: Digest) {
    const first = digest.items[0];
    if (!first) return;
    const texts = digestTexts(deps.lang());
    deps.notify({ title: texts.noticeTitle, body: texts.needYou(digest.items.length, first.subject) });
  }

  return {
    run({ member, signal, onProgress }) {
      return runs.join(member.email, (runSignal, progress) => attempt(member, runSignal, progress), {
        signal,
        ...(onProgress ? { onProgress } : {}),
      });
    },
    latest: (owner) => store.latest(owner),
    lastPassAt: (owner) => store.lastPassAt(owner),
  };
}

/**
 * What the mailbox handed over, held to the pass: received since the last one (a date that cannot be read keeps
 * the message, so nothing new is missed), each message once, at most DIGEST.unreadFetchLimit.
 */
function newMessages(messages: readonly MailSummary[], since: number): MailSummary[] {
  const seen = new Set<string>();
  return messages
    .filter((message) => {
      if (seen.has(message.messageId)) return false;
      seen.add(message.messageId);
      const date = Date.parse(message.date);
      return Number.isNaN(date) || date >= since;
    })
    .slice(0, DIGEST.unreadFetchLimit);
}
