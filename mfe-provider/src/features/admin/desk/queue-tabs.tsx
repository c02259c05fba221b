import { useRef, type KeyboardEvent } from 'react';
import css from './queue-tabs.module.css';

/** The tab and panel ids of the admin desk's queues (the page renders the panel). */
export const QUEUE_PANEL_ID = 'md-admin-queue-panel';
export const queueTabId = (key: string) => `md-admin-queue-tab-${key}`;

/**
 * The admin desk's queue tabs: an ARIA tablist with roving tabindex; arrow keys, Home
 * and End select and focus a neighbour.
 */
export function QueueTabs<K extends string>({
  labels,
  selected,
  label,
  onSelect,
}: {
  labels: Record<K, string>;
  selected: K;
  label: string;
  onSelect: (key: K) => void;
}) {
  const tabs = Object.keys(labels) as K[];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onSelect(tabs[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={css.tabs}>
      {tabs.map((key, index) => (
        <button
          key={key}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={queueTabId(key)}
          aria-selected={key === selected}
          aria-controls={QUEUE_PANEL_ID}
          tabIndex={key === selected ? 0 : -1}
          className={css.tab}
          onClick={() => onSelect(key)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {labels[key]}
        </button>
      ))}
    </div>
  );
}
