import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { modifiersText, parseAccelerator, shortcutText, type Accelerator, type KeyWords } from '../../../shared/accelerator';
import type { ShortcutState } from '../../../shared/shortcuts';
import { useKeyWords } from '../ui/shortcut-text';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import './key-state.css';

type Modifier = Accelerator['modifiers'][number];
type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** What a key press makes of the shortcut being recorded. */
type Recorded =
  | { readonly kind: 'held'; readonly modifiers: readonly Modifier[] }
  | { readonly kind: 'shortcut'; readonly accelerator: string }
  /** Shift alone, or no modifier: the shortcut would take a key the member types in every other app. */
  | { readonly kind: 'needsModifier' }
  | { readonly kind: 'unsupported' };

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Alt', 'AltGraph', 'Meta', 'OS', 'Super', 'Hyper']);
const FUNCTION_KEY = /^F(?:[1-9]|1\d|2[0-4])$/;
/** Electron's names for the keys that are not letters, digits or F1-F24, by the physical key (event.code). */
const KEYS_BY_CODE: Readonly<Record<string, string>> = {
  Space: 'Space',
  Enter: 'Enter',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  PrintScreen: 'PrintScreen',
  MediaPlayPause: 'MediaPlayPause',
  MediaTrackNext: 'MediaNextTrack',
  MediaTrackPrevious: 'MediaPreviousTrack',
  MediaStop: 'MediaStop',
  AudioVolumeUp: 'VolumeUp',
  AudioVolumeDown: 'VolumeDown',
  AudioVolumeMute: 'VolumeMute',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
};

/**
 * The held modifiers in Electron's words and order. The member's usual shortcut key (Ctrl, or ⌘ on a Mac) is
 * CommandOrControl, so the shortcut means the same if settings move between a Mac and a PC.
 */
function modifiersOf(press: KeyPress, mac: boolean): Modifier[] {
  const held: [boolean, Modifier][] = [
    [mac ? press.metaKey : press.ctrlKey, 'CommandOrControl'],
    [mac && press.ctrlKey, 'Control'],
    [press.altKey, 'Alt'],
    [press.shiftKey, 'Shift'],
    [!mac && press.metaKey, 'Super'],
  ];
  return held.flatMap(([down, modifier]) => (down ? [modifier] : []));
}

function keyOf(press: KeyPress): string | null {
  // A letter by what the layout prints on it (AZERTY's A is A); by its place when the layout has no Latin
  // letter there (Cyrillic) or a modifier changed it (⌥A types å on a Mac).
  if (/^[a-z]$/i.test(press.key)) return press.key.toUpperCase();
  // Digits by their place: Shift turns them into punctuation, and AZERTY needs Shift to type them.
  const letterOrDigit = /^(?:Key([A-Z])|Digit(\d))$/.exec(press.code);
  if (letterOrDigit) return letterOrDigit[1] ?? letterOrDigit[2] ?? null;
  if (FUNCTION_KEY.test(press.key)) return press.key;
  return Object.hasOwn(KEYS_BY_CODE, press.code) ? KEYS_BY_CODE[press.code]! : null;
}

/** Turns a key press into an Electron accelerator, or says why it cannot be one. */
function recordKeys(press: KeyPress, mac: boolean): Recorded {
  const modifiers = modifiersOf(press, mac);
  if (MODIFIER_KEYS.has(press.key)) return { kind: 'held', modifiers };
  const key = keyOf(press);
  if (key === null) return { kind: 'unsupported' };
  if (!modifiers.some((modifier) => modifier !== 'Shift')) return { kind: 'needsModifier' };
  const accelerator = [...modifiers, key].join('+');
  return parseAccelerator(accelerator) ? { kind: 'shortcut', accelerator } : { kind: 'unsupported' };
}

function heldText(modifiers: readonly Modifier[], words: KeyWords): string {
  return [...modifiersText(modifiers, words), '…'].join(words.mac ? '' : '+');
}

interface ShortcutFieldProps {
  /** What the shortcut does, as its label and the line under it. */
  readonly label: string;
  readonly help: string;
  /** What still works with the shortcut off. */
  readonly offText: string;
  /** The stored accelerator; null: the shortcut is off. */
  readonly value: string | null;
  /** What Reset goes back to. */
  readonly defaultValue: string;
  /** Whether main could register it; null until main has said. */
  readonly state: ShortcutState | null;
  /** Why `accelerator` cannot be this shortcut (another one has those keys), or null when it can. */
  readonly refuse: (accelerator: string) => string | null;
  readonly onChange: (accelerator: string | null) => void;
  /** What was saved of this shortcut just now, said beside it; null when it was not this one. */
  readonly savedText: string | null;
}

/**
 * A global shortcut: focused, the field records the keys pressed together (Escape cancels, Backspace turns the
 * shortcut off), then says whether it works from anywhere or another app holds it. Keys another of the app's
 * shortcuts has are refused here, before main would refuse them. Tab is never recorded, so the keyboard can always
 * leave the field.
 */
