import { lazy, Suspense, useState } from 'react';
import {
  CREDENTIAL_UPLOAD_ACCEPT,
  MESSAGES,
  api,
  errorMessage,
  formatDateTime,
  formatMessage,
  notify,
  urgencyLabel,
  visitActions,
  type ProviderAppointment,
} from '@medora/shared';
import { providerFileKeys } from '@medora/shared/query';
import { FilePreviewDialog, ReasonDialog } from '@medora/shared/ui';
import { ui } from '../../../components/ui';
import { useDownloadFile } from '../../../hooks/use-open-file';
import { checkDocument } from '../../../model/doctor-profile';
import { useDoctorCancel, useReopenVisit, useSetVisitStatus, useUploadPrescription } from '../api/mutations';
import css from './appointment-card.module.css';

/**
 * What a card shows once opened (the summary, the intake with the questionnaire's wording, the
 * documents, the medicines): one chunk, outside the page's initial JavaScript. The dashboard starts it
 * once its first screen is up (`preloadAppointmentDetails`), so it is usually in before a card opens.
 */
const details = () => import('./appointment-card-details');
export const preloadAppointmentDetails = () => void details();
const SummaryDetails = lazy(() => details().then((m) => ({ default: m.SummaryDetails })));
const IntakeDetails = lazy(() => details().then((m) => ({ default: m.IntakeDetails })));
const PatientDocuments = lazy(() => details().then((m) => ({ default: m.PatientDocuments })));
const PatientMedications = lazy(() => details().then((m) => ({ default: m.PatientMedications })));
const AddMedicationDialog = lazy(() => details().then((m) => ({ default: m.AddMedicationDialog })));

const recordLoading = <p role="status">{MESSAGES.providerIntakeLoading}</p>;
const loading = <p role="status">{MESSAGES.loading}</p>;

/** The two ways a started visit closes, with their buttons. */
const CLOSE_AS = [
  { status: 'Completed', label: MESSAGES.markCompleted, className: ui.primary },
  { status: 'No-Show', label: MESSAGES.markNoShow, className: ui.secondary },
] as const;

/**
 * One booking on the provider dashboard: patient, summary headline (the summary and intake details load
 * when opened), status and prescription.
 */
