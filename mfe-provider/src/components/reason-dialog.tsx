import { useId, useRef, useState, type CSSProperties } from 'react';
import { MESSAGES, errorMessage } from '@medora/shared';
import { Dialog } from '@medora/shared/ui';
import { styles } from './ui';

const panel: CSSProperties = { ...styles.card, width: 'min(480px, 92vw)' };
const heading: CSSProperties = { marginTop: 0 };
const actions: CSSProperties = { display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: '1rem' };

/**
 * A modal that asks for a required reason (issue 13: a doctor's cancellation; the same shape as the
 * admin's RejectDialog), on the shared Dialog: focus moves into the field on open, stays inside, and
 * goes back to the opener on close; Escape or the dismiss button closes it. A failed `onConfirm` shows its message inside the dialog.
 */
export function ReasonDialog({
  title,
  label,
  confirmLabel,
  dismissLabel,
  requiredMessage,
  maxLength,
  onCancel,
  onConfirm,
}: {
  title: string;
  label: string;
  confirmLabel: string;
  dismissLabel: string;
  requiredMessage: string;
  maxLength?: number;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const errorId = useId();
  return (
    <Dialog labelledBy={titleId} initialFocus={field} onClose={onCancel}>
      <form
        style={panel}
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError(requiredMessage);
            return;
          }
          setBusy(true);
          setError(null);
          onConfirm(reason.trim())
            .catch((err: unknown) => setError(errorMessage(err)))
            .finally(() => setBusy(false));
        }}
      >
        <h2 id={titleId} style={heading}>
          {title}
        </h2>
        <label style={styles.label}>
          {label}
          <textarea
            ref={field}
            rows={4}
            value={reason}
            maxLength={maxLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            style={styles.input}
          />
        </label>
        {error && (
          <p id={errorId} role="alert" style={styles.error}>
            {error}
          </p>
        )}
        <div style={actions}>
          <button type="button" style={styles.secondary} onClick={onCancel}>
            {dismissLabel}
          </button>
          <button type="submit" style={styles.danger} disabled={busy}>
            {busy ? MESSAGES.submitting : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
