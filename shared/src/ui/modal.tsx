import { useId, type ReactNode } from 'react';
import { MESSAGES } from '@medora/shared/messages';
import { Dialog } from './dialog.js';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A wide panel (a document preview). */
  wide?: boolean;
  testId?: string;
  /** A click beside the panel closes it (default); off for forms, so a stray tap keeps what was typed. */
  closeOnBackdrop?: boolean;
}

/**
 * A titled modal panel on the shared Dialog, with a close button in its head (appointment details, a
 * file preview, the medication forms): labelled by its title, focus moved in and kept inside, Escape
 * or the backdrop closes it, focus goes back to its opener. Styled by `md-ui-modal*` classes of kit.css.
 */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
  testId,
  closeOnBackdrop = true,
}: ModalProps) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeOnBackdrop={closeOnBackdrop}>
      <div className={wide ? 'md-ui-modal md-ui-modal-wide' : 'md-ui-modal'} data-testid={testId}>
        <div className="md-ui-modal-head">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="md-ui-icon-button"
            aria-label={MESSAGES.closeButton}
            onClick={onClose}
          >
            {MESSAGES.removeMark}
          </button>
        </div>
        {children}
      </div>
    </Dialog>
  );
}

/** The row of buttons at the foot of a modal, right-aligned under a rule. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="md-ui-dialog-actions md-ui-modal-actions">{children}</div>;
}
