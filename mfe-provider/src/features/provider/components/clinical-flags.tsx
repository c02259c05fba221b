import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  api,
  errorMessage,
  formatDateTime,
  formatMessage,
  MESSAGES,
  noFlagStatement,
  notify,
  summaryEngineLabel,
  urgencyLabel,
  type CarriedFlag,
  type ClinicalSummary,
  type SummaryFlag,
} from '@medora/shared';
import { providerKeys } from '@medora/shared/query';
import { ui } from '../../../components/ui';
import css from './clinical-flags.module.css';

/** One flag as a clinician reads it: urgency in words, the answers that raised it, the guidance. */
function Flag({ flag, children }: { flag: SummaryFlag; children?: ReactNode }) {
  return (
    <li className={css.flag} data-urgency={flag.urgency} data-testid="provider-flag">
      <span className={css.badge} data-urgency={flag.urgency}>
        {formatMessage('flagUrgencyLabel', { urgency: urgencyLabel(flag.urgency) })}
      </span>
      <p className={css.message}>{flag.message}</p>
      {flag.evidence.length > 0 && (
        <>
          <p className={css.heading}>{MESSAGES.flagEvidenceHeading}</p>
          <ul className={css.evidence}>
            {flag.evidence.map((e) => (
              <li key={`${e.field}-${e.answer}`}>
                {formatMessage('flagEvidenceItem', { label: e.label, answer: e.answer })}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={css.guidance}>{formatMessage('flagGuidance', { source: flag.source })}</p>
      {children}
    </li>
  );
}

function ReviewButton({ patientUid, flag }: { patientUid: string; flag: CarriedFlag }) {
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: () => api.reviewFlag(patientUid, flag.visitId, flag.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: providerKeys.appointments() }),
    onError: (error) => notify.error(formatMessage('flagReviewFailed', { reason: errorMessage(error) })),
  });
  return (
    <button
      type="button"
      className={`${ui.secondary} ${css.review}`}
      disabled={review.isPending}
      aria-label={formatMessage('flagMarkReviewedOf', { message: flag.message })}
      onClick={() => review.mutate()}
    >
      {MESSAGES.flagMarkReviewed}
    </button>
  );
}

/**
 * The red flags of a summary for the clinician, most urgent first, then the flags of earlier visits
 * not yet reviewed (each with Mark reviewed), what was not screened, and which engine wrote it.
 */
export function ClinicalFlags({ summary, patientUid }: { summary: ClinicalSummary; patientUid: string }) {
  const none = noFlagStatement(summary);
  const flags = summary.flags ?? [];
  return (
    <div className={css.box} data-testid="provider-red-flags">
      <strong>{MESSAGES.providerRedFlags}</strong>
      {summary.crisis && (
        <p className={css.crisis} data-testid="provider-crisis">
          {MESSAGES.providerCrisisMarker}
        </p>
      )}
      {none ? (
        <p className={css.none}>{none}</p>
      ) : (
        <ul className={css.list}>
          {flags.length > 0
            ? flags.map((f) => <Flag key={f.id} flag={f} />)
            : summary.redFlags.map((f) => (
                <li key={f} className={css.flag}>
                  {f}
                </li>
              ))}
        </ul>
      )}
      {(summary.previousFlags?.length ?? 0) > 0 && (
        <div className={css.previous} data-testid="provider-previous-flags">
          <p className={css.heading}>{MESSAGES.summaryPreviouslyFlagged}</p>
          <ul className={css.list}>
            {summary.previousFlags!.map((f) => (
              <Flag key={`${f.visitId}-${f.id}`} flag={f}>
                <p className={css.guidance}>
                  {formatMessage('flagRaisedOn', { date: formatDateTime(f.visitedAt, null) })}
                </p>
                <ReviewButton patientUid={patientUid} flag={f} />
              </Flag>
            ))}
          </ul>
        </div>
      )}
      <p className={css.guidance}>{summaryEngineLabel(summary)}</p>
    </div>
  );
}
