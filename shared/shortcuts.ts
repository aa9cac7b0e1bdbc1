import { z } from 'zod';
import { isAccelerator, parseAccelerator } from './accelerator';

/**
 * The app's global shortcuts, which work from anywhere on the desktop: quick ask opens the quick-ask window,
 * push-to-talk starts and stops a voice question, live captions start and stop a meeting's captions.
 */
export const SHORTCUT_NAMES = ['quickAsk', 'pushToTalk', 'liveCaptions'] as const;
export type ShortcutName = (typeof SHORTCUT_NAMES)[number];

/**
 * All three on the space bar, told apart by their modifiers: one family that is easy to remember, on a key that
 * apps rarely bind with modifiers (letters with Ctrl+Shift are taken by browsers and editors, and Ctrl+Alt+letter is
 * AltGr+letter on many European layouts, which types characters such as @ and €). Push-to-talk keeps the shortcut
 * it always had. Launchers own Alt+Space and ⌘Space, and ⌘⌥Space is the Finder's search on a Mac.
 */
export const DEFAULT_SHORTCUTS: Readonly<Record<ShortcutName, string>> = {
  quickAsk: 'Alt+Shift+Space',
  pushToTalk: 'CommandOrControl+Shift+Space',
  liveCaptions: 'CommandOrControl+Alt+Shift+Space',
};

export const acceleratorSchema = z
  .string()
  .trim()
  .max(60)
  .refine(isAccelerator, 'Use a modifier and a key, such as Ctrl+Shift+Space.');

/** Each shortcut's accelerator; null turns that one off. */
export type ShortcutSettings = Record<ShortcutName, string | null>;

/** The same keys however they are spelled: modifiers in any order, and their aliases (Option is Alt). */
function keysOf(accelerator: string): string | null {
  const parsed = parseAccelerator(accelerator);
  if (!parsed) return null;
  const aliases: Readonly<Record<string, string>> = { Option: 'Alt', Meta: 'Super', Esc: 'Escape', Return: 'Enter' };
  const modifiers = parsed.modifiers.map((modifier) => aliases[modifier] ?? modifier).sort();
  return [...modifiers, aliases[parsed.key] ?? parsed.key].join('+');
}

/** Two shortcuts set to the same keys, or null: one press cannot do two things. */
export function shortcutClash(shortcuts: Partial<ShortcutSettings>): readonly [ShortcutName, ShortcutName] | null {
  const seen = new Map<string, ShortcutName>();
  for (const name of SHORTCUT_NAMES) {
    const accelerator = shortcuts[name];
    const keys = accelerator ? keysOf(accelerator) : null;
    if (keys === null) continue;
    const earlier = seen.get(keys);
    if (earlier) return [earlier, name];
    seen.set(keys, name);
  }
  return null;
}

export const SHORTCUT_CLASH_MESSAGE = 'Each shortcut needs its own keys: two of them are set to the same ones.';
const noClash = (shortcuts: Partial<ShortcutSettings>) => shortcutClash(shortcuts) === null;

export const shortcutSettingsSchema = z
  .object({
    quickAsk: acceleratorSchema.nullable().default(DEFAULT_SHORTCUTS.quickAsk),
    pushToTalk: acceleratorSchema.nullable().default(DEFAULT_SHORTCUTS.pushToTalk),
    liveCaptions: acceleratorSchema.nullable().default(DEFAULT_SHORTCUTS.liveCaptions),
  })
  .refine(noClash, SHORTCUT_CLASH_MESSAGE);
export const DEFAULT_SHORTCUT_SETTINGS: ShortcutSettings = shortcutSettingsSchema.parse({});
/** A patch of some shortcuts; a clash with the ones it leaves as they are is refused by `settings:update`. */
export const shortcutSettingsPatchSchema = z
  .strictObject({
    quickAsk: acceleratorSchema.nullable(),
    pushToTalk: acceleratorSchema.nullable(),
    liveCaptions: acceleratorSchema.nullable(),
  })
  .partial()
  .refine(noClash, SHORTCUT_CLASH_MESSAGE);

/**
 * Whether a global shortcut works: registered; refused because another app holds it (`taken`); off (no shortcut
 * set); or `unavailable` where there is no desktop to register with (the browser harness).
 */
export const shortcutStateSchema = z.object({
  accelerator: z.string().nullable(),
  state: z.enum(['registered', 'taken', 'off', 'unavailable']),
});
export type ShortcutState = z.infer<typeof shortcutStateSchema>;

/** Each shortcut's state, as Settings shows it. */
export const shortcutStatesSchema = z.object({
  quickAsk: shortcutStateSchema,
  pushToTalk: shortcutStateSchema,
  liveCaptions: shortcutStateSchema,
});
export type ShortcutStates = z.infer<typeof shortcutStatesSchema>;

/** `desktop:hideQuickAsk`: the quick-ask page asks to go away, and may ask for the app's window in its place. */
export const quickAskHideInputSchema = z.strictObject({ open: z.enum(['app', 'settings']).optional() });
export type QuickAskOpen = NonNullable<z.infer<typeof quickAskHideInputSchema>['open']>;
