import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { dialogStore, MESSAGES, type PendingDialog } from '@medora/shared';

const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

function ConfirmDialog({ dialog }: { dialog: PendingDialog }) {
  const close = useStore(dialogStore, (s) => s.close);
  const titleId = useId();
  const messageId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    confirmRef.current?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close(dialog.id, false);
      return;
    }
    if (e.key !== 'Tab') return;
    // Keep focus inside the dialog.
    const nodes = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="md-backdrop">
      <div
        ref={ref}
        className="md-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{dialog.title}</h2>
        <p id={messageId}>{dialog.message}</p>
        <div className="md-row md-end">
          <button type="button" className="md-button" onClick={() => close(dialog.id, false)}>
            {dialog.cancelLabel ?? MESSAGES.cancelButton}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={`md-button ${dialog.danger ? 'md-danger' : 'md-primary'}`}
            onClick={() => close(dialog.id, true)}
          >
            {dialog.confirmLabel ?? MESSAGES.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Renders the shared dialog store (`confirmDialog(...)` from any remote), one dialog at a time. */
export function DialogHost() {
  const first = useStore(dialogStore, (s) => s.dialogs[0]);
  return first ? <ConfirmDialog key={first.id} dialog={first} /> : null;
}
