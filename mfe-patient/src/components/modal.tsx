import { useId, type ReactNode } from 'react';
import { MESSAGES } from '@medora/shared';
import { Dialog } from '@medora/shared/ui';
import css from './modal.module.css';

interface ModalProps {
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
 * The patient remote's modal (appointment details, document preview, the medication forms) on the shared Dialog: labelled by its title,
 * focus moved in and kept inside, Escape or the backdrop closes it, focus goes back to its opener.
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
      <div className={wide ? `${css.modal} ${css.wide}` : css.modal} data-testid={testId}>
        <div className={css.head}>
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className={css.iconButton}
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
  return <div className={css.actions}>{children}</div>;
}
