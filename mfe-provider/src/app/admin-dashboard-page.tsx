// The texts only this package uses (the message catalogue's provider area), before any module reads them.
import '@medora/shared/messages/provider';
import { useRef, useState } from 'react';
import {
  MESSAGES,
  errorMessage,
  formatMessage,
  type ApplicationQueue,
  type RemotePageProps,
} from '@medora/shared';
import { DashboardHead, ui } from '../components/ui';
import { ApplicationsQueue } from '../features/admin/applications/components/applications-queue';
import { useApplicationQueue } from '../features/admin/applications/hooks/use-application-queue';
import { QUEUE_LABELS } from '../features/admin/applications/model/application';
import { AuditLog } from '../features/admin/audit/audit-log';
import {
  ChangeRequestsPanel,
  useChangeRequests,
} from '../features/admin/change-requests/change-requests-panel';
import { ADMIN_COUNTERS, useAdminOverview } from '../features/admin/desk/overview';
import { QUEUE_PANEL_ID, QueueTabs, queueTabId } from '../features/admin/desk/queue-tabs';
import { FailedMailSection } from '../features/admin/mail/failed-mail';
import { PatientLookup } from '../features/admin/patients/patient-lookup';
import { useFocusKeeper } from '../hooks/use-focus-keeper';

/** The desk's last tab: approved doctors' profile change requests. */
const CHANGES_TAB = 'changes';
type DeskTab = ApplicationQueue | typeof CHANGES_TAB;

/**
 * `/admin` (the API allows admins only): the counters; the doctor verification queues and the
 * profile change requests as tabs; a patient's record by break-the-glass; failed e-mail; the audit log.
 */
export default function AdminDashboardPage(_props: RemotePageProps) {
  const mainRef = useRef<HTMLElement>(null);
  useFocusKeeper(mainRef);
  const queueHeadingRef = useRef<HTMLHeadingElement>(null);
  /** A queue of applications, or the approved doctors' change requests. */
  const [tab, setTab] = useState<DeskTab>('pending');
  const overview = useAdminOverview();
  const queue = useApplicationQueue(tab === CHANGES_TAB ? null : tab);
  const changeRequests = useChangeRequests();
  /** Doctors with a change waiting for review: their card says so. */
  const changing = new Set((changeRequests.items ?? []).map((r) => r.doctorId));
  const tabLabels: Record<DeskTab, string> = {
    ...QUEUE_LABELS,
    [CHANGES_TAB]: changeRequests.items?.length
      ? formatMessage('adminChangeRequestsTabCount', { count: changeRequests.items.length })
      : MESSAGES.adminChangeRequestsTab,
  };
  const failed = overview.error ?? queue.query.error;
  const error = failed ? errorMessage(failed) : null;

  return (
    <main className={ui.page} ref={mainRef}>
      <DashboardHead
        title={MESSAGES.adminDashboardTitle}
        error={error}
        labels={ADMIN_COUNTERS}
        counters={overview.data ?? null}
      />
      <h2 ref={queueHeadingRef} tabIndex={-1}>
        {MESSAGES.adminQueueTitle}
      </h2>
      <QueueTabs
        labels={tabLabels}
        selected={tab}
        label={MESSAGES.adminQueueTabsLabel}
        onSelect={(next) => {
          setTab(next);
          queue.firstPage();
        }}
      />
      {tab === CHANGES_TAB && (
        <div role="tabpanel" id={QUEUE_PANEL_ID} aria-labelledby={queueTabId(tab)}>
          <ChangeRequestsPanel />
        </div>
      )}
      <ApplicationsQueue
        queue={queue}
        hidden={tab === CHANGES_TAB}
        failed={error !== null}
        panel={{ id: QUEUE_PANEL_ID, labelledBy: queueTabId(queue.status) }}
        changing={changing}
        onShowChanges={() => setTab(CHANGES_TAB)}
        headingRef={queueHeadingRef}
      />
      <PatientLookup />
      <FailedMailSection />
      <AuditLog />
    </main>
  );
}
