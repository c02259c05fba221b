import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import common from '../components/patient.module.css';
import { authStore, formatMessage, MESSAGES, type RemotePageProps } from '@medora/shared';
import { AccessLog } from '../features/dashboard/components/access-log';
import { AppointmentsTab } from '../features/dashboard/components/appointments-tab';
import { BookTab } from '../features/dashboard/components/book-tab';
import { DashboardActions } from '../features/dashboard/components/dashboard-actions';
import css from '../features/dashboard/components/dashboard.module.css';
import { DocumentsTab } from '../features/dashboard/components/documents-tab';
import { PrintableSummary } from '../features/dashboard/components/printable-summary';
import { RecordActions } from '../features/dashboard/components/record-actions';
import { RecordImport } from '../features/dashboard/components/record-import';
import { SummaryTab } from '../features/dashboard/components/summary-tab';
import { TabList } from '../features/dashboard/components/tab-list';
import { VisitsList } from '../features/dashboard/components/visits-list';
import {
  readTabState,
  writeTabState,
  type AppointmentSubTab,
  type DashboardTab,
} from '../features/dashboard/model/tab-state';
import { isRecordView } from '../features/dashboard/model/record-view';
import { useDashboardData } from '../features/dashboard/model/use-dashboard-data';

/** The patient dashboard at /dashboard (docs/product.md#patient-dashboard). */
export default function DashboardPage(_props: RemotePageProps) {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { tab, sub } = readTabState(params);
  const data = useDashboardData(uid);

  useEffect(() => {
    if (data.profileState === 'missing') void navigate('/form', { replace: true });
  }, [data.profileState, navigate]);

  // Each tab change is a history entry, so Back returns to the previous tab.
  const go = useCallback(
    (nextTab: DashboardTab, nextSub: AppointmentSubTab = sub) =>
      setParams((current) => writeTabState(current, { tab: nextTab, sub: nextSub })),
    [setParams, sub],
  );

  const onBooked = useCallback(() => {
    void data.reloadAppointments();
    go('appointments', 'upcoming');
  }, [data, go]);

  const labels: Record<DashboardTab, string> = {
    summary: MESSAGES.tabSummary,
    appointments: formatMessage('tabAppointments', { count: data.appointments.length }),
    book: MESSAGES.tabBook,
    documents: formatMessage('tabDocuments', { count: data.documents.length }),
  };

  let panel;
  if (!uid || data.profileState === 'loading' || data.profileState === 'missing') {
    panel = (
      <p role="status" className="md-muted">
        {MESSAGES.dashboardLoading}
      </p>
    );
  } else if (tab === 'summary') {
    panel =
      data.profileState === 'error' ? (
        <p role="alert" className={common.error}>
          {formatMessage('dashboardLoadFailed', { message: data.profileError ?? '' })}
        </p>
      ) : (
        <>
          <SummaryTab profile={data.profile} />
          <VisitsList uid={uid} />
          <AccessLog uid={uid} />
        </>
      );
  } else if (tab === 'appointments') {
    panel = (
      <AppointmentsTab
        appointments={data.appointments}
        loading={data.appointmentsLoading}
        error={data.appointmentsError}
        onRetry={() => void data.reloadAppointments()}
        sub={sub}
        onSubChange={(s) => go('appointments', s)}
        onBook={() => go('book')}
      />
    );
  } else if (tab === 'book') {
    panel = <BookTab onBooked={onBooked} />;
  } else {
    panel = (
      <DocumentsTab
        uid={uid}
        documents={data.documents}
        loading={data.documentsLoading}
        fallback={data.documentsFallback}
      />
    );
  }

  // The printable one-page summary, a view of the dashboard (`?view=record`).
  if (isRecordView(params)) {
    return (
      <main className={`${common.page} ${css.dash}`}>
        {!uid || data.profileState === 'loading' || data.profileState === 'missing' ? (
          <p role="status" className="md-muted">
            {MESSAGES.dashboardLoading}
          </p>
        ) : data.profileState === 'error' ? (
          <p role="alert" className={common.error}>
            {formatMessage('dashboardLoadFailed', { message: data.profileError ?? '' })}
          </p>
        ) : (
          <PrintableSummary profile={data.profile} />
        )}
      </main>
    );
  }

  return (
    <main className={`${common.page} ${css.dash}`}>
      <div className={css.shell}>
        <div className={css.title}>
          <h1>{MESSAGES.dashboardHeading}</h1>
        </div>
        {uid && data.profileState !== 'missing' && <DashboardActions />}
        {uid && data.profileState !== 'missing' && <RecordActions uid={uid} />}
        {uid && data.profileState !== 'missing' && <RecordImport uid={uid} />}
        <TabList
          variant="main"
          labels={labels}
          selected={tab}
          label={MESSAGES.dashboardHeading}
          onSelect={(key) => go(key)}
        />
        <section
          role="tabpanel"
          id="md-dash-panel"
          aria-labelledby={`md-dash-tab-${tab}`}
          className={css.panel}
          tabIndex={0}
        >
          {panel}
        </section>
      </div>
    </main>
  );
}
