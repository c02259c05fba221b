import { useEffect, useRef, useState } from 'react';
import {
  formatAppointmentWhen,
  formatDateTime,
  formatMessage,
  MESSAGES,
  type Appointment,
} from '@medora/shared';
import { groupAppointments, statusLabel } from '../model/appointments';
import { APPOINTMENT_SUBTABS, type AppointmentSubTab } from '../model/tab-state';
import { QueryState } from '../../../components/query-state';
import common from '../../../components/patient.module.css';
import { AppointmentDialog } from './appointment-dialog';
import css from './dashboard.module.css';
import { TabList } from './tab-list';

interface AppointmentsTabProps {
  appointments: Appointment[];
  loading: boolean;
  /** The list could not be loaded: the error's text. */
  error: string | null;
  onRetry: () => void;
  sub: AppointmentSubTab;
  onSubChange: (sub: AppointmentSubTab) => void;
  onBook: () => void;
}

/**
 * Appointments: Upcoming / History sub-tabs with counts, the list, and the details dialog. Dates read
 * 'Fri 27 Nov 2026, 11:30 AM CST'; 'Book Your First Appointment' only for a patient who
 * never had one.
 */
export function AppointmentsTab({
  appointments,
  loading,
  error,
  onRetry,
  sub,
  onSubChange,
  onBook,
}: AppointmentsTabProps) {
  const groups = groupAppointments(appointments);
  const [open, setOpen] = useState<Appointment | null>(null);
  // After a cancel the list takes focus: the dialog gives it back to the appointment's Details button,
  // which leaves the upcoming list with the appointment. React runs the dialog's clean-up first.
  const subPanel = useRef<HTMLDivElement | null>(null);
  const [cancelled, setCancelled] = useState(0);
  useEffect(() => {
    if (cancelled > 0) subPanel.current?.focus();
  }, [cancelled]);
  const list = groups[sub];
  const never = appointments.length === 0;
  const subLabels = Object.fromEntries(
    APPOINTMENT_SUBTABS.map((key) => [
      key,
      formatMessage(key === 'upcoming' ? 'subTabUpcoming' : 'subTabHistory', { count: groups[key].length }),
    ]),
  ) as Record<AppointmentSubTab, string>;

  return (
    <div>
      <TabList
        variant="sub"
        labels={subLabels}
        selected={sub}
        label={MESSAGES.appointmentsListLabel}
        onSelect={onSubChange}
      />
      <div
        role="tabpanel"
        id="md-dash-sub-panel"
        aria-labelledby={`md-dash-sub-${sub}`}
        ref={subPanel}
        tabIndex={-1}
      >
        <QueryState
          loading={loading && appointments.length === 0}
          error={error}
          onRetry={onRetry}
          empty={list.length === 0}
          emptyContent={
            <>
              <p>
                {sub === 'history'
                  ? MESSAGES.noAppointmentHistory
                  : never
                    ? MESSAGES.noAppointments
                    : MESSAGES.noUpcomingAppointments}
              </p>
              {sub === 'upcoming' && (
                <button type="button" className="md-button md-primary" onClick={onBook}>
                  {never ? MESSAGES.bookFirstAppointment : MESSAGES.bookAnotherAppointment}
                </button>
              )}
            </>
          }
        >
          <ul
            className={css.appointments}
            aria-label={sub === 'upcoming' ? MESSAGES.upcomingListLabel : MESSAGES.historyListLabel}
          >
            {list.map((a) => {
              const status = statusLabel(a.status);
              const when = formatAppointmentWhen(a);
              return (
                <li key={a.id} className={css.appointment} data-testid="appointment-item">
                  <div>
                    <strong>{a.doctor}</strong>
                    <span className="md-muted">
                      {a.specialty ? `${a.specialty}${MESSAGES.listSeparator}` : ''}
                      {a.clinic}
                    </span>
                    <span data-testid="appointment-when">{when}</span>
                    {a.rescheduledFrom ? (
                      <span className="md-muted">
                        {formatMessage('rescheduledFrom', {
                          date: formatDateTime(a.rescheduledFrom, a.timeZone),
                        })}
                      </span>
                    ) : null}
                  </div>
                  <div className={css.appointmentSide}>
                    <span className={css.status} data-status={status}>
                      {status}
                    </span>
                    <button
                      type="button"
                      className={`md-button ${common.buttonSecondary}`}
                      onClick={() => setOpen(a)}
                      aria-label={formatMessage('appointmentDetailsFor', {
                        label: MESSAGES.appointmentDetailsButton,
                        doctor: a.doctor,
                        date: when,
                      })}
                    >
                      {MESSAGES.appointmentDetailsButton}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </QueryState>
      </div>
      {open && (
        <AppointmentDialog
          appointment={open}
          onClose={() => setOpen(null)}
          onCancelled={() => {
            setOpen(null);
            setCancelled((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
