import { useId, type ReactNode } from 'react';
import { MESSAGES } from '@medora/shared';
import { Dialog } from '@medora/shared/ui';
import css from './dashboard.module.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the panel (e.g. a wide preview). */
  className?: string;
  testId?: string;
  /** A click beside the panel closes it (default); off for forms, so a stray tap keeps what was typed. */
  closeOnBackdrop?: boolean;
}

/**
 * The dashboard's modal (details, document preview) on the shared Dialog: labelled by its title,
 * focus moved in and kept inside, Escape or the backdrop closes it, focus goes back to its opener.
 */
export function Modal({ title, onClose, children, className, testId, closeOnBackdrop = true }: ModalProps) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeOnBackdrop={closeOnBackdrop}>
      <div className={`${css.modal} ${className ?? ''}`} data-testid={testId}>
        <div className={css.modalHead}>
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
