import { useId } from 'react';
import {
  formatDateTime,
  formatMessage,
  MESSAGES,
  type ClinicalSummary,
  type PatientResponse,
} from '@medora/shared';
import common from '../../../components/patient.module.css';
import { profileBmi, questionnaireSections } from '../model/profile-summary';
import css from './dashboard.module.css';
import { PatientFlags } from './flag-list';

export interface SummaryTabProps {
  /**
   * The record and its summary: the latest profile, or any record of the same shape (a previous
   * visit: `{ exists, data, aiSummary }`). Null: nothing submitted yet.
   */
  profile: Pick<PatientResponse, 'data' | 'aiSummary'> | null;
}

/** A clinical summary's titled sections (the dashboard's card and the printable summary). */
export function SummarySections({
  sections,
  className,
  level,
}: {
  sections: ClinicalSummary['sections'];
  className: string;
  level: 3 | 4;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return sections.map((s) => (
    <section key={s.title} className={className}>
      <Heading>{s.title}</Heading>
      <ul>
        {s.lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  ));
}

/** The generated clinical summary: red flags first, labelled as generated and to be verified. */
function ClinicalSummaryCard({ summary }: { summary: ClinicalSummary | null }) {
  const headingId = useId();
  const flagsId = useId();
  return (
    <section className={`${css.card} ${css.clinical}`} aria-labelledby={headingId} data-testid="ai-summary">
      <div className={css.cardHead}>
        <h2 id={headingId}>{MESSAGES.summaryAiHeading}</h2>
        {summary && (
          <span className={css.chip}>
            {formatMessage('summaryGenerated', { date: formatDateTime(summary.generatedAt, null) })}
          </span>
        )}
      </div>
      {!summary ? (
        <p className="md-muted">{MESSAGES.summaryNone}</p>
      ) : (
        <>
          <p className={css.verify} data-testid="summary-verify">
            {MESSAGES.summaryVerifyLabel}
          </p>
          <section aria-labelledby={flagsId} className={css.flagBox} data-testid="summary-red-flags">
            <h3 id={flagsId}>{MESSAGES.summaryRedFlagsHeading}</h3>
            <PatientFlags summary={summary} />
          </section>
          <SummarySections sections={summary.sections} className={css.aiSection} level={3} />
          <p className={css.disclaimer}>{summary.disclaimer}</p>
        </>
      )}
    </section>
  );
}

/**
 * Patient Summary: the clinical summary first (red flags on top), then the answers of
 * the questionnaire, one collapsed section each (native `<details>`: keyboard and screen-reader
 * friendly), with BMI and its category.
 */
export function SummaryTab({ profile }: SummaryTabProps) {
  const answersId = useId();
  if (!profile) return <p className="md-muted">{MESSAGES.summaryNone}</p>;
  const sections = questionnaireSections(profile.data);
  const bmi = profileBmi(profile.data);
  return (
    <div className={css.summary}>
      <ClinicalSummaryCard summary={profile.aiSummary} />
      <section className={css.card} aria-labelledby={answersId} data-testid="summary-questionnaire">
        <div className={css.cardHead}>
          <h2 id={answersId}>{MESSAGES.summaryProfileHeading}</h2>
          {bmi && (
            <span className={css.bmi} data-category={bmi.category} data-testid="summary-bmi">
              {formatMessage('bmiValue', { bmi: bmi.bmi.toFixed(1), category: bmi.category })}
            </span>
          )}
        </div>
        <p className="md-muted">{MESSAGES.summaryQuestionnaireHint}</p>
        <div className={`${common.review} ${css.answers}`}>
          {sections.map((s) => (
            <details key={s.title} className={css.profileSection} data-testid="summary-section">
              <summary>{s.title}</summary>
              <dl>
                {s.items.map((item, i) => (
                  <div key={`${item.label}-${i}`} className={common.pair}>
                    <dt>{item.label}</dt>
                    <dd>{item.value}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
