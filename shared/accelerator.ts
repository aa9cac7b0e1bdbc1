/**
 * Global shortcuts as Electron names them ("CommandOrControl+Shift+Space"): a key and at least one modifier other
 * than Shift, so a shortcut that fires from anywhere on the desktop never swallows a key the member types elsewhere
 * (Shift+K is a capital K).
 */
const ACCELERATOR_MODIFIERS = ['CommandOrControl', 'Command', 'Control', 'Alt', 'Option', 'AltGr', 'Shift', 'Super', 'Meta'] as const;

const NAMED_KEYS = [
  'Space', 'Tab', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter', 'Up', 'Down', 'Left', 'Right', 'Home', 'End',
  'PageUp', 'PageDown', 'Escape', 'Esc', 'Plus', 'PrintScreen', 'MediaPlayPause', 'MediaNextTrack',
  'MediaPreviousTrack', 'MediaStop', 'VolumeUp', 'VolumeDown', 'VolumeMute',
] as const;

const FUNCTION_KEY = /^F(?:[1-9]|1\d|2[0-4])$/;
const SINGLE_KEY = /^[A-Z0-9)!@#$%^&*(:;<>=_\-,.?/~`{}[\]|\\'"]$/;

export interface Accelerator {
  readonly modifiers: readonly (typeof ACCELERATOR_MODIFIERS)[number][];
  readonly key: string;
}

/** The shortcut's parts, or null when Electron would not accept it or it has no modifier. */
export function parseAccelerator(text: string): Accelerator | null {
  const parts = text.split('+').map((part) => part.trim());
  // "Plus" names the + key itself, so a trailing empty part means a malformed string, not the + key.
  if (parts.length < 2 || parts.some((part) => part === '')) return null;
  const key = parts.at(-1)!;
  const modifiers = parts.slice(0, -1);
  const known = modifiers.every((modifier) => (ACCELERATOR_MODIFIERS as readonly string[]).includes(modifier));
  if (!known || new Set(modifiers).size !== modifiers.length) return null;
  if (modifiers.every((modifier) => modifier === 'Shift')) return null;
  const isKey = (NAMED_KEYS as readonly string[]).includes(key) || FUNCTION_KEY.test(key) || SINGLE_KEY.test(key.toUpperCase());
  if (!isKey) return null;
  return { modifiers: modifiers as Accelerator['modifiers'], key: key.length === 1 ? key.toUpperCase() : key };
}

export function isAccelerator(text: string): boolean {
  return parseAccelerator(text) !== null;
}

type Modifier = (typeof ACCELERATOR_MODIFIERS)[number];

/** How a shortcut is written for the member: the platform's conventions and the space bar's name in their language. */
export interface KeyWords {
  readonly mac: boolean;
  readonly windows: boolean;
  /** The space bar in the member's language: the one key whose keycap has no name printed on it. */
  readonly space: string;
}

/** A Mac's menus put ⌃⌥⇧⌘ in this order, before the key, with nothing between them. */
const MAC_SYMBOLS: readonly [symbol: string, modifiers: readonly Modifier[]][] = [
  ['⌃', ['Control']],
  ['⌥', ['Alt', 'Option', 'AltGr']],
  ['⇧', ['Shift']],
  ['⌘', ['CommandOrControl', 'Command', 'Super', 'Meta']],
];
const PC_WORDS: Readonly<Record<Modifier, string>> = {
  CommandOrControl: 'Ctrl',
  Control: 'Ctrl',
  Command: 'Cmd',
  Alt: 'Alt',
  Option: 'Alt',
  AltGr: 'AltGr',
  Shift: 'Shift',
  Super: 'Super',
  Meta: 'Super',
};
const ARROWS: Readonly<Record<string, string>> = { Up: '↑', Down: '↓', Left: '←', Right: '→' };

/** Modifiers as the member's platform writes them: symbols on a Mac, words on a PC. */
export function modifiersText(modifiers: readonly Modifier[], words: KeyWords): string[] {
  if (words.mac) return MAC_SYMBOLS.filter(([, names]) => names.some((name) => modifiers.includes(name))).map(([symbol]) => symbol);
  return modifiers.map((modifier) => (words.windows && (modifier === 'Super' || modifier === 'Meta') ? 'Win' : PC_WORDS[modifier]));
}

function keyText(key: string, words: KeyWords): string {
  if (key === 'Space') return words.space;
  return ARROWS[key] ?? key;
}

/** A shortcut as the member's platform writes it: "Ctrl+Shift+Space" on a PC, "⇧⌘Space" on a Mac. */
export function shortcutText(accelerator: string, words: KeyWords): string {
  const parsed = parseAccelerator(accelerator);
  if (!parsed) return accelerator;
  const parts = [...modifiersText(parsed.modifiers, words), keyText(parsed.key, words)];
  return parts.join(words.mac ? '' : '+');
}
