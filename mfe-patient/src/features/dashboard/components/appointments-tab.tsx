import { useRef, useState, type KeyboardEvent } from 'react';
import { formatMessage, MESSAGES, type Appointment } from '@medora/shared';
import { groupAppointments, statusLabel } from '../model/appointments';
import { APPOINTMENT_SUBTABS, nextTabIndex, type AppointmentSubTab } from '../model/tab-state';
import { QueryState } from '../../../components/query-state';
import { AppointmentDialog } from './appointment-dialog';

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

/** Appointments: Upcoming / History sub-tabs with counts, the list, and the details dialog. */
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
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const list = groups[sub];

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(e.key, index, APPOINTMENT_SUBTABS.length);
    if (next === null) return;
    e.preventDefault();
    onSubChange(APPOINTMENT_SUBTABS[next]!);
    tabRefs.current[next]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={MESSAGES.tabAppointments.replace(' ({count})', '')}
        className="md-dash-subtabs"
      >
        {APPOINTMENT_SUBTABS.map((key, i) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`md-dash-sub-${key}`}
            aria-controls="md-dash-sub-panel"
            aria-selected={sub === key}
            tabIndex={sub === key ? 0 : -1}
            className="md-dash-subtab"
            onClick={() => onSubChange(key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {formatMessage(key === 'upcoming' ? 'subTabUpcoming' : 'subTabHistory', {
              count: groups[key].length,
            })}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="md-dash-sub-panel" aria-labelledby={`md-dash-sub-${sub}`}>
        <QueryState
          loading={loading && appointments.length === 0}
          error={error}
          onRetry={onRetry}
          empty={list.length === 0}
          emptyContent={
            <>
              <p>{sub === 'upcoming' ? MESSAGES.noAppointments : MESSAGES.noAppointmentHistory}</p>
              {sub === 'upcoming' && (
                <button type="button" className="md-button md-primary" onClick={onBook}>
                  {MESSAGES.bookFirstAppointment}
                </button>
              )}
            </>
          }
        >
          <ul className="md-dash-appointments" aria-label={sub}>
            {list.map((a) => {
              const status = statusLabel(a.status);
              return (
                <li key={a.id} className="md-dash-appointment" data-testid="appointment-item">
                  <div>
                    <strong>{a.doctor}</strong>
                    <span className="md-muted">
                      {a.specialty ? `${a.specialty} · ` : ''}
                      {a.clinic}
                    </span>
                    <span>{a.date}</span>
                  </div>
                  <div className="md-dash-appointment-side">
                    <span className="md-dash-status" data-status={status}>
                      {status}
                    </span>
                    <button
                      type="button"
                      className="md-button md-dash-button-secondary"
                      onClick={() => setOpen(a)}
                      aria-label={`${MESSAGES.appointmentDetailsButton}: ${a.doctor}, ${a.date}`}
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
          onCancelled={() => setOpen(null)}
        />
      )}
    </div>
  );
}
