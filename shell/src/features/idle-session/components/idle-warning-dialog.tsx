import { useId, useRef } from 'react';
import { formatMessage, MESSAGES } from '@medora/shared';
import { Dialog } from '@medora/shared/ui';
import css from '../../../components/dialog.module.css';

/** 125 → '2:05': a clock reads better than '1 seconds' and stays the same width while it counts. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export interface IdleWarningDialogProps {
  secondsLeft: number;
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * 'Are you still there?' with a live countdown. An alertdialog: it interrupts, takes the focus (on
 * 'Stay signed in', so Enter or Space answers it), keeps Tab inside, and Escape means stay.
 */
export function IdleWarningDialog({ secondsLeft, onStay, onSignOut }: IdleWarningDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const stayRef = useRef<HTMLButtonElement>(null);

  // A native modal dialog opened after any other dialog, so it lies above them in the top layer.
  return (
    <Dialog
      role="alertdialog"
      labelledBy={titleId}
      describedBy={bodyId}
      initialFocus={stayRef}
      onClose={onStay}
    >
      <div className={css.dialog}>
        <h2 id={titleId}>{MESSAGES.idleWarningTitle}</h2>
        <p id={bodyId} data-testid="idle-countdown">
          {formatMessage('idleWarningBody', { time: formatCountdown(secondsLeft) })}
        </p>
        <div className="md-row md-end">
          <button type="button" className="md-button" onClick={onSignOut}>
            {MESSAGES.idleSignOutNow}
          </button>
          <button ref={stayRef} type="button" className="md-button md-primary" onClick={onStay}>
            {MESSAGES.idleStaySignedIn}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
