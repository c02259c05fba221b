import {
  formatMessage,
  MESSAGES,
  noFlagStatement,
  summaryEngineLabel,
  URGENCY_ADVICE_KEYS,
  urgencyLabel,
  type ClinicalSummary,
  type SummaryFlag,
} from '@medora/shared';
import css from './flags.module.css';

/** One flag as the patient reads it: urgency in words, what to do, and the answers behind it. */
function FlagItem({ flag }: { flag: SummaryFlag }) {
  return (
    <li className={css.flag} data-urgency={flag.urgency} data-testid="summary-flag">
      <span className={css.badge} data-urgency={flag.urgency}>
        {formatMessage('flagUrgencyLabel', { urgency: urgencyLabel(flag.urgency) })}
      </span>
      <p className={css.message}>{flag.message}</p>
      <p className={css.advice}>{MESSAGES[URGENCY_ADVICE_KEYS[flag.urgency]]}</p>
      {flag.evidence.length > 0 && (
        <div className={css.evidence}>
          <p className={css.evidenceHeading}>{MESSAGES.flagEvidenceHeading}</p>
          <ul>
            {flag.evidence.map((e) => (
              <li key={`${e.field}-${e.answer}`}>
                {formatMessage('flagEvidenceItem', { label: e.label, answer: e.answer })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/**
 * The red flags of a summary for the patient, most urgent first, with what was not screened and who
 * wrote the summary; older summaries without evidence show their messages.
 */
export function PatientFlags({ summary }: { summary: ClinicalSummary }) {
  const none = noFlagStatement(summary);
  const flags = summary.flags ?? [];
  return (
    <>
      {none ? (
        <p className={css.none} data-testid="summary-no-flags">
          {none}
        </p>
      ) : flags.length > 0 ? (
        <ul className={css.flags}>
          {flags.map((f) => (
            <FlagItem key={f.id} flag={f} />
          ))}
        </ul>
      ) : (
        <ul className={css.flags}>
          {summary.redFlags.map((f) => (
            <li key={f} className={css.flag}>
              {f}
            </li>
          ))}
        </ul>
      )}
      {(summary.previousFlags?.length ?? 0) > 0 && (
        <div className={css.previous} data-testid="summary-previous-flags">
          <p className={css.evidenceHeading}>{MESSAGES.summaryPreviouslyFlagged}</p>
          <p className="md-muted">{MESSAGES.summaryPreviouslyFlaggedIntro}</p>
          <ul className={css.flags}>
            {summary.previousFlags!.map((f) => (
              <FlagItem key={`${f.visitId}-${f.id}`} flag={f} />
            ))}
          </ul>
        </div>
      )}
      <p className={css.engine} data-testid="summary-engine">
        {summaryEngineLabel(summary)}
      </p>
      <p className={css.limits}>{MESSAGES.summaryLimits}</p>
    </>
  );
}
