import { useId } from 'react';
import { Link } from '@medora/shared/router';
import {
  formatDateTime,
  formatMessage,
  formatWallDate,
  medicationSummaryLine,
  MESSAGES,
  type Medication,
  type PatientResponse,
} from '@medora/shared';
import { healthRecordLists } from '@medora/shared/intake';
import { IPS_VIEW_HREF } from '../model/record-view';
import css from './record.module.css';
import { SummarySections } from './summary-tab';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function ListSection({ title, items }: { title: string; items: string[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={css.block}>
      <h2 id={id}>{title}</h2>
      {items.length ? (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="md-muted">{MESSAGES.recordNoneKnown}</p>
      )}
    </section>
  );
}

/**
 * A one-page summary to bring to a visit — name, date of birth, the clinical summary,
 * problems, medications, allergies (and past surgeries) — with print CSS and a Print button.
 */
export function PrintableSummary({
  profile,
  medications = null,
}: {
  profile: Pick<PatientResponse, 'data' | 'aiSummary'> | null;
  /** The patient's current medicine list; while it is unknown (loading, failed) the intake's answers stand in. */
  medications?: Medication[] | null;
}) {
  const headingId = useId();
  const summaryId = useId();
  const data = profile?.data ?? {};
  const lists = healthRecordLists(data);
  const summary = profile?.aiSummary ?? null;
  return (
    <article className={css.sheet} aria-labelledby={headingId} data-testid="printable-summary">
      <div className={css.toolbar}>
        <Link className={`md-button ${css.target}`} to="/dashboard">
          {MESSAGES.recordBack}
        </Link>
        <button type="button" className={`md-button md-primary ${css.target}`} onClick={() => window.print()}>
          {MESSAGES.recordPrint}
        </button>
        {/* The same record as the IPS document another clinic reads (a view of its own). */}
        <Link className={`md-button ${css.target}`} to={IPS_VIEW_HREF}>
          {MESSAGES.recordPrintableIpsLink}
        </Link>
      </div>
      <h1 id={headingId}>{MESSAGES.recordPrintHeading}</h1>
      <p className={`md-muted ${css.screenOnly}`}>{MESSAGES.recordPrintIntro}</p>
      <dl className={css.facts}>
        <div>
          <dt>{MESSAGES.recordName}</dt>
          <dd>{text(data.name) || '—'}</dd>
        </div>
        <div>
          <dt>{MESSAGES.recordDob}</dt>
          <dd>{/^\d{4}-\d{2}-\d{2}$/.test(text(data.dob)) ? formatWallDate(text(data.dob)) : '—'}</dd>
        </div>
      </dl>
      <div className={css.columns}>
        <ListSection
          title={MESSAGES.recordProblems}
          items={lists.conditions.map((c) =>
            c.duration ? formatMessage('recordSince', { text: c.text, duration: c.duration }) : c.text,
          )}
        />
        {medications && medications.length > 0 ? (
          <ListSection
            title={MESSAGES.recordMedicinesHeading}
            items={medications.map(medicationSummaryLine)}
          />
        ) : (
          <ListSection title={MESSAGES.recordMedications} items={lists.medications} />
        )}
        <ListSection title={MESSAGES.recordAllergies} items={lists.allergies.map((a) => a.text)} />
        <ListSection
          title={MESSAGES.recordSurgeries}
          items={lists.surgeries.map((s) => [s.text, s.when].filter(Boolean).join(', '))}
        />
      </div>
      <section aria-labelledby={summaryId} className={css.block}>
        <h2 id={summaryId}>{MESSAGES.recordClinicalSummary}</h2>
        {!summary ? (
          <p className="md-muted">{MESSAGES.summaryNone}</p>
        ) : (
          <>
            {summary.redFlags.length > 0 && (
              <ul className={css.flags}>
                {summary.redFlags.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            )}
            <SummarySections sections={summary.sections} className={css.summarySection} level={3} />
            <p className={css.small}>{summary.disclaimer}</p>
          </>
        )}
      </section>
      <p className={css.small}>
        {formatMessage('recordPrinted', { date: formatDateTime(new Date().toISOString(), null) })}
      </p>
    </article>
  );
}
