import { useId, type ReactNode } from 'react';

interface LabelledListProps {
  /** What the list is, shown above it and given as its accessible name. */
  readonly label: string;
  readonly className: string;
  readonly labelClassName: string;
  readonly listClassName: string;
  /** An ordered list, when the order means something (steps in the order they ran). */
  readonly ordered?: boolean;
  /** The `<li>` items. */
  readonly children: ReactNode;
}

/** A short label over a list that a screen reader announces by that label: sources, suggestions, steps. */
export function LabelledList({ label, className, labelClassName, listClassName, ordered = false, children }: LabelledListProps) {
  const labelId = useId();
  const List = ordered ? 'ol' : 'ul';
  return (
    <div className={className}>
      <p id={labelId} className={labelClassName}>
        {label}
      </p>
      <List className={listClassName} aria-labelledby={labelId}>
        {children}
      </List>
    </div>
  );
}
