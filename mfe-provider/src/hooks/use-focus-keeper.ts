import { useEffect, type RefObject } from 'react';

/** What takes the focus when the element that had it is gone: a card, then a section's heading. */
const HOLDERS = 'article, section, [role="tabpanel"]';

/**
 * The dashboards' primary actions disable their button while they run, or replace it (Mark Completed
 * becomes Undo; a decided application leaves its tab): the browser then drops the focus on the page
 * body, and a keyboard or screen-reader user starts again at the top. Within `root`, when the focus
 * has fallen to the body this puts it back: on the element that had it, once it is usable again, or
 * else on the nearest card or section around where it was (a card is focusable as it is; a section
 * through its heading). Focus inside a dialog is not followed: the dialog gives it back to its opener.
 */
export function useFocusKeeper(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    let last: HTMLElement | null = null;
    let around: HTMLElement[] = [];
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target;
      if (!(target instanceof HTMLElement) || target.closest('dialog')) return;
      last = target;
      around = [];
      for (let el = target.parentElement?.closest<HTMLElement>(HOLDERS); el;) {
        around.push(el);
        el = el.parentElement?.closest<HTMLElement>(HOLDERS) ?? null;
      }
    };
    const lost = () => {
      const active = document.activeElement;
      return !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    };
    const restore = () => {
      if (!last || !lost() || document.querySelector('dialog[open]')) return;
      if (last.isConnected) {
        // Disabled while its action runs: it gets the focus back when it is usable again.
        if (!(last as HTMLButtonElement).disabled && last !== document.activeElement) last.focus();
        return;
      }
      const holder = around.find((el) => el.isConnected);
      if (!holder) return;
      const heading = holder.querySelector<HTMLElement>('h1, h2, h3, h4');
      const target = holder.hasAttribute('tabindex') ? holder : heading;
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
      last = null;
    };
    const observer = new MutationObserver(restore);
    observer.observe(container, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    container.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      container.removeEventListener('focusin', onFocusIn);
    };
  }, [root]);
}
