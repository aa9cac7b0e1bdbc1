import type { SettingsSectionId } from '../navigation/settings-sections';

/** What a new member sets up, in the README's order; sign-in and the key are needed, the rest adds to it. */
export const SETUP_STEPS = [
  { id: 'signIn', section: 'access', required: true },
  { id: 'geminiKey', section: 'gemini', required: true },
  { id: 'mailbox', section: 'mailbox', required: false },
  { id: 'knowledge', section: 'knowledge', required: false },
] as const satisfies readonly { id: string; section: SettingsSectionId; required: boolean }[];

export type SetupStepId = (typeof SETUP_STEPS)[number]['id'];
export type SetupStep = (typeof SETUP_STEPS)[number] & { readonly done: boolean };

/** Which steps are done, as main reports them. */
export type SetupFacts = Readonly<Record<SetupStepId, boolean>>;

/**
 * The steps that are the member's: a step the team already took for them (issue 28: the machine's policy holds
 * the knowledge base, or the team's profile names where its notes are) is not theirs to do, so not listed. Sign-in,
 * the Gemini key and the mailbox are always a member's own, whatever a profile or policy set up around them.
 */
export function setupSteps(facts: SetupFacts, team: ReadonlySet<SetupStepId> = new Set()): SetupStep[] {
  return SETUP_STEPS.filter((step) => step.required || !team.has(step.id)).map((step) => ({ ...step, done: facts[step.id] }));
}

/** Once the needed steps are done the list may be put away for good; once all are, it has nothing left to say. */
export function checklistState(steps: readonly SetupStep[]): { readonly allDone: boolean; readonly requiredDone: boolean } {
  return {
    allDone: steps.every((step) => step.done),
    requiredDone: steps.every((step) => !step.required || step.done),
  };
}
