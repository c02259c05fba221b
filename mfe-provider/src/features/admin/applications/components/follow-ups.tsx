import { useQuery } from '@tanstack/react-query';
import { MESSAGES, api, errorMessage, formatDateTime, formatMessage } from '@medora/shared';
import { adminDeskKeys } from '@medora/shared/query';
import { ui } from '../../../../components/ui';
import css from './follow-ups.module.css';

/** A suspended doctor's upcoming appointments, for the admin to follow up. */
export function FollowUps({ doctorId, name }: { doctorId: string; name: string }) {
  const query = useQuery({
    queryKey: adminDeskKeys.upcoming(doctorId),
    queryFn: () => api.adminDoctorUpcoming(doctorId),
  });
  return (
    <section aria-label={formatMessage('adminFollowUpLabel', { name })}>
      <h4 className={css.title}>{MESSAGES.adminFollowUpTitle}</h4>
      {query.error && (
        <p role="alert" className={ui.error}>
          {errorMessage(query.error)}
        </p>
      )}
      {query.isPending && <p className={ui.muted}>{MESSAGES.loading}</p>}
      {query.data?.length === 0 && <p className={ui.muted}>{MESSAGES.adminFollowUpNone}</p>}
      {query.data && query.data.length > 0 && (
        <ul className={css.list}>
          {query.data.map((a) => (
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
    </section>
  );
}
