import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatDateTime, formatMessage, MESSAGES } from '@medora/shared';
import { type ClinicalSummary, type VisitKind, type VisitListItem } from '@medora/shared/intake';
import common from '../../../components/patient.module.css';
import { visitQuery, visitsQuery } from '../../../api/visits';
import { Modal } from '@medora/shared/ui';
import css from './visits.module.css';

const KIND_LABEL: Record<VisitKind, string> = {
  visit: MESSAGES.visitKindVisit,
  'follow-up': MESSAGES.visitKindFollowUp,
  profile: MESSAGES.visitKindProfile,
};

/** A visit's clinical summary: generated (labelled so), red flags first, then its sections. */
export function VisitSummary({ summary }: { summary: ClinicalSummary | null }) {
  if (!summary) return <p className="md-muted">{MESSAGES.visitNoSummary}</p>;
  return (
    <div className={css.summary} data-testid="visit-summary">
      <p className={css.disclaimer}>{summary.disclaimer}</p>
      {summary.redFlags.length > 0 && (
        <section aria-label={MESSAGES.visitRedFlagsHeading} className={css.redFlags}>
          <h3>{MESSAGES.visitRedFlagsHeading}</h3>
          <ul>
            {summary.redFlags.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
      )}
      {summary.sections.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <h3>{s.title}</h3>
          <ul>
            {s.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function VisitDialog({ uid, visit, onClose }: { uid: string; visit: VisitListItem; onClose: () => void }) {
  const detail = useQuery(visitQuery(uid, visit.id));
  const date = formatDateTime(visit.visitedAt, null);
  return (
    <Modal title={formatMessage('visitSummaryHeading', { date })} onClose={onClose} testId="visit-dialog">
      <p className={css.reason}>{visit.reason}</p>
      {detail.isPending ? (
        <p role="status" className="md-muted">
          {MESSAGES.visitSummaryLoading}
        </p>
      ) : detail.isError ? (
        <p role="alert" className={common.error}>
          {formatMessage('visitsLoadFailed', { message: detail.error.message })}
        </p>
      ) : (
        <VisitSummary summary={detail.data.summary} />
      )}
    </Modal>
  );
}

/**
 * 'Your visits': newest first, each with its date, reason and its own summary. The newest is the one the
 * summary above shows (the visit just submitted, after an intake): it says so, so it is not taken for an
 * earlier visit.
 */
export function VisitsList({ uid }: { uid: string }) {
  const visits = useInfiniteQuery(visitsQuery(uid));
  const [open, setOpen] = useState<VisitListItem | null>(null);
  let body;
  if (visits.isPending) {
    body = (
      <p role="status" className="md-muted">
        {MESSAGES.visitsLoading}
      </p>
    );
  } else if (visits.isError) {
    body = (
      <p role="alert" className={common.error}>
        {formatMessage('visitsLoadFailed', { message: visits.error.message })}
      </p>
    );
  } else if (visits.data.pages[0]!.items.length === 0) {
    body = <p className="md-muted">{MESSAGES.visitsEmpty}</p>;
  } else {
    const items = visits.data.pages.flatMap((p) => p.items);
    const total = visits.data.pages[0]!.total;
    body = (
      <>
        <ol className={css.list} data-testid="visits-list">
          {items.map((v, index) => {
            const date = formatDateTime(v.visitedAt, null);
            return (
              <li key={v.id} className={css.item}>
                <div className={css.itemText}>
                  {index === 0 && (
                    <span className={css.latest} data-testid="visit-latest">
                      {MESSAGES.visitLatestLabel}
                    </span>
                  )}
                  <time dateTime={v.visitedAt} className={css.date}>
                    {date}
                  </time>
                  <span className={css.kind}>{KIND_LABEL[v.kind]}</span>
                  <span className={css.reason}>{v.reason}</span>
                </div>
                <button
                  type="button"
                  className={`md-button ${css.action}`}
                  aria-label={formatMessage('visitOpenSummaryOf', { date })}
                  onClick={() => setOpen(v)}
                >
                  {MESSAGES.visitOpenSummary}
                </button>
              </li>
            );
          })}
        </ol>
        {total > items.length && (
          <p className="md-muted">{formatMessage('visitsShowing', { shown: items.length, total })}</p>
        )}
        {visits.hasNextPage && (
          <button
            type="button"
            className="md-button"
            disabled={visits.isFetchingNextPage}
            onClick={() => void visits.fetchNextPage()}
          >
            {visits.isFetchingNextPage ? MESSAGES.visitsLoading : MESSAGES.visitsShowEarlier}
          </button>
        )}
      </>
    );
  }
  return (
    <section className={css.visits} aria-labelledby="md-dash-visits-heading" data-testid="previous-visits">
      <h2 id="md-dash-visits-heading">{MESSAGES.visitsHeading}</h2>
      {body}
      {open && <VisitDialog uid={uid} visit={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
