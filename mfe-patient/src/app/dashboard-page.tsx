import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { authStore, formatMessage, MESSAGES, type RemotePageProps } from '@medora/shared';
import { AppointmentsTab } from '../features/dashboard/components/appointments-tab';
import { BookTab } from '../features/dashboard/components/book-tab';
import { DASHBOARD_CSS } from '../features/dashboard/components/dashboard-styles';
import { DocumentsTab } from '../features/dashboard/components/documents-tab';
import { SummaryTab } from '../features/dashboard/components/summary-tab';
import {
  DASHBOARD_TABS,
  nextTabIndex,
  readTabState,
  writeTabState,
  type AppointmentSubTab,
  type DashboardTab,
} from '../features/dashboard/model/tab-state';
import { useDashboardData } from '../features/dashboard/model/use-dashboard-data';
import { INTAKE_CSS } from '../features/intake/components/intake-styles';

/** The patient dashboard at /dashboard (spec §2 Patient dashboard, §4 Dashboard load). */
export default function DashboardPage(_props: RemotePageProps) {
  const uid = useStore(authStore, (s) => s.user?.uid ?? null);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { tab, sub } = readTabState(params);
  const data = useDashboardData(uid);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

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

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(e.key, index, DASHBOARD_TABS.length);
    if (next === null) return;
    e.preventDefault();
    go(DASHBOARD_TABS[next]!);
    tabRefs.current[next]?.focus();
  }

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
        <p role="alert" className="md-intake-error">
          {formatMessage('dashboardLoadFailed', { message: data.profileError ?? '' })}
        </p>
      ) : (
        <SummaryTab profile={data.profile} />
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

  return (
    <main className="md-intake md-dash">
      <style>{INTAKE_CSS + DASHBOARD_CSS}</style>
      <div className="md-dash-shell">
        <div className="md-dash-title">
          <h1>{MESSAGES.dashboardHeading}</h1>
        </div>
        <div role="tablist" aria-label={MESSAGES.dashboardHeading} className="md-dash-tabs">
          {DASHBOARD_TABS.map((key, i) => (
            <button
              key={key}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`md-dash-tab-${key}`}
              aria-controls="md-dash-panel"
              aria-selected={tab === key}
              tabIndex={tab === key ? 0 : -1}
              className="md-dash-tab"
              data-tab={key}
              onClick={() => go(key)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {labels[key]}
            </button>
          ))}
        </div>
        <section
          role="tabpanel"
          id="md-dash-panel"
          aria-labelledby={`md-dash-tab-${tab}`}
          className="md-dash-panel"
          tabIndex={0}
        >
          {panel}
        </section>
      </div>
    </main>
  );
}
