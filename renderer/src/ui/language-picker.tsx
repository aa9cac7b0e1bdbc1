import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationLang } from '../../../shared/translate';
import { useLanguage } from '../i18n/language-context';
import { languagesByName } from './language-names';

/** The select's value for the choice left open (null): "Detect language", "The app's language". */
const OPEN = '';

interface CommonProps {
  readonly label: string;
  /** The pane's own layout for a labelled list (Translate's pickers, a Settings field). */
  readonly className: string;
  readonly disabled?: boolean;
  readonly describedBy?: string | undefined;
}

type LanguagePickerProps = CommonProps &
  (
    | {
        readonly value: TranslationLang | null;
        /** A choice that may be left open, listed first: the source detected, or the target following the app's language. */
        readonly open: 'detect' | 'appLanguage';
        readonly onChange: (lang: TranslationLang | null) => void;
      }
    | {
        readonly value: TranslationLang;
        readonly open?: undefined;
        readonly onChange: (lang: TranslationLang) => void;
      }
  );

/** A language list named and sorted in the member's language, which it follows when they switch. */
export function LanguagePicker(props: LanguagePickerProps) {
  const { t } = useTranslation();
  const { lang: uiLang } = useLanguage();
  const id = useId();
  const languages = useMemo(() => languagesByName(uiLang), [uiLang]);

  return (
    <div className={props.className}>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value ?? OPEN}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(event) => {
          const value = event.target.value as TranslationLang | typeof OPEN;
          if (props.open !== undefined) props.onChange(value === OPEN ? null : value);
          else if (value !== OPEN) props.onChange(value);
        }}
      >
        {props.open !== undefined && <option value={OPEN}>{t(props.open === 'detect' ? 'translate.detect' : 'captionsDefaults.appLanguage')}</option>}
        {languages.map(({ lang, name }) => (
          <option key={lang} value={lang}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
