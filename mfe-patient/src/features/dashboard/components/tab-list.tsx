import { useRef, type KeyboardEvent } from 'react';
import { nextTabIndex } from '../model/tab-state';

interface TabListProps<K extends string> {
  tabs: readonly K[];
  selected: K;
  /** The tablist's accessible name. */
  label: string;
  /** Tab ids are `<idPrefix>-<key>`; every tab controls the panel `panelId`. */
  idPrefix: string;
  panelId: string;
  className: string;
  tabClassName: string;
  labelOf: (key: K) => string;
  onSelect: (key: K) => void;
}

/**
 * An ARIA tablist with roving tabindex: only the selected tab is in the tab order, arrow keys (and
 * Home/End) select and focus the neighbour. Used by the dashboard's tabs and the appointments' sub-tabs.
 */
export function TabList<K extends string>({
  tabs,
  selected,
  label,
  idPrefix,
  panelId,
  className,
  tabClassName,
  labelOf,
  onSelect,
}: TabListProps<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(e.key, index, tabs.length);
    if (next === null) return;
    e.preventDefault();
    onSelect(tabs[next]!);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((key, i) => (
        <button
          key={key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-${key}`}
          aria-controls={panelId}
          aria-selected={selected === key}
          tabIndex={selected === key ? 0 : -1}
          className={tabClassName}
          data-tab={key}
          onClick={() => onSelect(key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {labelOf(key)}
        </button>
      ))}
    </div>
  );
}
