import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
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
  type ClinicalSummary,
  type ProviderAppointment,
  type ProviderAppointmentIntake,
} from '@medora/shared';
import {
  ALL_QUESTIONS,
  DOCUMENT_SUFFIX,
  reviewSections,
  type IntakeAnswers,
  type ReviewSection,
} from '@medora/shared/intake';
import { providerFileKeys, providerWindowKeys } from '@medora/shared/query';
import { FilePreviewDialog, ReasonDialog } from '@medora/shared/ui';
import { ui } from '../../../components/ui';
import { useDownloadFile } from '../../../hooks/use-open-file';
import { checkDocument } from '../../../model/doctor-profile';
import { useDoctorCancel, useReopenVisit, useSetVisitStatus, useUploadPrescription } from '../api/mutations';
import css from './appointment-card.module.css';
import { ClinicalFlags } from './clinical-flags';
import { PatientDocuments } from './patient-documents';
import { AddMedicationDialog, PatientMedications } from './patient-medications';

/** 'heightWeight' → 'Height weight' (for answers no intake question describes). */
function label(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function show(value: unknown): string {
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => `${label(k)}: ${show(v)}`)
      .join(', ');
  }
  return String(value);
}

/**
 * The intake in the patient's own review sections, labelled with the intake questions (as the patient
 * dashboard shows it); answers outside those sections follow under 'Other answers'.
 */
function intakeSections(intake: Record<string, unknown> | null): ReviewSection[] {
  if (!intake) return [];
  const sections = reviewSections(intake as IntakeAnswers, { viaDoctor: false })
    .map((s) => ({ ...s, items: s.items.filter((i) => i.label !== '') }))
    .filter((s) => s.items.length > 0);
  const known = new Set(ALL_QUESTIONS.map((q) => q.field));
  const rest = Object.entries(intake)
    .filter(([k, v]) => {
      if (known.has(k) || k.endsWith(DOCUMENT_SUFFIX) || k === 'medicalReports') return false;
      return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
    })
    .map(([k, v]) => ({ label: label(k), value: show(v) }));
  return rest.length ? [...sections, { title: MESSAGES.providerOtherAnswers, items: rest }] : sections;
}

/**
 * The summary and intake behind one card, fetched when it is opened (one request for both
 * sections, cached under the card's key); loading and error states with a retry.
 */
function CardRecord({
  appointmentId,
  children,
}: {
  appointmentId: string;
  children: (record: ProviderAppointmentIntake) => ReactNode;
}) {
  const record = useQuery({
    queryKey: providerWindowKeys.intake(appointmentId),
    queryFn: () => api.providerAppointmentIntake(appointmentId),
    staleTime: 60_000,
  });
  if (record.isPending) return <p role="status">{MESSAGES.providerIntakeLoading}</p>;
  if (record.isError) {
    return (
      <div role="alert" className={ui.error}>
        <p>{formatMessage('providerIntakeFailed', { reason: errorMessage(record.error) })}</p>
        <button type="button" className={ui.secondary} onClick={() => void record.refetch()}>
          {MESSAGES.providerIntakeRetry}
        </button>
      </div>
    );
  }
  return <>{children(record.data)}</>;
}

/** The clinical summary: red flags first, then its sections and the disclaimer. */
function SummarySection({
  summary,
  who,
  patientUid,
}: {
  summary: ClinicalSummary | null;
  who: string;
  patientUid: string;
}) {
  if (!summary) return <p className={ui.muted}>{MESSAGES.providerNoIntake}</p>;
  return (
    <section aria-label={formatMessage('providerSummaryLabel', { patient: who })} className={css.summary}>
      <ClinicalFlags summary={summary} patientUid={patientUid} />
      <div className={css.sections}>
        {summary.sections.map((s) => (
          <div key={s.title}>
            <h5 className={css.sectionTitle}>{s.title}</h5>
            <ul className={css.lines}>
              {s.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className={`${ui.muted} ${css.disclaimer}`}>{summary.disclaimer}</p>
    </section>
  );
}

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
              <CardRecord appointmentId={a.id}>
                {(record) => (
                  <SummarySection summary={record.summary} who={who} patientUid={record.patientUid} />
                )}
              </CardRecord>
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
              <CardRecord appointmentId={a.id}>
                {(record) =>
                  intakeSections(record.intake).map((s) => (
                    <section key={s.title} aria-label={s.title}>
                      <h5 className={css.sectionTitle}>{s.title}</h5>
                      <dl className={css.answers}>
                        {s.items.map((item, i) => (
                          <div key={`${item.label}-${i}`} className={css.answer}>
                            <dt className={css.answerLabel}>{item.label}</dt>
                            <dd className={css.answerValue}>{item.value}</dd>
                          </div>
                        ))}
                      </dl>
                    </section>
                  ))
                }
              </CardRecord>
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
          {opened.documents && <PatientDocuments patientUid={a.patient.uid} who={who} />}
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
            <PatientMedications patientUid={a.patient.uid} who={who} appointmentId={a.id} canReview />
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
        <AddMedicationDialog
          patientUid={a.patient.uid}
          appointmentId={a.id}
          who={who}
          onClose={() => setAddingMedicine(false)}
        />
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
