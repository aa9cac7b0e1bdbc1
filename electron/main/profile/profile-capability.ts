import type Database from 'better-sqlite3';
import type { ManagedField } from '../../../shared/managed-fields';
import type { Member } from '../../../shared/member';
import { TEAM_PROFILE } from '../../../shared/limits';
import { err, ok, type Result } from '../../../shared/result';
import { readTeamProfile, type ProfilePreview } from '../../../shared/team-profile';
import type { AppEvents, Broadcast, Capability } from '../capability';
import { readTextFile } from '../files/read-text-file';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import { signInRequired } from '../settings/settings-handlers';
import type { SettingsStore } from '../settings/settings-store';
import { applyProfile } from './apply-profile';
import { exportProfile } from './export-profile';
import { createHeldProfiles, type HeldProfile } from './held-profiles';
import { readFieldState, type PromptLayers } from './profile-fields';
import { asProfileText, type ProfileFiles } from './profile-files';
import type { ProfileInbox } from './profile-inbox';
import { planProfile, previewOf } from './profile-plan';

type ProfileChannels = 'profile:preview' | 'profile:choose' | 'profile:pending' | 'profile:apply' | 'profile:dismiss' | 'profile:export';

export interface ProfileCapabilityDeps {
  db: Database.Database;
  settings: SettingsStore;
  /** The Assistant's prompt layers, made by the core and shared with the Assistant. */
  prompts: PromptLayers;
  secrets: SecretStore;
  /** The fields the machine's policy holds: a profile leaves them as they are. */
  lockedFields: () => readonly ManagedField[];
  /** Who is signed in, for a profile given from outside the window (a call's context says it otherwise). */
  session: { currentMember(): Member | null };
  profileFiles: ProfileFiles;
  profileInbox: ProfileInbox;
  events: Pick<AppEvents, 'secretChanged'>;
  broadcast: Broadcast;
  /** Wall clock, epoch milliseconds. */
  now: () => number;
  log: Logger;
}

/** What Export suggests as the file's name when the admin gave the profile none (the file type adds ".json"). */
const PROFILE_FILE_NAME = 'staff-desk-team-profile';

const PROFILE_GONE = 'This profile is no longer waiting to be applied (it was applied, dismissed or replaced): open it again.';

/**
 * The team profile (issue 28, TP1 and TP2): exported by an admin, read from a dropped or chosen file or from
 * `--profile FILE`, previewed field by field against this install, and applied all or nothing.
 */
export function createProfileCapability(deps: ProfileCapabilityDeps): Capability<ProfileChannels> {
  const { log } = deps;
  const held = createHeldProfiles();

  const fieldState = () => readFieldState(deps);

  async function previewFor({ id, profile }: HeldProfile, member: Member | null): Promise<Result<ProfilePreview>> {
    const state = await fieldState();
    if (!state.ok) return state;
    return ok(previewOf(id, profile, planProfile(profile, state.value, deps.lockedFields(), member !== null)));
  }

  /** A file's text, read as a profile and previewed as the latest; its refusal says why in one sentence. */
  function preview(text: string, member: Member | null): Promise<Result<ProfilePreview>> | Result<never> {
    const read = readTeamProfile(text);
    return read.ok ? previewFor(held.previewed(read.value), member) : read;
  }

  async function offer(file: string): Promise<void> {
    const text = asProfileText(await readTextFile(file, TEAM_PROFILE.fileMaxBytes));
    const read = text.ok ? readTeamProfile(text.value) : text;
    if (!read.ok) {
      log.warn('profile: the file given with --profile was refused', { reason: read.error.reason ?? read.error.code });
      held.refused(read.error);
      deps.broadcast('profile:refused', read.error);
      return;
    }
    const offered = await previewFor(held.offered(read.value), deps.session.currentMember());
    // The window asks with profile:pending as it opens, and is told then what stopped the preview.
    if (!offered.ok) return log.warn('profile: the given profile could not be previewed', { reason: offered.error.reason ?? offered.error.code });
    deps.broadcast('profile:offered', offered.value);
  }
  // Given from outside any call: nothing is there to answer with a failure but the log.
  deps.profileInbox.receive((file) => offer(file).catch((error: unknown) => log.error('profile: the given profile could not be offered', { error })));

  return {
    handlers: {
      'profile:preview': ({ text }, ctx) => preview(text, ctx.member),
      'profile:choose': async (_input, ctx) => {
        const opened = await deps.profileFiles.open();
        if (!opened.ok) return opened;
        if (opened.value === null) return ok({ preview: null });
        const previewed = await preview(opened.value, ctx.member);
        return previewed.ok ? ok({ preview: previewed.value }) : previewed;
      },
      'profile:pending': async (_input, ctx) => {
        const refusal = held.takeRefusal();
        if (refusal) return { ok: false, error: refusal };
        const pending = held.pending();
        if (!pending) return ok({ preview: null });
        const previewed = await previewFor(pending, ctx.member);
        return previewed.ok ? ok({ preview: previewed.value }) : previewed;
      },
      'profile:apply': async ({ id }, ctx) => {
        const found = held.find(id);
        if (!found) return err('INVALID_INPUT', PROFILE_GONE, { field: 'id', reason: 'profile_gone' });
        // Planned again: the install may have changed since the preview, and what is unset is judged now.
        const state = await fieldState();
        if (!state.ok) return state;
        const plan = planProfile(found.profile, state.value, deps.lockedFields(), ctx.member !== null);
        if (plan.needsSignIn) return signInRequired(plan.changes.find((change) => change.holdsOwnValue && !change.lockedByPolicy)!.field);
        const applied = await applyProfile(plan.changes, deps);
        if (!applied.ok) return applied;
        held.forget(id);
        return ok({ applied: applied.value });
      },
      'profile:dismiss': ({ id }) => {
        held.forget(id);
        return ok({});
      },
      'profile:export': async ({ includeClientSecret, name }) => {
        const state = await fieldState();
        if (!state.ok) return state;
        const folder = deps.settings.get().knowledgeBase.path;
        const text = exportProfile(state.value, { includeClientSecret, name, folder, exportedAt: new Date(deps.now()) });
        if (!text.ok) return text;
        const saved = await deps.profileFiles.save(name ?? PROFILE_FILE_NAME, text.value);
        return saved.ok ? ok({ saved: saved.value }) : saved;
      },
    },
  };
}
