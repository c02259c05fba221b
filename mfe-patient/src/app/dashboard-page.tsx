// The texts only this package uses (the message catalogue's patient area), before any module reads them.
import '@medora/shared/messages/patient';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@medora/shared/router';
import { useStore } from 'zustand';
import common from '../components/patient.module.css';
import {
  authStore,
  FOCUS_MAIN_STATE,
  formatMessage,
  MESSAGES,
  wantsMainFocus,
  type RemotePageProps,
} from '@medora/shared';
import { AccessLog } from '../features/dashboard/components/access-log';
import { DashboardActions } from '../features/dashboard/components/dashboard-actions';
import css from '../features/dashboard/components/dashboard.module.css';
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
import { isIpsView, isRecordView } from '../features/dashboard/model/record-view';
import { useMedications } from '../features/medications/api/medications';
import { useDashboardData } from '../features/dashboard/model/use-dashboard-data';

// The summary tab is what the dashboard opens on; the other tabs and the printable view load when
// chosen, so a first load of the dashboard downloads and runs only what it shows (mobile LCP, TBT).
const AppointmentsTab = lazy(() =>
  import('../features/dashboard/components/appointments-tab').then((m) => ({ default: m.AppointmentsTab })),
);
const BookTab = lazy(() =>
  import('../features/dashboard/components/book-tab').then((m) => ({ default: m.BookTab })),
);
const DocumentsTab = lazy(() =>
  import('../features/dashboard/components/documents-tab').then((m) => ({ default: m.DocumentsTab })),
);
const MedicationsTab = lazy(() =>
  import('../features/medications/components/medications-tab').then((m) => ({ default: m.MedicationsTab })),
);
const IpsPrintable = lazy(() =>
  import('../features/dashboard/components/ips-printable').then((m) => ({ default: m.IpsPrintable })),
);
const PrintableSummary = lazy(() =>
  import('../features/dashboard/components/printable-summary').then((m) => ({ default: m.PrintableSummary })),
);

/** The patient dashboard at /dashboard (docs/product.md#patient-dashboard). */
export default function DashboardPage(_props: RemotePageProps) {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { tab, sub } = readTabState(params);
  const data = useDashboardData(uid);
  // The tab's count and the printable summary's list.
  const medications = useMedications(uid);

  useEffect(() => {
    if (data.profileState === 'missing') void navigate('/form', { replace: true });
  }, [data.profileState, navigate]);

  // Each tab change is a history entry, so Back returns to the previous tab.
  const go = useCallback(
    (nextTab: DashboardTab, nextSub: AppointmentSubTab = sub, state?: unknown) =>
      setParams((current) => writeTabState(current, { tab: nextTab, sub: nextSub }), { state }),
    [setParams, sub],
  );

  const onBooked = useCallback(() => {
    void data.reloadAppointments();
    go('appointments', 'upcoming', FOCUS_MAIN_STATE);
  }, [data, go]);

  // After a booking or a reschedule (here or on the booking page) the confirmed appointment's list takes
  // focus, once per navigation, instead of leaving it on the page body.
  const location = useLocation();
  const panelRef = useRef<HTMLElement | null>(null);
  const focusedFor = useRef<string | null>(null);
  const panelShown = uid !== null && data.profileState !== 'loading' && data.profileState !== 'missing';
  useEffect(() => {
    if (!panelShown || !wantsMainFocus(location.state) || focusedFor.current === location.key) return;
    focusedFor.current = location.key;
    panelRef.current?.focus();
  }, [panelShown, location.state, location.key]);

  const labels: Record<DashboardTab, string> = {
    summary: MESSAGES.tabSummary,
    appointments: formatMessage('tabAppointments', { count: data.appointments.length }),
    book: MESSAGES.tabBook,
    documents: formatMessage('tabDocuments', { count: data.documents.length }),
    medicines: formatMessage('tabMedicines', { count: medications.data?.current.length ?? 0 }),
  };

  // The tab's panel is the page's heaviest render (the clinical summary): deferred, React renders it
  // in slices that yield to the browser instead of one long task when the record arrives.
  const panelState = useDeferredValue(data.profileState);
  let panel;
  if (!uid || panelState === 'loading' || panelState === 'missing') {
    panel = (
      <p role="status" className="md-muted">
        {MESSAGES.dashboardLoading}
      </p>
    );
  } else if (tab === 'summary') {
    panel =
      panelState === 'error' ? (
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
  } else if (tab === 'medicines') {
    panel = <MedicationsTab uid={uid} />;
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

  const loadingTab = (
    <p role="status" className="md-muted">
      {MESSAGES.dashboardLoading}
    </p>
  );

  // The printable patient summary read from the IPS export, a view of the dashboard (`?view=ips`).
  if (isIpsView(params)) {
    return (
      <main className={`${common.page} ${css.dash}`}>
        {uid ? (
          <Suspense fallback={loadingTab}>
            <IpsPrintable uid={uid} />
          </Suspense>
        ) : (
          loadingTab
        )}
      </main>
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
          <Suspense fallback={loadingTab}>
            <PrintableSummary profile={data.profile} medications={medications.data?.current ?? null} />
          </Suspense>
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
          ref={panelRef}
        >
          <Suspense fallback={loadingTab}>{panel}</Suspense>
        </section>
      </div>
    </main>
  );
}
