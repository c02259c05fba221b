// The texts only this package uses (the message catalogue's provider area), before any module reads them.
import '@medora/shared/messages/provider';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  api,
  errorMessage,
  formatMessage,
  groupByClinicDay,
  hasWeeklyHours,
  type ProviderAppointment,
  type RemotePageProps,
} from '@medora/shared';
import { providerKeys } from '@medora/shared/query';
import { afterNextPaint, usePainted } from '@medora/shared/ui';
import { ComingSoonCard } from '../components/coming-soon';
import { DashboardHead, ui } from '../components/ui';
import css from './provider-dashboard-page.module.css';
import { AppointmentCard, preloadAppointmentDetails } from '../features/provider/components/appointment-card';
import { AppointmentWindowNav } from '../features/provider/components/appointment-window-nav';
import { useAppointmentWindow } from '../features/provider/hooks/use-appointment-window';
import { useOwnDoctorRecord, useProviderSchedule } from '../features/provider/api/queries';
import { useFocusKeeper } from '../hooks/use-focus-keeper';

// The schedule and profile editors sit below the appointments: their code (react-hook-form with it)
// loads when the page has the answers its first screen shows, not before that screen
// (docs/performance.md, What a route loads before it shows).
const editors = () => import('../features/provider/components/dashboard-editors');
const ScheduleEditor = lazy(() => editors().then((m) => ({ default: m.ScheduleEditor })));
const FirstHoursStep = lazy(() => editors().then((m) => ({ default: m.FirstHoursStep })));
const ProfileEditor = lazy(() => editors().then((m) => ({ default: m.ProfileEditor })));

/** Appointments under a heading per clinic day ('Fri 27 Nov · 2 appointments'). */
function ByDay({ appointments }: { appointments: ProviderAppointment[] }) {
  return groupByClinicDay(appointments).map((day) => (
    <section
      key={day.date}
      aria-label={formatMessage('providerDayLabel', { day: day.label })}
      className={css.day}
    >
      <h3 className={css.dayHeading}>
        {formatMessage('providerDayHeading', { day: day.label, count: day.items.length })}
      </h3>
      <div className={ui.list}>
        {day.items.map((a) => (
          <AppointmentCard key={a.id} appointment={a} />
        ))}
      </div>
    </section>
  ));
}

/** `/provider-dashboard`: approved doctors and providers (the API decides, 403 otherwise). */
export default function ProviderDashboardPage(_props: RemotePageProps) {
  const overviewQuery = useQuery({
    queryKey: providerKeys.overview(),
    queryFn: () => api.providerOverview(),
  });
  const appointmentWindow = useAppointmentWindow();
  const appointmentsQuery = appointmentWindow.query;
  const appointments = appointmentWindow.items;
  const failed = overviewQuery.error ?? appointmentsQuery.error;
  const error = failed ? errorMessage(failed) : null;
  const mainRef = useRef<HTMLElement>(null);
  useFocusKeeper(mainRef);
  // The page below the counters appears in one piece once what decides its layout has answered (the
  // appointments, the weekly hours, the profile): sections that each grew on their own answer pushed
  // the ones below them down the screen while the doctor was reading (docs/performance.md, CLS).
  const schedule = useProviderSchedule();
  const profile = useOwnDoctorRecord();
  const settled = (q: { isPending: boolean; fetchStatus: string }) =>
    !q.isPending || q.fetchStatus === 'idle';
  const firstAnswers = settled(appointmentsQuery) && settled(schedule) && settled(profile);
  // Once shown it stays: another window of dates loads under its own status, the page does not blank.
  const [answered, setAnswered] = useState(false);
  if (firstAnswers && !answered) setAnswered(true);
  // The part below the counters is the page's heaviest render: deferred, React renders it in slices
  // that yield to the browser instead of one long task when the answers arrive (total blocking time).
  const firstScreenReady = useDeferredValue(answered);
  // Without weekly hours the first-hours step, an editor, comes first: the page waits for its code
  // (the outer Suspense) rather than push the appointments down when it arrives.
  const firstHours = !!schedule.data && !hasWeeklyHours(schedule.data);
  const loading = <p role="status">{MESSAGES.loading}</p>;
  const editorsLoading = <div className={css.editorsLoading} aria-busy="true" />;
  // Once the first screen is up, the cards' opened parts load too, before the doctor opens one.
  // Code below the first screen loads once that screen has painted, not beside it.
  useEffect(
    () => (firstScreenReady ? afterNextPaint(preloadAppointmentDetails) : undefined),
    [firstScreenReady],
  );
  const firstScreenPainted = usePainted(firstScreenReady);

  return (
    <main className={ui.page} ref={mainRef}>
      <DashboardHead
        title={MESSAGES.providerDashboardTitle}
        error={error}
        labels={{
          today: MESSAGES.providerStatToday,
          upcoming: MESSAGES.providerStatUpcoming,
          patients: MESSAGES.providerStatPatients,
          completed: MESSAGES.providerStatCompleted,
        }}
        counters={overviewQuery.data ?? null}
      />
      {!firstScreenReady && !error && loading}
      {firstScreenReady && (
        <Suspense fallback={loading}>
          {firstHours && <FirstHoursStep />}
          <h2>{MESSAGES.providerWindowTitle}</h2>
          <AppointmentWindowNav
            served={appointmentWindow.served}
            timeZone={appointmentWindow.timeZone}
            onChange={appointmentWindow.setWindow}
          />
          {appointments === null && !error && <p role="status">{MESSAGES.loading}</p>}
          {appointments && appointments.length === 0 && <p>{MESSAGES.providerWindowEmpty}</p>}
          {appointments && <ByDay appointments={appointments} />}
          {appointmentsQuery.hasNextPage && (
            <button
              type="button"
              className={ui.secondary}
              disabled={appointmentsQuery.isFetchingNextPage}
              onClick={() => void appointmentsQuery.fetchNextPage()}
            >
              {appointmentsQuery.isFetchingNextPage ? MESSAGES.loading : MESSAGES.providerLoadMore}
            </button>
          )}
          {/* Below the first screen: until their code is in, the editors keep room for themselves. */}
          {firstScreenPainted ? (
            <Suspense fallback={editorsLoading}>
              <div className={css.schedule}>
                <ScheduleEditor />
              </div>
              <ProfileEditor />
            </Suspense>
          ) : (
            editorsLoading
          )}
          <div className={css.later}>
            <ComingSoonCard title={MESSAGES.providerComingMessages} />
            <ComingSoonCard title={MESSAGES.providerComingEarnings} />
          </div>
        </Suspense>
      )}
    </main>
  );
}
