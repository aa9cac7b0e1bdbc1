import './view-switch.css';

interface ViewSwitchProps<V extends string> {
  readonly views: readonly V[];
  readonly active: V;
  readonly label: string;
  readonly nameOf: (view: V) => string;
  /** The id of the region each view shows in. */
  readonly regionIdOf: (view: V) => string;
  readonly onSelect: (view: V) => void;
}

/**
 * Buttons that switch what the pane shows, one pressed at a time. Not tabs: the pane itself is a tab panel of the
 * shell, and a second tab set inside it would be announced as part of the first.
 */
export function ViewSwitch<V extends string>({ views, active, label, nameOf, regionIdOf, onSelect }: ViewSwitchProps<V>) {
  return (
    <div role="group" aria-label={label} className="view-switch">
      {views.map((view) => (
        <button
          key={view}
          type="button"
          className="view-switch-button"
          aria-pressed={view === active}
          aria-controls={regionIdOf(view)}
          onClick={() => onSelect(view)}
        >
          {nameOf(view)}
        </button>
      ))}
    </div>
  );
}
