import { lazy, Suspense, useId } from 'react';
import {
  formatDateTime,
  formatMessage,
  MESSAGES,
  type ClinicalSummary,
  type PatientResponse,
} from '@medora/shared';
import { usePainted } from '@medora/shared/ui';
import css from './dashboard.module.css';
import { PatientFlags } from './flag-list';
import { QuestionnaireCard } from './questionnaire-card';

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

// The questionnaire's answers are labelled with the intake's questions and option lists (13.9 KB gzip):
// their code loads once the tab has painted, behind a card that keeps their room.
const QuestionnaireAnswers = lazy(() =>
  import('./questionnaire-answers').then((m) => ({ default: m.QuestionnaireAnswers })),
);

/**
 * Patient Summary: the clinical summary first (red flags on top), then the answers of
 * the questionnaire (questionnaire-answers.tsx).
 */
export function SummaryTab({ profile }: SummaryTabProps) {
  // The answers' code loads once the summary has painted, not beside the first screen.
  const painted = usePainted(!!profile);
  if (!profile) return <p className="md-muted">{MESSAGES.summaryNone}</p>;
  return (
    <div className={css.summary}>
      <ClinicalSummaryCard summary={profile.aiSummary} />
      {painted ? (
        <Suspense fallback={<QuestionnaireCard loading />}>
          <QuestionnaireAnswers data={profile.data} />
        </Suspense>
      ) : (
        <QuestionnaireCard loading />
      )}
    </div>
  );
}
