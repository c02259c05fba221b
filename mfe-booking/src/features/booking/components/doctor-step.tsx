import { MESSAGES, daysPerWeek, formatMessage } from '@medora/shared';
import type { BookableDoctor } from '../api/load-doctors';

interface Props {
  doctors: BookableDoctor[];
  loading: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
}

/** Step 1: a card per doctor with name, specialty, clinic, days per week and the last visit. */
export function DoctorStep({ doctors, loading, selected, onSelect }: Props) {
  return (
    <section className="bk-step" aria-labelledby="bk-step-doctor">
      <h2 id="bk-step-doctor">{MESSAGES.bookingStepDoctor}</h2>
      {loading ? (
        <p role="status" className="bk-muted">
          {MESSAGES.bookingLoadingDoctors}
        </p>
      ) : doctors.length === 0 ? (
        <p className="bk-empty">{MESSAGES.noDoctors}</p>
      ) : (
        <ul className="bk-doctors">
          {doctors.map((d) => {
            const days = daysPerWeek(d.schedule);
            return (
              <li key={d.key}>
                <button
                  type="button"
                  className="bk-doctor"
                  aria-pressed={selected === d.key}
                  onClick={() => onSelect(d.key)}
                >
                  <span className="bk-doctor-avatar" aria-hidden="true">
                    {d.name.replace(/^Dr\.?\s*/, '').charAt(0)}
                  </span>
                  <span className="bk-doctor-body">
                    <span className="bk-doctor-name">{d.name}</span>
                    <span className="bk-doctor-specialty">{d.specialty}</span>
                    <span className="bk-doctor-meta">{d.clinic}</span>
                    <span className="bk-doctor-meta">
                      {formatMessage('bookingDaysPerWeek', { count: days })}
                    </span>
                    {d.lastVisitDate ? (
                      <span className="bk-doctor-meta">
                        {formatMessage('bookingLastVisit', { date: d.lastVisitDate })}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