export function AppointmentCard({ appointment }: { appointment: ProviderAppointment }) {
  const [cancelling, setCancelling] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [addingMedicine, setAddingMedicine] = useState(false);
  // The summary and intake (one request for both), the documents and the medicines load the first time
  // they are opened.
  const [opened, setOpened] = useState({ summary: false, intake: false, documents: false, medicines: false });
  const a = appointment;
  const cancelled = a.status === 'Cancelled';
  // A cancelled appointment carries no health data (the API sends none either).
  const headline = cancelled ? null : a.patient.headline;
  const who = a.patient.name ?? a.patient.email ?? MESSAGES.providerPatientFallback;
  // The closing rules are shared (visitActions); the API applies the same ones and answers 409.
  const can = visitActions(a, Date.now());
  const zone = a.timeZone;
  const when = formatDateTime(a.startsAt, zone, { year: false });

  const setStatus = useSetVisitStatus();
  const reopen = useReopenVisit();
  const cancel = useDoctorCancel();
  const attach = useUploadPrescription();
  const prescriptionName = formatMessage('providerPrescriptionPreviewTitle', { patient: who });
  const download = useDownloadFile(
    (id: string) => api.prescriptionFile(id),
    () => prescriptionName,
  );
  const busy = setStatus.isPending || reopen.isPending || attach.isPending;

  /** Runs a change and says how it went (the lists reload through the mutation). */
  const run = (change: Promise<unknown>, done: string) =>
    void change.then(
      () => notify.success(done),
      (err: unknown) => notify.error(errorMessage(err)),
    );

  /**
   * A prescription is checked by content first (a refused file is named, as on onboarding); a refusal
   * stays on the card, beside the button, until the next upload works.
   */
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const attachPrescription = async (file: File) => {
    const refused = await checkDocument(file);
    if (refused) {
      setFileProblem(refused);
      return;
    }
    try {
      await attach.mutateAsync({ id: a.id, file });
      setFileProblem(null);
      notify.success(formatMessage('providerPrescriptionAttached', { patient: who }));
    } catch (err) {
      setFileProblem(
        formatMessage('providerPrescriptionFailed', { name: file.name, message: errorMessage(err) }),
      );
    }
  };

  return (
    <article
      aria-label={formatMessage('providerAppointmentLabel', { patient: who, date: when })}
      className={ui.card}
    >
      <div className={css.head}>
        <div>
          <h4 className={css.name}>{who}</h4>
          <p className={`${ui.muted} ${css.meta}`}>
            <time dateTime={a.startsAt}>{when}</time> · {a.notes || MESSAGES.providerNoNotes}
          </p>
          {a.rescheduledFrom ? (
            <p className={`${ui.muted} ${css.meta}`} data-testid="rescheduled-from">
              {formatMessage('rescheduledFrom', { date: formatDateTime(a.rescheduledFrom, a.timeZone) })}
            </p>
          ) : null}
        </div>
        <span className={css.status} data-status={a.status}>
          {a.status}
        </span>
      </div>
      {cancelled ? (
        <p className={`${ui.muted} ${css.note}`}>
          {MESSAGES.cancelledNoHealthData}
          {a.cancelledBy === 'doctor' && a.cancelReason
            ? ` ${MESSAGES.appointmentCancelReasonLabel}: ${a.cancelReason}`
            : ''}
        </p>
      ) : headline ? (
        <>
          {headline.complaints.length > 0 && (
            <p className={`${css.meta} ${css.headline}`} data-testid="summary-headline">
              {formatMessage('providerHeadlineComplaints', { complaints: headline.complaints.join('; ') })}
            </p>
          )}
          <details className={css.details}>
            <summary
              className={css.detailsSummary}
              onClick={() => setOpened((o) => ({ ...o, summary: true }))}
            >
              {MESSAGES.providerSummaryToggle}
              {headline.redFlags.length > 0 && (
                <span className={css.flagCount}>
                  {formatMessage('providerSummaryRedFlagCount', { count: headline.redFlags.length })}
                  {headline.topUrgency &&
                    ` · ${formatMessage('providerTopUrgency', { urgency: urgencyLabel(headline.topUrgency) })}`}
                </span>
              )}
              {headline.crisis && <span className={css.flagCount}>{MESSAGES.providerCrisisMarker}</span>}
            </summary>
            {opened.summary && (
              <Suspense fallback={recordLoading}>
                <SummaryDetails appointmentId={a.id} who={who} />
              </Suspense>
            )}
          </details>
          <details className={css.details}>
            <summary
              className={css.detailsSummary}
              onClick={() => setOpened((o) => ({ ...o, intake: true }))}
            >
              {MESSAGES.providerIntakeDetails}
            </summary>
            {opened.intake && (
              <Suspense fallback={recordLoading}>
                <IntakeDetails appointmentId={a.id} />
              </Suspense>
            )}
          </details>
        </>
      ) : (
        <p className={ui.muted}>{MESSAGES.providerNoIntake}</p>
      )}
      {!cancelled && (
        // A patient may upload documents before (or without) the intake; each opening is audited.
        <details className={css.details}>
          <summary
            className={css.detailsSummary}
            onClick={() => setOpened((o) => ({ ...o, documents: true }))}
          >
            {MESSAGES.providerDocumentsToggle}
          </summary>
          {opened.documents && (
            <Suspense fallback={loading}>
              <PatientDocuments patientUid={a.patient.uid} who={who} />
            </Suspense>
          )}
        </details>
      )}
      {!cancelled && (
        <details className={css.details}>
          <summary
            className={css.detailsSummary}
            onClick={() => setOpened((o) => ({ ...o, medicines: true }))}
          >
            {MESSAGES.providerMedicinesToggle}
          </summary>
          {opened.medicines && (
            <Suspense fallback={loading}>
              <PatientMedications patientUid={a.patient.uid} who={who} appointmentId={a.id} canReview />
            </Suspense>
          )}
        </details>
      )}
      <div className={css.actions}>
        {can.close &&
          CLOSE_AS.map(({ status, label, className }) => (
            <button
              key={status}
              type="button"
              className={`${className} ${css.action}`}
              disabled={busy}
              onClick={() =>
                run(
                  setStatus.mutateAsync({ id: a.id, status }),
                  formatMessage('providerStatusSet', { patient: who, status }),
                )
              }
            >
              {label}
            </button>
          ))}
        {can.undo && (
          <button
            type="button"
            className={`${ui.secondary} ${css.action}`}
            disabled={busy}
            onClick={() => run(reopen.mutateAsync(a.id), MESSAGES.visitUndone)}
          >
            {formatMessage('undoVisitClose', { status: a.status })}
          </button>
        )}
        {can.cancel && (
          <button
            type="button"
            className={`${ui.danger} ${css.action}`}
            disabled={busy}
            onClick={() => setCancelling(true)}
          >
            {MESSAGES.doctorCancelConfirm}
          </button>
        )}
        {a.status !== 'Cancelled' && (
          <label className={`${ui.secondary} ${css.action} ${css.fileButton}`} data-busy={busy}>
            {a.prescriptionUrl ? MESSAGES.providerReplacePrescription : MESSAGES.providerAttachPrescription}
            <input
              type="file"
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              disabled={busy}
              className={css.hiddenInput}
              onChange={(e) => {
                const input = e.target;
                const file = input.files?.[0];
                if (file) void attachPrescription(file).finally(() => (input.value = ''));
              }}
            />
          </label>
        )}
        {a.prescriptionUrl && (
          <>
            <button
              type="button"
              className={`${ui.secondary} ${css.action}`}
              onClick={() => setPreviewing(true)}
            >
              {MESSAGES.providerViewPrescription}
            </button>
            <button
              type="button"
              className={`${ui.secondary} ${css.action}`}
              disabled={download.isPending}
              onClick={() => download.mutate(a.id)}
            >
              {MESSAGES.providerDownloadPrescription}
            </button>
            {!cancelled && (
              <button
                type="button"
                className={`${ui.secondary} ${css.action}`}
                onClick={() => setAddingMedicine(true)}
              >
                {MESSAGES.providerAddToMedicines}
              </button>
            )}
          </>
        )}
      </div>
      {fileProblem && (
        <p role="alert" className={`${ui.error} ${css.note}`}>
          {fileProblem}
        </p>
      )}
      {can.closableFrom && (
        <p className={`${ui.muted} ${css.note}`} data-testid="close-from">
          {formatMessage('providerCloseFrom', {
            time: formatDateTime(can.closableFrom, zone, { year: false }),
          })}
        </p>
      )}
      {can.undoUntil && (
        <p className={`${ui.muted} ${css.note}`} data-testid="undo-until">
          {formatMessage('providerUndoUntil', { time: formatDateTime(can.undoUntil, zone, { year: false }) })}
        </p>
      )}
      {previewing && (
        <FilePreviewDialog
          title={prescriptionName}
          queryKey={providerFileKeys.prescription(a.id)}
          load={() => api.prescriptionFile(a.id)}
          fallbackName={prescriptionName}
          onClose={() => setPreviewing(false)}
        />
      )}
      {addingMedicine && (
        <Suspense fallback={null}>
          <AddMedicationDialog
            patientUid={a.patient.uid}
            appointmentId={a.id}
            who={who}
            onClose={() => setAddingMedicine(false)}
          />
        </Suspense>
      )}
      {cancelling && (
        <ReasonDialog
          purpose="cancel"
          title={formatMessage('doctorCancelTitle', { patient: who })}
          onCancel={() => setCancelling(false)}
          onConfirm={async (reason) => {
            await cancel.mutateAsync({ id: a.id, reason });
            setCancelling(false);
            notify.success(MESSAGES.doctorCancelled);
          }}
        />
      )}
    </article>
  );
}
