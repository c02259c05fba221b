import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@medora/shared';
import { styles } from '../../../components/ui';

/** A modal asking for the rejection reason (required); Escape or Cancel closes it. */
export function RejectDialog({
  doctorName,
  onCancel,
  onConfirm,
}: {
  doctorName: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <div
      style={{
        position: 'fixed',
        inset: 0,
        background: 'rgba(15,23,42,0.45)',
        display: 'grid',
        placeItems: 'center',
        zIndex: 50,
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby="reject-title"
        style={{ ...styles.card, width: 'min(480px, 92vw)' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError(MESSAGES.rejectionReasonRequired);
            return;
          }
          setBusy(true);
          void onConfirm(reason.trim()).finally(() => setBusy(false));
        }}
      >
        <h2 id="reject-title" style={{ marginTop: 0 }}>
          Reject {doctorName}
        </h2>
        <label style={styles.label}>
          Reason (shown to the applicant)
          <textarea
            ref={field}
            rows={4}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            style={styles.input}
          />
        </label>
        {error && (
          <p role="alert" style={styles.error}>
            {error}
          </p>
        )}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: '1rem' }}>
          <button type="button" style={styles.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" style={styles.danger} disabled={busy}>
            {busy ? MESSAGES.submitting : 'Reject application'}
          </button>
        </div>
      </form>
    </div>
  );
}
