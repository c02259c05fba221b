import { Fragment } from 'react';
import {
  MESSAGES,
  formatDateTime,
  formatMessage,
  type CredentialRecord,
  type DoctorApplication,
  type MessageKey,
} from '@medora/shared';
import { ui } from '../../../../components/ui';
import { facts, type Confirmable } from '../model/application';
import { ApplicationDocuments } from './application-documents';
import { FollowUps } from './follow-ups';
import css from './application-card.module.css';

/**
 * One application in the queue: who, the facts the admin reviews, earlier rejections, a suspended
 * doctor's follow-ups, the documents and the decisions its queue allows.
 */
export function ApplicationCard({
  app,
  conflict,
  changePending,
  onShowChanges,
  own,
  busy,
  onAsk,
  onReject,
  onView,
  onDownload,
  downloading,
}: {
  app: DoctorApplication;
  /** The 409 of the last decision on it. */
  conflict: string | undefined;
  /** An approved doctor's profile change waits for review: the card says so and leads to it. */
  changePending: boolean;
  onShowChanges: () => void;
  /** The signed-in admin's own application shows no decision buttons. */
  own: boolean;
  /** A decision on it is on its way. */
  busy: boolean;
  onAsk: (kind: Confirmable) => void;
  onReject: () => void;
  onView: (credential: CredentialRecord) => void;
  onDownload: (credential: CredentialRecord) => void;
  downloading: string | null;
}) {
  const button = (key: MessageKey, className: string, run: () => void) => ({
    label: formatMessage(key, { name: app.name }),
    className,
    run,
  });
  /**
   * Per queue: a pending application is approved or rejected (with a reason); a decided one can be
   * re-opened; an approved doctor suspended (with a reason), a suspended one reinstated.
   */
  const actions = () => {
    if (app.suspension) return [button('adminReinstate', ui.primary, () => onAsk('reinstate'))];
    if (app.verificationStatus === 'pending') {
      return [
        button('adminApprove', ui.primary, () => onAsk('approve')),
        button('adminReject', ui.danger, onReject),
      ];
    }
    const reopen = button('adminReopen', ui.secondary, () => onAsk('reopen'));
    return app.verificationStatus === 'approved'
      ? [reopen, button('adminSuspend', ui.danger, () => onAsk('suspend'))]
      : [reopen];
  };

  return (
    <article
      tabIndex={-1}
      aria-label={formatMessage('adminApplicationLabel', { name: app.name })}
      className={ui.card}
    >
      <h3 className={css.name}>{app.name}</h3>
      <p className={ui.muted}>
        {formatMessage('adminApplicationMeta', {
          email: app.email ?? '',
          phone: app.phone ?? '',
          date: formatDateTime(app.createdAt, null, { show: 'date' }),
          version: app.version,
        })}
      </p>
      {conflict && (
        <p role="alert" className={ui.error}>
          {conflict}
        </p>
      )}
      {changePending && (
        <p className={css.badge}>
          <button type="button" className={`md-link-button ${css.badgeLink}`} onClick={onShowChanges}>
            {MESSAGES.adminChangePendingBadge}
          </button>
        </p>
      )}
      <dl className={css.facts}>
        {facts(app).map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {app.rejections.length > 0 && (
        <section aria-label={formatMessage('adminHistoryLabel', { name: app.name })}>
          <h4 className={css.historyTitle}>{MESSAGES.adminHistoryTitle}</h4>
          <ol className={css.history}>
            {app.rejections.map((r) => (
              <li key={r.at}>
                {formatMessage('adminHistoryRejected', {
                  date: formatDateTime(r.at, null),
                  reason: r.reason,
                })}
              </li>
            ))}
          </ol>
        </section>
      )}
      {app.suspension && <FollowUps doctorId={app.id} name={app.name} />}
      <ApplicationDocuments app={app} onView={onView} onDownload={onDownload} downloading={downloading} />
      {own ? (
        <p className={ui.muted}>{MESSAGES.adminOwnApplication}</p>
      ) : (
        <div className={css.actions} aria-busy={busy || undefined}>
          {actions().map(({ label, className, run }) => (
            <button key={label} type="button" className={className} onClick={run} disabled={busy}>
              {label}
            </button>
          ))}
          {busy && (
            <p role="status" className={ui.muted}>
              {formatMessage('adminDeciding', { name: app.name })}
            </p>
          )}
        </div>
      )}
    </article>
  );
}
