import { useEffect, useId, useRef } from 'react';
import { formatMessage, MESSAGES } from '@medora/shared';

/** 125 → '2:05': a clock reads better than '1 seconds' and stays the same width while it counts. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

// Above the shell's own dialogs and the remotes' (z-index 60): this one decides whether the page stays.
const BACKDROP_STYLE = { zIndex: 70 } as const;

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
  const dialogRef = useRef<HTMLDivElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const onStayRef = useRef(onStay);
  useEffect(() => {
    onStayRef.current = onStay;
  }, [onStay]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stayRef.current?.focus();
    // On the document, not the dialog: a click on the backdrop must not leave Escape and Tab without effect.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        onStayRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const nodes = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      const inside = dialogRef.current?.contains(document.activeElement) ?? false;
      if (!inside || (e.shiftKey && document.activeElement === first)) {
        e.preventDefault();
        (e.shiftKey ? last : first)?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      previous?.focus();
    };
  }, []);

  return (
    <div className="md-backdrop" style={BACKDROP_STYLE}>
      <div
        ref={dialogRef}
        className="md-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
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
    </div>
  );
}
