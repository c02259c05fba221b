import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  api,
  errorMessage,
  formatDateTime,
  formatMessage,
  notify,
  type FailedMail,
} from '@medora/shared';
import { LIST_PAGING, mailAdminKeys } from '@medora/shared/query';
import { ui } from '../../../components/ui';
import css from './failed-mail.module.css';

/** The mail kinds and audiences of the queue's events (api/src/mail/mail.contract.ts), as admins read them. */
const KIND_LABELS: Record<string, string> = {
  'appointment.booked': MESSAGES.mailKindBooked,
  'appointment.cancelled': MESSAGES.mailKindCancelled,
  'appointment.rescheduled': MESSAGES.mailKindRescheduled,
  'appointment.reminder': MESSAGES.mailKindReminder,
  'application.decided': MESSAGES.mailKindDecided,
};
const AUDIENCE_LABELS: Record<string, string> = {
  patient: MESSAGES.mailAudiencePatient,
  doctor: MESSAGES.mailAudienceDoctor,
  applicant: MESSAGES.mailAudienceApplicant,
};

/**
 * E-mail that used up its tries (the mail queue's dead letters), newest first, each with
 * what it was about (ids only), its tries and last error, and a button that sends it again.
 */
export function FailedMailSection() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: mailAdminKeys.failed(),
    queryFn: ({ pageParam }) => api.failedMail(pageParam),
    ...LIST_PAGING,
  });
  const retry = useMutation({
    mutationFn: (id: string) => api.retryFailedMail(id),
    onSuccess: () => notify.success(MESSAGES.mailFailedRetried),
    onError: () => notify.error(MESSAGES.mailFailedRetryError),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailAdminKeys.failed() }),
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? null;

  return (
    <section aria-labelledby="md-admin-mail-title" className={css.section}>
      <h2 id="md-admin-mail-title">{MESSAGES.mailFailedTitle}</h2>
      <p className={ui.muted}>{MESSAGES.mailFailedIntro}</p>
      {query.error && (
        <p role="alert" className={ui.error}>
          {MESSAGES.mailFailedLoadError} {errorMessage(query.error)}
        </p>
      )}
      {items === null && !query.error && <p role="status">{MESSAGES.mailFailedLoading}</p>}
      {items?.length === 0 && <p>{MESSAGES.mailFailedEmpty}</p>}
      {items && items.length > 0 && (
        <ul className={css.list} aria-labelledby="md-admin-mail-title">
          {items.map((item) => (
            <FailedMailItem
              key={item.id}
              item={item}
              busy={retry.isPending && retry.variables === item.id}
              onRetry={() => retry.mutate(item.id)}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={ui.secondary}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {MESSAGES.mailFailedMore}
        </button>
      )}
    </section>
  );
}

function FailedMailItem({ item, busy, onRetry }: { item: FailedMail; busy: boolean; onRetry: () => void }) {
  const subject = item.appointmentId ?? item.doctorId ?? '-';
  const kind = KIND_LABELS[item.kind] ?? item.kind;
  return (
    <li className={css.item}>
      <dl className={css.facts}>
        <div>
          <dt>{MESSAGES.mailFailedKindColumn}</dt>
          <dd>{kind}</dd>
        </div>
        <div>
          <dt>{MESSAGES.mailFailedAudienceColumn}</dt>
          <dd>{AUDIENCE_LABELS[item.audience] ?? item.audience}</dd>
        </div>
        <div>
          <dt>{MESSAGES.mailFailedSubjectColumn}</dt>
          <dd>{subject}</dd>
        </div>
        <div>
          <dt>{MESSAGES.mailFailedAttemptsColumn}</dt>
          <dd>
            {item.attempts} {formatMessage('mailFailedAttempts', { count: item.attempts })}
          </dd>
        </div>
        <div>
          <dt>{MESSAGES.mailFailedAtColumn}</dt>
          <dd>{formatDateTime(item.failedAt, null)}</dd>
        </div>
        <div className={css.wide}>
          <dt>{MESSAGES.mailFailedErrorColumn}</dt>
          <dd>{item.lastError ?? '-'}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={ui.primary}
        disabled={busy}
        aria-label={`${MESSAGES.mailFailedRetry}: ${kind} ${subject}`}
        onClick={onRetry}
      >
        {MESSAGES.mailFailedRetry}
      </button>
    </li>
  );
}
