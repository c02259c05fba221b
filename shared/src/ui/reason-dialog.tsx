import { useId, useRef, useState } from 'react';
import { ACCESS_REASON_MAX_LENGTH, ACCESS_REASON_MIN_LENGTH } from '../auth/access-reason.js';
import { CANCEL_REASON_MAX_LENGTH } from '../booking/types.js';
import { errorMessage } from '../api/api-error.js';
import { MESSAGES, formatMessage } from '@medora/shared/messages';
import { Dialog } from './dialog.js';
import { ReasonField } from './reason-field.js';

interface ReasonTexts {
  label: string;
  confirm: string;
  dismiss: string;
  required: string;
  maxLength?: number;
}

/** The texts of each use of the dialog: the admin's rejection and reason for access, the doctor's cancellation. */
const PURPOSES = {
  reject: {
    label: MESSAGES.rejectReasonLabel,
    confirm: MESSAGES.rejectConfirm,
    dismiss: MESSAGES.dialogCancel,
    required: MESSAGES.rejectionReasonRequired,
  },
  cancel: {
    label: MESSAGES.doctorCancelReasonLabel,
    confirm: MESSAGES.doctorCancelConfirm,
    dismiss: MESSAGES.doctorCancelKeep,
    required: MESSAGES.cancelReasonRequired,
    maxLength: CANCEL_REASON_MAX_LENGTH,
  },
  // Break-the-glass: an admin states why before reading a patient's health record.
  access: {
    label: MESSAGES.accessReasonLabel,
    confirm: MESSAGES.accessReasonConfirm,
    dismiss: MESSAGES.dialogCancel,
    required: formatMessage('accessReasonLength', {
      min: ACCESS_REASON_MIN_LENGTH,
      max: ACCESS_REASON_MAX_LENGTH,
    }),
    maxLength: ACCESS_REASON_MAX_LENGTH,
  },
} satisfies Record<string, ReasonTexts>;

export type ReasonPurpose = keyof typeof PURPOSES;

export interface ReasonDialogProps {
  purpose: ReasonPurpose;
  title: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}

/**
 * A modal that asks for a required reason (the admin rejects an application or opens a patient's
 * record, a doctor cancels an appointment), on the shared Dialog: focus moves into the field on open,
 * stays inside, and goes back to the opener on close; Escape or the dismiss button closes it. A failed
 * `onConfirm` shows its message inside the dialog. Styled by `md-ui-*` classes of kit.css.
 */
export function ReasonDialog({ purpose, title, onCancel, onConfirm }: ReasonDialogProps) {
  const texts: ReasonTexts = PURPOSES[purpose];
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const errorId = useId();
  return (
    <Dialog labelledBy={titleId} initialFocus={field} onClose={onCancel}>
      <form
        className="md-ui-dialog-panel"
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError(texts.required);
            return;
          }
          setBusy(true);
          setError(null);
          onConfirm(reason.trim())
            .catch((err: unknown) => setError(errorMessage(err)))
            .finally(() => setBusy(false));
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <ReasonField
          label={texts.label}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
          rows={4}
          maxLength={texts.maxLength}
          error={error}
          errorId={errorId}
          fieldRef={field}
        />
        {error && (
          <p id={errorId} role="alert" className="md-ui-error">
            {error}
          </p>
        )}
        <div className="md-ui-dialog-actions">
          <button type="button" className="md-button" onClick={onCancel}>
            {texts.dismiss}
          </button>
          <button type="submit" className="md-button md-danger" disabled={busy}>
            {busy ? MESSAGES.submitting : texts.confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
