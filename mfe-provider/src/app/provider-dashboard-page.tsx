import { useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  api,
  errorMessage,
  formatMessage,
  groupByClinicDay,
  isUpcoming,
  type ProviderAppointment,
  type RemotePageProps,
} from '@medora/shared';
import { providerKeys } from '@medora/shared/query';
import { ComingSoonCard } from '../components/coming-soon';
import { DashboardHead, ui } from '../components/ui';
import css from './provider-dashboard-page.module.css';
import { AppointmentCard } from '../features/provider/components/appointment-card';
import { FirstHoursStep, ScheduleEditor } from '../features/provider/components/schedule-editor';
import { ProfileEditor } from '../features/provider/components/profile-editor';

/** Issue 16 §4: appointments under a heading per clinic day ('Fri 27 Nov · 2 appointments'). */
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
  const appointmentsQuery = useQuery({
    queryKey: providerKeys.appointments(),
    queryFn: () => api.providerAppointments(),
  });
  const appointments = appointmentsQuery.data ?? null;
  const failed = overviewQuery.error ?? appointmentsQuery.error;
  const error = failed ? errorMessage(failed) : null;

  const now = new Date();
  const upcoming = appointments?.filter((a) => isUpcoming(a, now)) ?? [];
  const past = appointments?.filter((a) => !isUpcoming(a, now)) ?? [];

  return (
    <main className={ui.page}>
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
      <FirstHoursStep />
      <h2>{MESSAGES.providerUpcomingTitle}</h2>
      {appointments === null && !error && <p role="status">{MESSAGES.loading}</p>}
      {appointments && upcoming.length === 0 && <p>{MESSAGES.noAppointments}</p>}
      <ByDay appointments={upcoming} />
      {past.length > 0 && (
        <>
          <h2>{MESSAGES.providerPastTitle}</h2>
          <ByDay appointments={past} />
        </>
      )}
      <div className={css.schedule}>
        <ScheduleEditor />
      </div>
      <ProfileEditor />
      <div className={css.later}>
        <ComingSoonCard title={MESSAGES.providerComingMessages} />
        <ComingSoonCard title={MESSAGES.providerComingEarnings} />
      </div>
    </main>
  );
}