export function ShortcutField({ label, help, offText, value, defaultValue, state, refuse, onChange, savedText }: ShortcutFieldProps) {
  const { t, i18n } = useTranslation();
  const words = useKeyWords();
  const inputId = useId();
  const helpId = useId();
  const keysHelpId = useId();
  const refusalId = useId();
  const stateId = useId();
  const [recording, setRecording] = useState(false);
  const [held, setHeld] = useState<readonly Modifier[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Counts the refusals, so that the same one said twice in a row is announced twice.
  const [refusals, setRefusals] = useState(0);
  const resetButton = useRef<HTMLButtonElement>(null);
  const offButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender({ reset: resetButton, off: offButton });

  // The state main reports is for the shortcut it registered: shown once it is the one stored here.
  const shown = state && (state.accelerator === value || state.state === 'unavailable') ? state.state : null;

  function start() {
    setRecording(true);
    setHeld([]);
    setRefusal(null);
  }

  function stop() {
    setRecording(false);
    setHeld([]);
  }

  function refuseWith(reason: string | null) {
    setRefusal(reason);
    if (reason !== null) setRefusals((count) => count + 1);
  }

  function choose(accelerator: string | null) {
    const refused = accelerator === null ? null : refuse(accelerator);
    stop();
    refuseWith(refused);
    if (refused === null) onChange(accelerator);
  }

  function needsModifierText(): string {
    const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' });
    const modifiers: Modifier[] = words.mac ? ['CommandOrControl', 'Alt', 'Control'] : ['CommandOrControl', 'Alt', 'Super'];
    return t('settings.shortcuts.field.needsModifier', { modifiers: list.format(modifiers.map((modifier) => modifiersText([modifier], words)[0] ?? modifier)) });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Tab' || event.nativeEvent.isComposing) return;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
    if (plain && (event.key === 'Backspace' || event.key === 'Delete')) {
      event.preventDefault();
      choose(null);
      return;
    }
    if (!recording) {
      if (plain && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        start();
        return;
      }
      if (plain && event.key === 'Escape') return;
      // Still focused after a shortcut was chosen, the field keeps listening: other keys record a new one at once.
      setRecording(true);
    }
    // While recording, every key belongs to the shortcut: not to the app's own shortcuts, nor to Escape elsewhere.
    event.preventDefault();
    event.stopPropagation();
    if (plain && event.key === 'Escape') {
      stop();
      setRefusal(null);
      return;
    }
    const recorded = recordKeys(event, words.mac);
    if (recorded.kind === 'held') setHeld(recorded.modifiers);
    else if (recorded.kind === 'shortcut') choose(recorded.accelerator);
    else refuseWith(recorded.kind === 'needsModifier' ? needsModifierText() : t('settings.shortcuts.field.unsupported'));
  }

  function onKeyUp(event: KeyboardEvent<HTMLInputElement>) {
    if (recording) setHeld(modifiersOf(event, words.mac));
  }

  function shownValue(): string {
    if (recording) return held.length > 0 ? heldText(held, words) : t('settings.shortcuts.field.recording');
    return value === null ? t('settings.shortcuts.field.off') : shortcutText(value, words);
  }

  const describedBy = [refusal !== null && refusalId, shown !== null && stateId, helpId, keysHelpId].filter(Boolean).join(' ');

  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="text"
        dir="ltr"
        readOnly
        value={shownValue()}
        aria-invalid={refusal !== null || shown === 'taken'}
        aria-describedby={describedBy}
        onFocus={start}
        onClick={() => {
          if (!recording) start();
        }}
        onBlur={() => {
          stop();
          setRefusal(null);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
      />
      {/* Said as it happens: the member is pressing keys, not looking for a line under the field. */}
      {refusal !== null && (
        <p key={refusals} id={refusalId} role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <div role="status" aria-live="polite">
        {savedText !== null && <p className="muted">{savedText}</p>}
      </div>
      {shown === 'taken' ? (
        <p id={stateId} role="alert" className="key-state key-state-off field-error">
          {t('settings.shortcuts.field.state.taken')}
        </p>
      ) : (
        shown !== null && (
          <p id={stateId} className={shown === 'registered' ? 'key-state key-state-on' : 'key-state'}>
            {shown === 'off' ? offText : t(`settings.shortcuts.field.state.${shown}`)}
          </p>
        )
      )}
      <p id={helpId} className="muted">
        {help}
      </p>
      <p id={keysHelpId} className="muted">
        {t('settings.shortcuts.field.keys')}
      </p>
      <div className="actions">
        {value !== defaultValue && (
          <button
            type="button"
            ref={resetButton}
            onClick={() => {
              focusAfterRender('off');
              choose(defaultValue);
            }}
          >
            {t('settings.shortcuts.field.reset', { keys: shortcutText(defaultValue, words) })}
          </button>
        )}
        {value !== null && (
          <button
            type="button"
            ref={offButton}
            onClick={() => {
              focusAfterRender('reset');
              choose(null);
            }}
          >
            {t('settings.shortcuts.field.turnOff')}
          </button>
        )}
      </div>
    </div>
  );
}
