import { useId, useRef, useState } from 'react';
import { errorMessage } from '../api/api-error.js';
import { MESSAGES } from '@medora/shared/messages';
import { Dialog } from './dialog.js';
import { ReasonField } from './reason-field.js';

export interface ConfirmDecisionDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel: string;
  /** A required reason (the suspension's): its label, its message when blank, its longest length. */
  reason?: { label: string; required: string; maxLength: number };
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}

/**
 * A decision that asks first (an approval, a re-opening, a suspension with its reason). The confirm
 * button turns busy and disabled while the one request runs; the dialog closes when `onConfirm`
 * resolves, a failure other than a conflict (which the caller shows on its card) stays inside the
 * dialog. Styled by `md-ui-*` classes of kit.css.
 */
export function ConfirmDecisionDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  reason,
  onCancel,
  onConfirm,
}: ConfirmDecisionDialogProps) {
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      labelledBy={titleId}
      describedBy={messageId}
      initialFocus={reason ? fieldRef : confirmRef}
      onClose={() => {
        if (!busy) onCancel();
      }}
    >
      <div className="md-ui-dialog-panel" aria-busy={busy || undefined}>
        <h2 id={titleId}>{title}</h2>
        <p id={messageId}>{message}</p>
        {reason && (
          <ReasonField
            label={reason.label}
            value={text}
            onChange={(value) => {
              setText(value);
              setError(null);
            }}
            rows={3}
            maxLength={reason.maxLength}
            error={error}
            errorId={errorId}
            fieldRef={fieldRef}
          />
        )}
        {error && (
          <p id={errorId} role="alert" className="md-ui-error">
            {error}
          </p>
        )}
        <div className="md-ui-dialog-actions">
          <button type="button" className="md-button" onClick={onCancel} disabled={busy}>
            {MESSAGES.dialogCancel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="md-button md-primary"
            disabled={busy}
            onClick={() => {
              if (busy) return;
              if (reason && !text.trim()) {
                setError(reason.required);
                return;
              }
              setBusy(true);
              setError(null);
              onConfirm(text.trim())
                .catch((err: unknown) => setError(errorMessage(err)))
                .finally(() => setBusy(false));
            }}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
