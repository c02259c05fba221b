import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDateTime, formatMessage, MESSAGES, type AccessLogEntry } from '@medora/shared';
import common from '../../../components/patient.module.css';
import { accessLogQuery } from '../../../api/access-log';
import css from './visits.module.css';

const ROLE_LABEL: Record<string, string> = {
  doctor: MESSAGES.accessLogRoleDoctor,
  provider: MESSAGES.accessLogRoleProvider,
  admin: MESSAGES.accessLogRoleAdmin,
};

function Entry({ entry }: { entry: AccessLogEntry }) {
  const role = ROLE_LABEL[entry.role] ?? entry.role;
  return (
    <li className={css.item}>
      <div className={css.itemText}>
        <time dateTime={entry.at} className={css.date}>
          {formatDateTime(entry.at, null)}
        </time>
        <span className={css.reason}>
          <strong>{entry.name ?? MESSAGES.accessLogUnknownName}</strong>
          <span className={css.kind}> · {role}</span>
        </span>
        <span className={css.kind}>{entry.what}</span>
        {entry.reason && (
          <span className={css.reason}>{formatMessage('accessLogReason', { reason: entry.reason })}</span>
        )}
      </div>
    </li>
  );
}

/**
 * "Who looked at my record": everyone other than the patient who read their health data — their
 * doctors, and admins with the reason they had to state — newest first, a page at a time.
 */
export function AccessLog({ uid }: { uid: string }) {
  const log = useInfiniteQuery(accessLogQuery(uid));
  let body;
  if (log.isPending) {
    body = (
      <p role="status" className="md-muted">
        {MESSAGES.accessLogLoading}
      </p>
    );
  } else if (log.isError) {
    body = (
      <div role="alert" className={common.error}>
        <p>{formatMessage('accessLogLoadFailed', { message: log.error.message })}</p>
        <button type="button" className={`md-button ${css.action}`} onClick={() => void log.refetch()}>
          {MESSAGES.retry}
        </button>
      </div>
    );
  } else if (log.data.pages[0]!.items.length === 0) {
    body = <p className="md-muted">{MESSAGES.accessLogEmpty}</p>;
  } else {
    const items = log.data.pages.flatMap((p) => p.items);
    body = (
      <>
        <ol className={css.list} data-testid="access-log-list">
          {items.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ol>
        {log.hasNextPage && (
          <button
            type="button"
            className={`md-button ${css.action} ${css.more}`}
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? MESSAGES.accessLogLoading : MESSAGES.accessLogMore}
          </button>
        )}
      </>
    );
  }
  return (
    <section className={css.visits} aria-labelledby="md-dash-access-log-heading" data-testid="access-log">
      <h2 id="md-dash-access-log-heading">{MESSAGES.accessLogHeading}</h2>
      <p className="md-muted">{MESSAGES.accessLogIntro}</p>
      {body}
    </section>
  );
}
