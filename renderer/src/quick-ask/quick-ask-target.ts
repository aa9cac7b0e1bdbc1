/** Who a quick question goes to: the Assistant unless the member switches (Tab) or routes it with a prefix. */
export const QUICK_ASK_TARGETS = ['assistant', 'secretary', 'oracle'] as const;
export type QuickAskTarget = (typeof QUICK_ASK_TARGETS)[number];

/**
 * One scheme, written the same in every language (like a chat's slash commands): a question that starts with
 * "/mail " goes to the Secretary, "/notes " to the Oracle, "/ai " back to the Assistant.
 */
export const QUICK_ASK_PREFIXES: Readonly<Record<QuickAskTarget, string>> = {
  assistant: '/ai',
  secretary: '/mail',
  oracle: '/notes',
};

/** The next target (or the previous one, `back`), round the three. */
export function cycleTarget(target: QuickAskTarget, back = false): QuickAskTarget {
  const at = QUICK_ASK_TARGETS.indexOf(target);
  const step = back ? QUICK_ASK_TARGETS.length - 1 : 1;
  return QUICK_ASK_TARGETS[(at + step) % QUICK_ASK_TARGETS.length]!;
}

/** A draft that starts with a prefix and a space: the target it names, and the draft without it. */
export function routedDraft(draft: string): { target: QuickAskTarget; rest: string } | null {
  for (const target of QUICK_ASK_TARGETS) {
    const prefix = `${QUICK_ASK_PREFIXES[target]} `;
    if (draft.toLowerCase().startsWith(prefix)) return { target, rest: draft.slice(prefix.length) };
  }
  return null;
}
