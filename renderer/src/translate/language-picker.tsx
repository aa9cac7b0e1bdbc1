import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationLang } from '../../../shared/translate';
import { useLanguage } from '../i18n/language-context';
import { languagesByName } from './language-names';

/** The select's value for "Detect language" (the choice is then null). */
const DETECT = '';

type LanguagePickerProps =
  | {
      readonly label: string;
      readonly value: TranslationLang | null;
      /** The source picker: "Detect language" first, its value null. */
      readonly detect: true;
      readonly onChange: (lang: TranslationLang | null) => void;
    }
  | {
      readonly label: string;
      readonly value: TranslationLang;
      readonly detect?: false;
      readonly onChange: (lang: TranslationLang) => void;
    };

/** A language list named and sorted in the member's language, which it follows when they switch. */
export function LanguagePicker(props: LanguagePickerProps) {
  const { t } = useTranslation();
  const { lang: uiLang } = useLanguage();
  const id = useId();
  const languages = useMemo(() => languagesByName(uiLang), [uiLang]);

  return (
    <div className="translate-picker">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value ?? DETECT}
        onChange={(event) => {
          const value = event.target.value as TranslationLang | typeof DETECT;
          if (props.detect) props.onChange(value === DETECT ? null : value);
          else if (value !== DETECT) props.onChange(value);
        }}
      >
        {props.detect && <option value={DETECT}>{t('translate.detect')}</option>}
        {languages.map(({ lang, name }) => (
          <option key={lang} value={lang}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
