import type Database from 'better-sqlite3';
import type { Digest, DigestFailure, DigestItem, DigestProgress, DigestState } from '../../../shared/digest';
import type { Lang } from '../../../shared/lang';
import { DIGEST, SECRETARY } from '../../../shared/limits';
import type { Member } from '../../../shared/member';
import { err, ok, type Result } from '../../../shared/result';
import type { Notify } from '../auth/login-port';
import type { GeminiGateway } from '../gemini/gateway';
import type { Logger } from '../log/logger';
import type { MailSummary } from '../mail/mailbox-port';
import type { MailboxPort, RecentMailPort } from '../mail/mailbox-port';
import { LANGUAGE_NAMES_IN_ENGLISH } from '../prompt/language-names';
import { newBoundary } from '../prompt/untrusted-data';
import type { SettingsStore } from '../settings/settings-store';
import { buildDigestPrompt } from './digest-prompt';
import { digestReplySchema, sortedMail } from './digest-reply';
import { createDigestStore } from './digest-store';
import { digestTexts } from './digest-texts';
import { stillOpenIn } from './open-items';
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
  /**
   * Told of every change the Secretary pane shows: a pass stored or failed (scheduled ones included), an item
   * dismissed.
   */
  publish?: (update: { owner: string; state: DigestState }) => void;
}

export interface DigestRun {
  member: Member;
  /** Stops waiting; the pass itself stops when nobody waits for it any more, and then nothing is stored. */
  signal: AbortSignal;
  onProgress?: (progress: DigestProgress) => void;
  /** Who started it, said with its failure; the member by default. A caller joining a running pass changes nothing. */
  trigger?: DigestFailure['trigger'];
}

export interface DigestService {
  /**
   * One pass over the member's unread mail, stored as one `correo_digests` row: the items of the last pass whose
   * mail is still unread and not dismissed, after what the new mail adds. A pass already running for the member is
   * joined, not doubled. A failure (Zoho, the model, the disk) stores nothing, and is the member's last failure
   * until a pass succeeds.
   */
  run(request: DigestRun): Promise<Result<Digest>>;
  latest(owner: string): Digest | null;
  state(owner: string): DigestState;
  /** Takes an item of the latest pass off for good; an id that is no open item changes nothing. */
  dismiss(owner: string, messageId: string): Result<DigestState>;
  /** Undo of `dismiss`: the item is open again; an id that was not dismissed changes nothing. */
  undismiss(owner: string, messageId: string): Result<DigestState>;
  /** When the member's last pass looked at the mailbox (epoch ms), or null before the first. */
  lastPassAt(owner: string): number | null;
}

const cancelled = () => err('UPSTREAM', 'The mailbox pass was cancelled.', { reason: 'cancelled' });

type Sorted = Pick<Digest, 'resumen' | 'ruido_count' | 'items'>;
type Progress = (progress: DigestProgress) => void;

/**
 * The F0 pass (issue 5): new unread mail since the last pass, noise set apart, what matters summarised; and
 * (issue 11) what still needs the member kept from one pass to the next until it is read or dismissed.
 */
