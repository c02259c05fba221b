import { useId, useRef } from 'react';
import { useStore } from 'zustand';
import { dialogStore, MESSAGES, type PendingDialog } from '@medora/shared';
import { Dialog } from '@medora/shared/ui';
import css from './dialog.module.css';

function ConfirmDialog({ dialog }: { dialog: PendingDialog }) {
  const close = useStore(dialogStore, (s) => s.close);
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);

  return (
    <Dialog
      labelledBy={titleId}
      describedBy={messageId}
      initialFocus={confirmRef}
      onClose={() => close(dialog.id, false)}
    >
      <div className={css.dialog}>
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
    </Dialog>
  );
}

/** Renders the shared dialog store (`confirmDialog(...)` from any remote), one dialog at a time. */
export function DialogHost() {
  const first = useStore(dialogStore, (s) => s.dialogs[0]);
  return first ? <ConfirmDialog key={first.id} dialog={first} /> : null;
}
