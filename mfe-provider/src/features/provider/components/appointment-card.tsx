import { useState } from 'react';
import { api, errorMessage, notify, type ClinicalSummary, type ProviderAppointment } from '@medora/shared';
import { openBlob, styles } from '../../../components/ui';

/** 'heightWeight' → 'Height weight'. */
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

function intakeLines(intake: Record<string, unknown> | null): [string, string][] {
  if (!intake) return [];
  return Object.entries(intake)
    .filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => [label(k), show(v)]);
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
  const a = appointment;
  const summary = a.patient.summary as ClinicalSummary | null;
  const who = a.patient.name ?? a.patient.email ?? 'Patient';
  const open = a.status === 'Scheduled' || a.status === 'Confirmed';

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
            background: a.status === 'Completed' ? '#dcfce7' : a.status === 'No-Show' ? '#fee2e2' : '#dbeafe',
          }}
        >
          {a.status}
        </span>
      </div>
      {summary ? (
        <section aria-label={`Summary of ${who}`} style={{ marginTop: '0.5rem' }}>
          {summary.redFlags.length > 0 && (
            <p style={{ color: '#b91c1c', margin: '0.25rem 0' }}>
              <strong>Red flags:</strong> {summary.redFlags.join('; ')}
            </p>
          )}
          {summary.sections.map((s) => (
            <p key={s.title} style={{ margin: '0.25rem 0', fontSize: 14 }}>
              <strong>{s.title}:</strong> {s.lines.join(' ')}
            </p>
          ))}
          <p style={styles.muted}>{summary.disclaimer}</p>
        </section>
      ) : (
        <p style={styles.muted}>This patient has not completed the intake yet.</p>
      )}
      {a.patient.intake && (
        <details>
          <summary>Intake details</summary>
          <dl
            style={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              gap: '0.2rem 1rem',
              fontSize: 14,
            }}
          >
            {intakeLines(a.patient.intake).map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt style={{ color: '#475569' }}>{k}</dt>
                <dd style={{ margin: 0 }}>{v}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginTop: '0.75rem' }}>
        {open && (
          <>
            <button
              type="button"
              style={styles.primary}
              disabled={busy}
              onClick={() => void setStatus('Completed')}
            >
              Mark Completed
            </button>
            <button
              type="button"
              style={styles.secondary}
              disabled={busy}
              onClick={() => void setStatus('No-Show')}
            >
              Mark No-Show
            </button>
          </>
        )}
        {a.status !== 'Cancelled' && (
          <label style={{ ...styles.label, flexDirection: 'row', alignItems: 'center', gap: 6 }}>
            {a.prescriptionUrl ? 'Replace prescription' : 'Attach prescription'}
            <input
              type="file"
              accept=".pdf,.jpg,.jpeg,.png"
              disabled={busy}
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
    </article>
  );
}
