// The texts only this package uses (the message catalogue's provider area), before any module reads them.
import '@medora/shared/messages/provider';
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  api,
  errorMessage,
  formatMessage,
  groupByClinicDay,
  type ProviderAppointment,
  type RemotePageProps,
} from '@medora/shared';
import { providerKeys } from '@medora/shared/query';
import { ComingSoonCard } from '../components/coming-soon';
import { DashboardHead, ui } from '../components/ui';
import css from './provider-dashboard-page.module.css';
import { AppointmentCard } from '../features/provider/components/appointment-card';
import { AppointmentWindowNav } from '../features/provider/components/appointment-window-nav';
import { useAppointmentWindow } from '../features/provider/hooks/use-appointment-window';
import {
  FirstHoursStep,
  ScheduleEditor,
  useProviderSchedule,
} from '../features/provider/components/schedule-editor';
import { ProfileEditor, useOwnDoctorRecord } from '../features/provider/components/profile-editor';
import { useFocusKeeper } from '../hooks/use-focus-keeper';

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
  const [firstScreenReady, setFirstScreenReady] = useState(false);
  if (firstAnswers && !firstScreenReady) setFirstScreenReady(true);

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
      {!firstScreenReady && !error && <p role="status">{MESSAGES.loading}</p>}
      {firstScreenReady && (
        <>
          <FirstHoursStep />
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
          <div className={css.schedule}>
            <ScheduleEditor />
          </div>
          <ProfileEditor />
          <div className={css.later}>
            <ComingSoonCard title={MESSAGES.providerComingMessages} />
            <ComingSoonCard title={MESSAGES.providerComingEarnings} />
          </div>
        </>
      )}
    </main>
  );
}
