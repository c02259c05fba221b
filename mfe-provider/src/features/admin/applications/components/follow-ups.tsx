import { useInfiniteQuery } from '@tanstack/react-query';
import { MESSAGES, api, errorMessage, formatDateTime, formatMessage } from '@medora/shared';
import { LIST_PAGING, adminDeskKeys } from '@medora/shared/query';
import { ui } from '../../../../components/ui';
import css from './follow-ups.module.css';

/** A suspended doctor's upcoming appointments, soonest first, a page at a time, for the admin to follow up. */
export function FollowUps({ doctorId, name }: { doctorId: string; name: string }) {
  const query = useInfiniteQuery({
    queryKey: adminDeskKeys.upcoming(doctorId),
    queryFn: ({ pageParam }) => api.adminDoctorUpcoming(doctorId, pageParam),
    ...LIST_PAGING,
  });
  const items = query.data?.pages.flatMap((page) => page.items);
  return (
    <section aria-label={formatMessage('adminFollowUpLabel', { name })}>
      <h4 className={css.title}>{MESSAGES.adminFollowUpTitle}</h4>
      {query.error && (
        <p role="alert" className={ui.error}>
          {errorMessage(query.error)}
        </p>
      )}
      {query.isPending && <p className={ui.muted}>{MESSAGES.loading}</p>}
      {items?.length === 0 && <p className={ui.muted}>{MESSAGES.adminFollowUpNone}</p>}
      {items && items.length > 0 && (
        <ul className={css.list}>
          {items.map((a) => (
            <li key={a.id}>
              {formatMessage('adminFollowUpItem', {
                date: formatDateTime(a.startsAt, a.timeZone),
                patient: a.patientName,
                status: a.status,
              })}
            </li>
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
          {query.isFetchingNextPage ? MESSAGES.loading : MESSAGES.listShowMore}
        </button>
      )}
    </section>
  );
}
