import { useState } from 'react';
import {
  errorMessage,
  formatMessage,
  MESSAGES,
  todayIn,
  type Medication,
  type MedicationStatus,
} from '@medora/shared';
import common from '../../../components/patient.module.css';
import { Modal, ModalActions } from '@medora/shared/ui';
import css from './medications.module.css';

const TITLES = {
  stopped: 'medsStatusTitleStop',
  paused: 'medsStatusTitlePause',
  taking: 'medsStatusTitleRestart',
} as const;
const CONFIRM = { stopped: MESSAGES.medsStop, paused: MESSAGES.medsPause, taking: MESSAGES.medsRestart };

/** Today on the patient's own calendar (the device's time zone). */
export function localToday(now = new Date()): string {
  return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, now);
}

interface StatusDialogProps {
  medication: Medication;
  status: MedicationStatus;
  onSave: (input: { status: MedicationStatus; on: string; reason: string | null }) => Promise<void>;
  onClose: () => void;
}

/** Stop, pause or restart one medicine: on which day (today by default) and, to stop or pause, why. */
export function StatusDialog({ medication, status, onSave, onClose }: StatusDialogProps) {
  const [on, setOn] = useState(localToday);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={formatMessage(TITLES[status], { name: medication.name })}
      onClose={onClose}
      testId="medication-status"
      closeOnBackdrop={false}
    >
      <form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          onSave({ status, on, reason: status === 'taking' ? null : reason.trim() || null })
            .catch((err: unknown) => setError(formatMessage('medsFailed', { message: errorMessage(err) })))
            .finally(() => setBusy(false));
        }}
      >
        <label className={css.field}>
          <span>{MESSAGES.medsStatusOn}</span>
          <input type="date" value={on} required max={localToday()} onChange={(e) => setOn(e.target.value)} />
        </label>
        {status !== 'taking' && (
          <label className={css.field}>
            <span>{MESSAGES.medsStatusWhy}</span>
            <textarea rows={3} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
          </label>
        )}
        {error && (
          <p role="alert" className={common.error}>
            {error}
          </p>
        )}
        <ModalActions>
          <button type="button" className={`md-button ${common.buttonSecondary}`} onClick={onClose}>
            {MESSAGES.medsFormCancel}
          </button>
          <button
            type="submit"
            className={status === 'stopped' ? `md-button ${common.buttonDanger}` : 'md-button md-primary'}
            disabled={busy || !on}
          >
            {busy ? MESSAGES.medsSaving : CONFIRM[status]}
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
