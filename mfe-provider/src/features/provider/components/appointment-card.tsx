import { useState, type CSSProperties } from 'react';
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
import { openBlob, styles } from '../../../components/ui';

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
  return rest.length ? [...sections, { title: 'Other answers', items: rest }] : sections;
}

const sectionTitle = { margin: '0.6rem 0 0.2rem', fontSize: 14, color: 'var(--md-accent-dark, #115e59)' };
const cancelNote: CSSProperties = { ...styles.muted, margin: '0.75rem 0 0' };

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
  const [fileFocus, setFileFocus] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const a = appointment;
  const cancelled = a.status === 'Cancelled';
  // A cancelled appointment carries no health data (the API sends none either).
  const summary = cancelled ? null : (a.patient.summary as ClinicalSummary | null);
  const who = a.patient.name ?? a.patient.email ?? 'Patient';
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
      notify.success(`${who}: ${status}`);
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
      notify.success(`Prescription attached for ${who}.`);
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
    <article aria-label={`Appointment with ${who} on ${a.date}`} style={styles.card}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <div>
          <h3 style={{ margin: 0 }}>{who}</h3>
          <p style={{ ...styles.muted, margin: '0.2rem 0' }}>
            {a.date} · {a.notes || 'No notes'}
          </p>
        </div>
        <span
          style={{
            alignSelf: 'start',
            padding: '0.2rem 0.6rem',
            borderRadius: 999,
            fontSize: 13,
            fontWeight: 600,
            background: a.status === 'Completed' ? '#dcfce7' : a.status === 'No-Show' ? '#fee2e2' : '#ccfbf1',
            color: a.status === 'Completed' ? '#166534' : a.status === 'No-Show' ? '#991b1b' : '#115e59',
          }}
        >
          {a.status}
        </span>
      </div>
      {cancelled ? (
        <p style={cancelNote}>
          {MESSAGES.cancelledNoHealthData}
          {a.cancelledBy === 'doctor' && a.cancelReason
            ? ` ${MESSAGES.appointmentCancelReasonLabel}: ${a.cancelReason}`
            : ''}
        </p>
      ) : summary ? (
        <section aria-label={`Summary of ${who}`} style={{ marginTop: '0.75rem' }}>
          {summary.redFlags.length > 0 && (
            <div
              style={{
                border: '1px solid #fecaca',
                borderLeft: '4px solid var(--md-danger, #b91c1c)',
                background: '#fef2f2',
                color: '#991b1b',
                borderRadius: 8,
                padding: '0.5rem 0.75rem',
                margin: '0.25rem 0 0.5rem',
                fontSize: 14,
              }}
            >
              <strong>Red flags</strong>
              <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.2rem' }}>
                {summary.redFlags.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </div>
          )}
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
              gap: '0 1.5rem',
            }}
          >
            {summary.sections.map((s) => (
              <div key={s.title}>
                <h4 style={sectionTitle}>{s.title}</h4>
                <ul style={{ margin: 0, paddingLeft: '1.2rem', fontSize: 14, lineHeight: 1.5 }}>
                  {s.lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <p style={{ ...styles.muted, fontStyle: 'italic', margin: '0.75rem 0 0' }}>{summary.disclaimer}</p>
        </section>
      ) : (
        <p style={styles.muted}>This patient has not completed the intake yet.</p>
      )}
      {!cancelled && a.patient.intake && (
        <details style={{ marginTop: '0.75rem', borderTop: '1px solid #f1f5f9', paddingTop: '0.5rem' }}>
          <summary style={{ cursor: 'pointer', fontWeight: 500, color: 'var(--md-accent-dark, #115e59)' }}>
            Intake details
          </summary>
          {intakeSections(a.patient.intake).map((s) => (
            <section key={s.title} aria-label={s.title}>
              <h4 style={sectionTitle}>{s.title}</h4>
              <dl
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 18rem) 1fr',
                  gap: '0.2rem 1rem',
                  fontSize: 14,
                  margin: 0,
                }}
              >
                {s.items.map((item, i) => (
                  <div key={`${item.label}-${i}`} style={{ display: 'contents' }}>
                    <dt style={{ color: '#475569' }}>{item.label}</dt>
                    <dd style={{ margin: 0 }}>{item.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </details>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginTop: '0.75rem' }}>
        {can.close && (
          <>
            <button
              type="button"
              style={styles.primary}
              disabled={busy}
              onClick={() => void setStatus('Completed')}
            >
              {MESSAGES.markCompleted}
            </button>
            <button
              type="button"
              style={styles.secondary}
              disabled={busy}
              onClick={() => void setStatus('No-Show')}
            >
              {MESSAGES.markNoShow}
            </button>
          </>
        )}
        {can.undo && (
          <button type="button" style={styles.secondary} disabled={busy} onClick={() => void undo()}>
            {formatMessage('undoVisitClose', { status: a.status })}
          </button>
        )}
        {can.cancel && (
          <button type="button" style={styles.danger} disabled={busy} onClick={() => setCancelling(true)}>
            {MESSAGES.doctorCancelConfirm}
          </button>
        )}
        {a.status !== 'Cancelled' && (
          <label
            style={{
              ...styles.secondary,
              ...(busy ? { opacity: 0.6, cursor: 'progress' } : {}),
              ...(fileFocus ? { outline: '3px solid #5eead4', outlineOffset: 2 } : {}),
            }}
          >
            {a.prescriptionUrl ? 'Replace prescription' : 'Attach prescription'}
            <input
              type="file"
              accept={CREDENTIAL_UPLOAD_ACCEPT}
              disabled={busy}
              className="md-visually-hidden"
              style={{
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
                whiteSpace: 'nowrap',
              }}
              onFocus={() => setFileFocus(true)}
              onBlur={() => setFileFocus(false)}
              onChange={(e) => void attach(e.target.files?.[0])}
            />
          </label>
        )}
        {a.prescriptionUrl && (
          <button type="button" style={styles.secondary} onClick={() => void viewPrescription()}>
            View prescription
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
