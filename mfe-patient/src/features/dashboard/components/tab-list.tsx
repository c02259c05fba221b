import { useEffect, useRef, type KeyboardEvent } from 'react';
import { nextTabIndex } from '../model/tab-state';
import css from './dashboard.module.css';

/** The dashboard's tabs and the appointments' sub-tabs: their ids, panel and look. */
const VARIANTS = {
  main: { idPrefix: 'md-dash-tab', panelId: 'md-dash-panel', className: css.tabs, tabClassName: css.tab },
  sub: {
    idPrefix: 'md-dash-sub',
    panelId: 'md-dash-sub-panel',
    className: css.subtabs,
    tabClassName: css.subtab,
  },
};

/** Room left beside a tab scrolled into view, so the neighbour's edge shows there is more. */
const REVEAL_MARGIN_PX = 24;

/**
 * The tablist's `scrollLeft` that brings `tab` fully into view (unchanged when it already is): the
 * selected tab of a list wider than a phone's screen is scrolled to, never left out of view.
 */
export function scrollLeftToReveal(
  list: { scrollLeft: number; left: number; right: number },
  tab: { left: number; right: number },
): number {
  if (tab.left < list.left) return Math.max(0, list.scrollLeft - (list.left - tab.left) - REVEAL_MARGIN_PX);
  if (tab.right > list.right) return list.scrollLeft + (tab.right - list.right) + REVEAL_MARGIN_PX;
  return list.scrollLeft;
}

interface TabListProps<K extends string> {
  variant: keyof typeof VARIANTS;
  /** Every tab's label, in display order (the keys are the tabs). */
  labels: Record<K, string>;
  selected: K;
  /** The tablist's accessible name. */
  label: string;
  onSelect: (key: K) => void;
}

/**
 * An ARIA tablist with roving tabindex: only the selected tab is in the tab order, arrow keys (and
 * Home/End) select and focus the neighbour. Tab `k` has the id `<idPrefix>-k` and controls the
 * variant's panel (`panelId`), which the caller renders.
 */
export function TabList<K extends string>({ variant, labels, selected, label, onSelect }: TabListProps<K>) {
  const { idPrefix, panelId, className, tabClassName } = VARIANTS[variant];
  const tabs = Object.keys(labels) as K[];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = tabs.indexOf(selected);

  // Only the list scrolls (not the page, as scrollIntoView could): on load with ?tab=…, on every change,
  // and when the list's width changes (a phone turned, a window resized).
  useEffect(() => {
    const list = listRef.current;
    const reveal = () => {
      const tab = refs.current[selectedIndex];
      if (!list || !tab) return;
      const box = list.getBoundingClientRect();
      const next = scrollLeftToReveal(
        { scrollLeft: list.scrollLeft, left: box.left, right: box.right },
        tab.getBoundingClientRect(),
      );
      if (next !== list.scrollLeft) list.scrollLeft = next;
    };
    reveal();
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(reveal);
    observer.observe(list);
    return () => observer.disconnect();
  }, [selectedIndex]);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(e.key, index, tabs.length);
    if (next === null) return;
    e.preventDefault();
    onSelect(tabs[next]!);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className} ref={listRef}>
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
          {labels[key]}
        </button>
      ))}
    </div>
  );
}
