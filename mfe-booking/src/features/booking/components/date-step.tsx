import { MESSAGES, dateLabel, formatMessage, type AvailableDate } from '@medora/shared';
import css from '../booking.module.css';
import { ChoiceButton } from './choice-button';
import { Step } from './step';

interface Props {
  variant: 'page' | 'dashboard';
  doctorName: string | null;
  /** The doctor's free slots are being fetched, or failed to load. */
  loading?: boolean;
  error?: string | null;
  dates: AvailableDate[];
  selected: string | null;
  onSelect: (date: string) => void;
}

/**
 * Step 2: up to 14 dates, each a button named with its weekday, date and free slots. A day
 * with no free slot is shown but not selectable, and its name says it is fully booked.
 */
export function DateStep({
  variant,
  doctorName,
  loading = false,
  error = null,
  dates,
  selected,
  onSelect,
}: Props) {
  return (
    <Step id="bk-step-date" title={MESSAGES.bookingStepDate}>
      {doctorName === null ? (
        <p className={css.muted}>{MESSAGES.bookingChooseDoctorFirst}</p>
      ) : loading ? (
        <p role="status" className={css.muted}>
          {MESSAGES.bookingLoadingSlots}
        </p>
      ) : error !== null ? (
        <p role="alert" className={css.empty}>
          {formatMessage('bookingSlotsFailed', { message: error })}
        </p>
      ) : dates.length === 0 ? (
        <p className={css.empty}>
          {variant === 'page'
            ? formatMessage('noDatesPage', { doctor: doctorName })
            : MESSAGES.noDatesDashboard}
        </p>
      ) : (
        <ul className={`${css.grid} ${css.dates}`}>
          {dates.map((d) => {
            const label = dateLabel(d.date);
            const [weekday, ...rest] = label.split(' ');
            const full = d.slotCount === 0;
            return (
              <ChoiceButton
                key={d.date}
                className={css.choice}
                pressed={selected === d.date}
                disabled={full}
                label={
                  full
                    ? formatMessage('bookingDateFull', { label })
                    : formatMessage('bookingDateButton', { label, count: d.slotCount })
                }
                onSelect={() => onSelect(d.date)}
              >
                {/* Trailing spaces keep the visible text readable as words inside the accessible name. */}
                <span className={css.choiceSmall}>{weekday} </span>
                <span className={css.choiceMain}>{rest.join(' ')} </span>
                <span className={css.choiceSmall}>
                  {full
                    ? MESSAGES.bookingDateFullShort
                    : formatMessage('bookingSlotCount', { count: d.slotCount })}
                </span>
              </ChoiceButton>
            );
          })}
        </ul>
      )}
    </Step>
  );
}
