import { MESSAGES, dateLabel, formatMessage, type AvailableDate } from '@medora/shared';

interface Props {
  variant: 'page' | 'dashboard';
  doctorName: string | null;
  dates: AvailableDate[];
  selected: string | null;
  onSelect: (date: string) => void;
}

/** Step 2: up to 14 dates (spec §5), each a button named with its weekday, date and free slots. */
export function DateStep({ variant, doctorName, dates, selected, onSelect }: Props) {
  return (
    <section className="bk-step" aria-labelledby="bk-step-date">
      <h2 id="bk-step-date">{MESSAGES.bookingStepDate}</h2>
      {doctorName === null ? (
        <p className="bk-muted">{MESSAGES.bookingChooseDoctorFirst}</p>
      ) : dates.length === 0 ? (
        <p className="bk-empty">
          {variant === 'page'
            ? formatMessage('noDatesPage', { doctor: doctorName })
            : MESSAGES.noDatesDashboard}
        </p>
      ) : (
        <ul className="bk-grid bk-dates">
          {dates.map((d) => {
            const label = dateLabel(d.date);
            const [weekday, ...rest] = label.split(' ');
            return (
              <li key={d.date}>
                <button
                  type="button"
                  className="bk-choice"
                  aria-pressed={selected === d.date}
                  aria-label={formatMessage('bookingDateButton', {
                    label,
                    count: d.slotCount,
                  })}
                  onClick={() => onSelect(d.date)}
                >
                  {/* Trailing spaces keep the visible text readable as words inside the accessible name. */}
                  <span className="bk-choice-small">{weekday} </span>
                  <span className="bk-choice-main">{rest.join(' ')} </span>
                  <span className="bk-choice-small">
                    {formatMessage('bookingSlotCount', { count: d.slotCount })}
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
