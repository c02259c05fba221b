import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  api,
  errorMessage,
  formatDateTime,
  formatMessage,
  medicationAwaitsConfirmation,
  medicationDoseLine,
  medicationStatusText,
  medicationStrengthForm,
  notify,
  type MedicationInput,
} from '@medora/shared';
import { medicationKeys } from '@medora/shared/query';
import { Dialog } from '@medora/shared/ui';
import { ui } from '../../../components/ui';
import css from './patient-medications.module.css';

const day = (instant: string) => formatDateTime(instant, null, { show: 'date' });

/**
 * The patient's medicine list as their doctor sees it on an appointment card: each current medicine,
 * when the patient last confirmed the list, the last review, and "Reviewed at this visit" (the API
 * decides who may see and review it, and audits both).
 */
export function PatientMedications({
  patientUid,
  who,
  appointmentId,
  canReview,
}: {
  patientUid: string;
  who: string;
  appointmentId: string;
  /** Only a visit that happened or is happening can be a review (not a cancelled one). */
  canReview: boolean;
}) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: medicationKeys.list(patientUid),
    queryFn: () => api.listMedications(patientUid),
    staleTime: 60_000,
  });
  const review = useMutation({
    mutationFn: () => api.reviewMedications(patientUid, appointmentId),
    // The answer is the list with its new review: shown at once, without another request.
    onSuccess: (data) => queryClient.setQueryData(medicationKeys.list(patientUid), data),
  });

  if (list.isPending) return <p role="status">{MESSAGES.providerMedicinesLoading}</p>;
  if (list.isError) {
    return (
      <div role="alert" className={ui.error}>
        <p>{formatMessage('providerMedicinesFailed', { reason: errorMessage(list.error) })}</p>
        <button type="button" className={`${ui.secondary} ${css.action}`} onClick={() => void list.refetch()}>
          {MESSAGES.providerIntakeRetry}
        </button>
      </div>
    );
  }
  const { current, lastConfirmedAt, lastReview } = list.data;
  return (
    <div className={css.box} data-testid="patient-medications">
      {current.length === 0 ? (
        <p className={ui.muted}>{MESSAGES.providerMedicinesEmpty}</p>
      ) : (
        <ul className={css.list} aria-label={formatMessage('providerMedicinesLabel', { patient: who })}>
          {current.map((m) => (
            <li key={m.id} className={css.item}>
              <strong className={css.name}>
                {[m.name, medicationStrengthForm(m)].filter(Boolean).join(' ')}
              </strong>
              <span className={ui.muted}>
                {[medicationDoseLine(m), m.status === 'taking' ? '' : medicationStatusText(m)]
                  .filter(Boolean)
                  .join(MESSAGES.listSeparator)}
              </span>
              {medicationAwaitsConfirmation(m) && (
                <span className={css.badge}>{MESSAGES.providerMedicinesWaiting}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className={ui.muted} data-testid="medications-confirmed">
        {lastConfirmedAt
          ? formatMessage('providerMedicinesConfirmedOn', { date: day(lastConfirmedAt) })
          : MESSAGES.providerMedicinesNeverConfirmed}{' '}
        {lastReview
          ? formatMessage('providerMedicinesLastReview', {
              doctor: lastReview.doctorName,
              date: day(lastReview.reviewedAt),
            })
          : MESSAGES.providerMedicinesNoReview}
      </p>
      {canReview && (
        <button
          type="button"
          className={`${ui.secondary} ${css.action}`}
          disabled={review.isPending}
          onClick={() =>
            review.mutate(undefined, {
              onSuccess: () => notify.success(formatMessage('providerMedicinesReviewed', { patient: who })),
              onError: (err) => notify.error(errorMessage(err)),
            })
          }
        >
          {MESSAGES.providerMedicinesReview}
        </button>
      )}
    </div>
  );
}

/**
 * The doctor puts a medicine of the prescription they uploaded on the patient's list; it waits there
 * for the patient's confirmation. The visit is sent along, which is what lets the doctor add it.
 */
export function AddMedicationDialog({
  patientUid,
  appointmentId,
  who,
  onClose,
}: {
  patientUid: string;
  appointmentId: string;
  who: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState({ name: '', strength: '', dose: '', frequency: '', notes: '' });
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (input: MedicationInput) => api.addMedication(patientUid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicationKeys.list(patientUid) }),
  });
  const orNull = (v: string) => v.trim() || null;
  const field = (key: keyof typeof values, label: string) => (
    <label className={ui.label}>
      {label}
      <input
        ref={key === 'name' ? nameRef : undefined}
        className={`${ui.input} ${css.input}`}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        aria-invalid={key === 'name' && error === MESSAGES.medsFormNameRequired ? true : undefined}
      />
    </label>
  );
  return (
    <Dialog labelledBy={titleId} initialFocus={nameRef} onClose={onClose}>
      <form
        className={`${ui.card} ${css.panel}`}
        data-testid="add-medication-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          const name = values.name.trim();
          if (!name) {
            setError(MESSAGES.medsFormNameRequired);
            return;
          }
          setError(null);
          add.mutate(
            {
              name,
              strength: orNull(values.strength),
              dose: orNull(values.dose),
              frequency: orNull(values.frequency),
              notes: orNull(values.notes),
              appointmentId,
            },
            {
              onSuccess: () => {
                notify.success(formatMessage('providerAddedToMedicines', { name, patient: who }));
                onClose();
              },
              onError: (err) => setError(formatMessage('medsFailed', { message: errorMessage(err) })),
            },
          );
        }}
      >
        <h2 id={titleId} className={css.title}>
          {formatMessage('providerAddToMedicinesTitle', { patient: who })}
        </h2>
        <p className={ui.muted}>{MESSAGES.providerAddToMedicinesIntro}</p>
        <div className={css.fields}>
          {field('name', MESSAGES.medsFormName)}
          {field('strength', MESSAGES.medsFormStrength)}
          {field('dose', MESSAGES.medsFormDose)}
          {field('frequency', MESSAGES.medsFormFrequency)}
          {field('notes', MESSAGES.medsFormNotes)}
        </div>
        {error && (
          <p role="alert" className={ui.error}>
            {error}
          </p>
        )}
        <div className={css.dialogActions}>
          <button type="button" className={`${ui.secondary} ${css.action}`} onClick={onClose}>
            {MESSAGES.medsFormCancel}
          </button>
          <button type="submit" className={`${ui.primary} ${css.action}`} disabled={add.isPending}>
            {add.isPending ? MESSAGES.medsSaving : MESSAGES.medsFormSave}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
