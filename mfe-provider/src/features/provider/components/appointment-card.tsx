import { useState } from 'react';
import {
  CANCEL_REASON_MAX_LENGTH,
  CREDENTIAL_UPLOAD_ACCEPT,
  MESSAGES,
  VISIT_UNDO_HOURS,
  api,
  errorMessage,
  formatMessage,
  isOpenStatus,
  notify,
  type ClinicalSummary,
  type ProviderAppointment,
} from '@medora/shared';
import {
  ALL_QUESTIONS,
  DOCUMENT_SUFFIX,
  reviewSections,
  type IntakeAnswers,
  type ReviewSection,
} from '@medora/shared/intake';
import { ReasonDialog } from '../../../components/reason-dialog';
import { openBlob, ui } from '../../../components/ui';
import css from './appointment-card.module.css';

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

const HOUR = 60 * 60 * 1000;

/**
 * Which closing actions the card offers at `now` (the server decides again): Completed / No-Show once
 * the visit has started, Cancel before that, Undo within VISIT_UNDO_HOURS of a close.
 */
export function closingActions(a: ProviderAppointment, now: number) {
  const open = isOpenStatus(a.status);
  const started = Date.parse(a.startsAt) <= now;
  const closed = a.status === 'Completed' || a.status === 'No-Show';
  return {
    close: open && started,
    cancel: open && !started,
    undo: closed && !!a.closedAt && now - Date.parse(a.closedAt) < VISIT_UNDO_HOURS * HOUR,
  };
}

/** One booking on the provider dashboard: patient, summary, intake details, status and prescription. */
export function AppointmentCard({
  appointment,
  onChanged,
}: {
  appointment: ProviderAppointment;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const a = appointment;
  const cancelled = a.status === 'Cancelled';
  // A cancelled appointment carries no health data (the API sends none either).
  const summary = cancelled ? null : (a.patient.summary as ClinicalSummary | null);
  const who = a.patient.name ?? a.patient.email ?? MESSAGES.providerPatientFallback;
  const can = closingActions(a, Date.now());

  const undo = async () => {
    setBusy(true);
    try {
      await api.reopenAppointment(a.id);
      notify.success(MESSAGES.visitUndone);
      onChanged();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (reason: string) => {
    await api.doctorCancelAppointment(a.id, reason);
    setCancelling(false);
    notify.success(MESSAGES.doctorCancelled);
    onChanged();
  };

  const setStatus = async (status: 'Completed' | 'No-Show') => {
    setBusy(true);
    try {
      await api.setAppointmentStatus(a.id, status);
      notify.success(formatMessage('providerStatusSet', { patient: who, status }));
      onChanged();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await api.uploadPrescription(a.id, file, file.name);
      notify.success(formatMessage('providerPrescriptionAttached', { patient: who }));
      onChanged();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const viewPrescription = async () => {
    try {
      const file = await api.prescriptionFile(a.id);
      openBlob(file.blob, file.fileName);
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  return (
    <article
      aria-label={formatMessage('providerAppointmentLabel', { patient: who, date: a.date })}
      className={ui.card}
    >
      <div className={css.head}>
        <div>
          <h3 className={css.name}>{who}</h3>
          <p className={`${ui.muted} ${css.meta}`}>
            {a.date} · {a.notes || MESSAGES.providerNoNotes}
          </p>
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
      ) : summary ? (
        <section aria-label={formatMessage('providerSummaryLabel', { patient: who })} className={css.summary}>
          {summary.redFlags.length > 0 && (
            <div className={css.redFlags}>
              <strong>{MESSAGES.providerRedFlags}</strong>
              <ul className={css.redFlagList}>
                {summary.redFlags.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </div>
          )}
          <div className={css.sections}>
            {summary.sections.map((s) => (
              <div key={s.title}>
                <h4 className={css.sectionTitle}>{s.title}</h4>
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
      ) : (
        <p className={ui.muted}>{MESSAGES.providerNoIntake}</p>
      )}
      {!cancelled && a.patient.intake && (
        <details className={css.details}>
          <summary className={css.detailsSummary}>{MESSAGES.providerIntakeDetails}</summary>
          {intakeSections(a.patient.intake).map((s) => (
            <section key={s.title} aria-label={s.title}>
              <h4 className={css.sectionTitle}>{s.title}</h4>
              <dl className={css.answers}>
                {s.items.map((item, i) => (
                  <div key={`${item.label}-${i}`} className={css.answer}>
                    <dt className={css.answerLabel}>{item.label}</dt>
                    <dd className={css.answerValue}>{item.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </details>
      )}
      <div className={css.actions}>
        {can.close && (
          <>
            <button
              type="button"
              className={ui.primary}
              disabled={busy}
              onClick={() => void setStatus('Completed')}
            >
              {MESSAGES.markCompleted}
            </button>
            <button
              type="button"
              className={ui.secondary}
              disabled={busy}
              onClick={() => void setStatus('No-Show')}
            >
              {MESSAGES.markNoShow}
            </button>
          </>
        )}
        {can.undo && (
          <button type="button" className={ui.secondary} disabled={busy} onClick={() => void undo()}>
            {formatMessage('undoVisitClose', { status: a.status })}
          </button>
        )}
        {can.cancel && (
          <button type="button" className={ui.danger} disabled={busy} onClick={() => setCancelling(true)}>
            {MESSAGES.doctorCancelConfirm}
          </button>
        )}
        {a.status !== 'Cancelled' && (
          <label className={`${ui.secondary} ${css.fileButton}`} data-busy={busy}>
            {a.prescriptionUrl ? MESSAGES.providerReplacePrescription : MESSAGES.providerAttachPrescription}
            <input
              type="file"
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              disabled={busy}
              className={css.hiddenInput}
              onChange={(e) => void attach(e.target.files?.[0])}
            />
          </label>
        )}
        {a.prescriptionUrl && (
          <button type="button" className={ui.secondary} onClick={() => void viewPrescription()}>
            {MESSAGES.providerViewPrescription}
          </button>
        )}
      </div>
      {cancelling && (
        <ReasonDialog
          title={formatMessage('doctorCancelTitle', { patient: who })}
          label={MESSAGES.doctorCancelReasonLabel}
          confirmLabel={MESSAGES.doctorCancelConfirm}
          dismissLabel={MESSAGES.doctorCancelKeep}
          requiredMessage={MESSAGES.cancelReasonRequired}
          maxLength={CANCEL_REASON_MAX_LENGTH}
          onCancel={() => setCancelling(false)}
          onConfirm={cancel}
        />
      )}
    </article>
  );
}
