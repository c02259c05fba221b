import { useEffect, useId, useRef, type ReactNode } from 'react';
import { MESSAGES } from '@medora/shared';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, object, [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the panel (e.g. a wide preview). */
  className?: string;
  testId?: string;
}

/**
 * A modal dialog: labelled by its title, focus moved in and trapped (Tab / Shift+Tab wrap), Escape or
 * the backdrop closes it, and focus goes back to what opened it.
 */
export function Modal({ title, onClose, children, className, testId }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // A dialog opened above this one (the shell's confirmDialog) handles its own keys.
      const active = document.activeElement;
      if (panel && active && !panel.contains(active) && active.closest('[role="dialog"]')) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (e.shiftKey && (document.activeElement === firstItem || !panel.contains(document.activeElement))) {
        e.preventDefault();
        lastItem.focus();
      } else if (
        !e.shiftKey &&
        (document.activeElement === lastItem || !panel.contains(document.activeElement))
      ) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      opener?.focus?.();
    };
  }, []);

  return (
    <div
      className="md-dash-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`md-dash-modal ${className ?? ''}`}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="md-dash-modal-head">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="md-dash-icon-button"
            aria-label={MESSAGES.closeButton}
            onClick={onClose}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
