import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  api,
  errorMessage,
  formatMessage,
  type ClinicalSummary,
  type ProviderAppointmentIntake,
} from '@medora/shared';
import {
  ALL_QUESTIONS,
  DOCUMENT_SUFFIX,
  reviewSections,
  type IntakeAnswers,
  type ReviewSection,
} from '@medora/shared/intake';
import { providerWindowKeys } from '@medora/shared/query';
import { ui } from '../../../components/ui';
import css from './appointment-card.module.css';
import { ClinicalFlags } from './clinical-flags';

// What an appointment card shows once opened, loaded apart from the card (appointment-card.tsx).
export { PatientDocuments } from './patient-documents';
export { AddMedicationDialog, PatientMedications } from './patient-medications';

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

/** The card's clinical summary, from the record fetched when it is opened. */
export function SummaryDetails({ appointmentId, who }: { appointmentId: string; who: string }) {
  return (
    <CardRecord appointmentId={appointmentId}>
      {(record) => <SummarySection summary={record.summary} who={who} patientUid={record.patientUid} />}
    </CardRecord>
  );
}

/** The card's intake answers under the questionnaire's wording, from the same record. */
export function IntakeDetails({ appointmentId }: { appointmentId: string }) {
  return (
    <CardRecord appointmentId={appointmentId}>
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
  );
}
