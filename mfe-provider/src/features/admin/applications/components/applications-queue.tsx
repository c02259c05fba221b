import { useRef, useState, type RefObject } from 'react';
import { useStore } from 'zustand';
import {
  MESSAGES,
  api,
  authStore,
  formatMessage,
  type CredentialRecord,
  type CredentialType,
  type DoctorApplication,
} from '@medora/shared';
import { credentialFileKeys } from '@medora/shared/query';
import { FilePreviewDialog, ReasonDialog } from '@medora/shared/ui';
import { ui } from '../../../../components/ui';
import { useDownloadFile } from '../../../../hooks/use-open-file';
import type { ApplicationQueueState } from '../hooks/use-application-queue';
import { useDecisions } from '../hooks/use-decisions';
import { QUEUES, type Confirmable } from '../model/application';
import { ApplicationCard } from './application-card';
import { CREDENTIAL_LABELS } from './credential-list';
import { ConfirmApplicationDecision } from './confirm-application-decision';
import { QueueFilters } from './queue-filters';
import { QueuePager } from './queue-pager';

/**
 * The doctor verification queue: the search and order, the queue's page of applications with their
 * decisions, and the pages. It stays mounted while another tab of the desk shows (`hidden`), so a
 * refused decision stays said on its card when the admin comes back.
 */
export function ApplicationsQueue({
  queue,
  hidden,
  failed,
  panel,
  changing,
  onShowChanges,
  headingRef,
}: {
  queue: ApplicationQueueState;
  hidden: boolean;
  /** The desk shows a failed load: no loading line. */
  failed: boolean;
  /** The tab panel's id and the tab that labels it. */
  panel: { id: string; labelledBy: string };
  /** Doctors with a profile change waiting for review. */
  changing: ReadonlySet<string>;
  onShowChanges: () => void;
  /** Where the focus goes when a decided card leaves and no card takes its place. */
  headingRef: RefObject<HTMLElement | null>;
}) {
  const items = queue.items;
  const [rejecting, setRejecting] = useState<DoctorApplication | null>(null);
  /** The approval, re-opening, suspension or reinstatement waiting for the admin's confirmation. */
  const [confirming, setConfirming] = useState<{ kind: Confirmable; app: DoctorApplication } | null>(null);
  const cardsRef = useRef<HTMLDivElement>(null);
  const { decide, conflicts, busyIds } = useDecisions({
    items,
    settled: !confirming && !rejecting && !queue.query.isFetching,
    cardsRef,
    headingRef,
  });
  /** 'View' previews a credential in the page; 'Download' saves it. */
  const [viewing, setViewing] = useState<{ credential: CredentialRecord; owner: string } | null>(null);
  const credentialDownload = useDownloadFile(
    (c: CredentialRecord) => api.credentialFile(c.id),
    (c) => c.documentName,
  );
  const ownUid = useStore(authStore, (s) => s.user?.uid ?? null);

  return (
    <>
      {!hidden && (
        <>
          <QueueFilters queue={queue} />
          <div role="tabpanel" id={panel.id} aria-labelledby={panel.labelledBy}>
            {items === null && !failed && <p role="status">{MESSAGES.loading}</p>}
            {items?.length === 0 && (
              <p>
                {queue.q
                  ? formatMessage('adminQueueEmptySearch', { q: queue.q })
                  : QUEUES[queue.status].empty}
              </p>
            )}
            {/* A refused decision on an application that has left this list since stays said. */}
            {items &&
              Object.entries(conflicts)
                .filter(([id]) => !items.some((app) => app.id === id))
                .map(([id, { name, message }]) => (
                  <p key={id} role="alert" className={ui.error}>
                    {formatMessage('adminDecisionConflictGone', { name, message })}
                  </p>
                ))}
            <div className={ui.list} ref={cardsRef}>
              {items?.map((app) => (
                <ApplicationCard
                  key={app.id}
                  app={app}
                  conflict={conflicts[app.id]?.message}
                  changePending={changing.has(app.id)}
                  onShowChanges={onShowChanges}
                  own={app.uid !== null && app.uid === ownUid}
                  busy={busyIds.has(app.id)}
                  onAsk={(kind) => setConfirming({ kind, app })}
                  onReject={() => setRejecting(app)}
                  onView={(credential) => setViewing({ credential, owner: app.name })}
                  onDownload={(c) => credentialDownload.mutate(c)}
                  downloading={credentialDownload.isPending ? credentialDownload.variables.id : null}
                />
              ))}
            </div>
            {items && queue.total > 0 && <QueuePager queue={queue} />}
          </div>
        </>
      )}
      {viewing && (
        <FilePreviewDialog
          title={formatMessage('adminCredentialPreviewTitle', {
            document: CREDENTIAL_LABELS[viewing.credential.type as CredentialType] ?? viewing.credential.type,
            owner: viewing.owner,
          })}
          queryKey={credentialFileKeys.credential(viewing.credential.id)}
          load={() => api.credentialFile(viewing.credential.id)}
          fallbackName={viewing.credential.documentName}
          onClose={() => setViewing(null)}
        />
      )}
      {rejecting && (
        <ReasonDialog
          purpose="reject"
          title={formatMessage('rejectDialogTitle', { name: rejecting.name })}
          onCancel={() => setRejecting(null)}
          onConfirm={async (reason) => {
            // On a 409 the dialog closes too: its message is on the card, above the current version.
            await decide({ kind: 'reject', app: rejecting, reason });
            setRejecting(null);
          }}
        />
      )}
      {confirming && (
        <ConfirmApplicationDecision
          kind={confirming.kind}
          app={confirming.app}
          onCancel={() => setConfirming(null)}
          onConfirm={async (reason) => {
            const { kind, app } = confirming;
            await decide(kind === 'suspend' ? { kind, app, reason } : { kind, app });
            setConfirming(null);
          }}
        />
      )}
    </>
  );
}