export function createDigest(deps: DigestDeps): DigestService {
  const { log } = deps;
  const store = createDigestStore(deps.db);
  const runs = createSharedRuns<DigestProgress, Result<Digest>>(cancelled);
  /**
   * Each member's last failed pass. In memory only: it tells of this run of the app, and at the next start the
   * schedule makes up a stale pass anyway, so a stored failure would soon speak of an attempt already superseded.
   */
  const failures = new Map<string, DigestFailure>();
  const isoNow = () => new Date(deps.now()).toISOString();

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

  async function pass(member: Member, signal: AbortSignal, progress: Progress): Promise<Result<Digest>> {
    const owner = member.email;
    // Taken before the mailbox is read: mail that arrives during the pass is new for the next one.
    const startedAt = deps.now();
    const since = store.lastPassAt(owner) ?? startedAt - DIGEST.firstPassWindowMs;
    const previous = store.latest(owner);
    const dismissals = store.dismissals(owner);

    progress({ stage: 'fetching' });
    // One listing serves both: the unread mail that is new, and which open items are still unread.
    const listed = await deps.mail.listRecent({ status: 'unread', limit: DIGEST.unreadListLimit }, signal);
    if (!listed.ok) return listed;
    const stillOpen = stillOpenIn(listed.value, DIGEST.unreadListLimit);
    const carried = (previous?.items ?? []).filter(stillOpen);
    const settled = new Set([...carried, ...dismissals].map((message) => message.messageId));
    const messages = newMessages(listed.value, since, settled);
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
      // The new mail first, as the model ranked it; then what earlier passes found and still waits.
      items: [...sorted.value.items, ...carried],
      created_at: isoNow(),
    };
    // A dismissal only keeps its message from coming back: once the mail is handled, it has nothing left to do.
    const handled = dismissals.filter((dismissal) => !stillOpen(dismissal)).map((dismissal) => dismissal.messageId);
    try {
      store.save(owner, digest, handled);
    } catch (error) {
      log.error('digest: the pass could not be stored', { error });
      return err('INTERNAL', 'The mailbox pass could not be saved. Check that the disk has free space, then run it again.');
    }
    progress({ stage: 'saved', total });
    log.info('digest pass stored', { messages: total, items: digest.items.length, carried: carried.length, noise: digest.ruido_count });
    announce(sorted.value.items);
    return ok(digest);
  }

  async function attempt(member: Member, trigger: DigestFailure['trigger'], signal: AbortSignal, progress: Progress): Promise<Result<Digest>> {
    const owner = member.email;
    const result = await pass(member, signal, progress);
    if (result.ok) {
      failures.delete(owner);
      publish(owner);
      return result;
    }
    log.warn('digest pass failed', { trigger, code: result.error.code, reason: result.error.reason });
    // Only the declared error: a Gemini or Zoho failure carries more, for main alone.
    const error = result.error;
    // A pass stopped on purpose did not fail: whatever was said before stands.
    if (!signal.aborted && error.reason !== 'cancelled') {
      failures.set(owner, { at: isoNow(), trigger, error });
      publish(owner);
    }
    return { ok: false, error };
  }

  function state(owner: string): DigestState {
    return { latest: store.latest(owner), failure: failures.get(owner) ?? null };
  }

  function publish(owner: string): DigestState {
    const next = state(owner);
    deps.publish?.({ owner, state: next });
    return next;
  }

  /** Only what this pass found: what earlier passes found was announced then. */
  function announce(found: readonly DigestItem[]) {
    const first = found[0];
    if (!first) return;
    const texts = digestTexts(deps.lang());
    deps.notify({ title: texts.noticeTitle, body: texts.needYou(found.length, first.subject) });
  }

  return {
    run({ member, signal, onProgress, trigger = 'manual' }) {
      return runs.join(member.email, (runSignal, progress) => attempt(member, trigger, runSignal, progress), {
        signal,
        ...(onProgress ? { onProgress } : {}),
      });
    },
    latest: (owner) => store.latest(owner),
    state,
    dismiss(owner, messageId) {
      try {
        const item = store.latest(owner)?.items.find((open) => open.messageId === messageId);
        if (!item) return ok(state(owner));
        store.dismiss(owner, { messageId, date: item.date ?? null }, isoNow());
      } catch (error) {
        log.error('digest: a dismissal could not be stored', { error });
        return err('INTERNAL', 'The item could not be dismissed. Check that the disk has free space, then try again.');
      }
      return ok(publish(owner));
    },
    undismiss(owner, messageId) {
      try {
        store.undismiss(owner, messageId);
      } catch (error) {
        log.error('digest: a dismissal could not be undone', { error });
        return err('INTERNAL', 'The item could not be put back. Check that the disk has free space, then try again.');
      }
      return ok(publish(owner));
    },
    lastPassAt: (owner) => store.lastPassAt(owner),
  };
}

/**
 * The new mail, held to the pass: received since the last one (a date that cannot be read keeps the message, so
 * nothing new is missed), not already an open or dismissed item, each message once, at most
 * DIGEST.unreadFetchLimit.
 */
function newMessages(messages: readonly MailSummary[], since: number, settled: ReadonlySet<string>): MailSummary[] {
  const seen = new Set<string>(settled);
  return messages
    .filter((message) => {
      if (seen.has(message.messageId)) return false;
      seen.add(message.messageId);
      const date = Date.parse(message.date);
      return Number.isNaN(date) || date >= since;
    })
    .slice(0, DIGEST.unreadFetchLimit);
}
