import { useTranslation } from 'react-i18next';
import './char-counter.css';

/** "379 / 2000" beside a text box, marked once the text is over what main accepts. Digits read left to right. */
export function CharCounter({ id, count, max }: { id: string; count: number; max: number }) {
  const { t } = useTranslation();
  return (
    <p id={id} className={count > max ? 'char-counter char-counter-over' : 'char-counter'} dir="ltr">
      {t('chat.counter', { count, max })}
    </p>
  );
}
