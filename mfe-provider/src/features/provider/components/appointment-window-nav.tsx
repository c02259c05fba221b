import {
  MESSAGES,
  PROVIDER_WINDOW_NEXT_DAYS,
  addDays,
  formatMessage,
  formatWallDate,
  parseIsoDate,
  shiftWindow,
  todayIn,
  windowDays,
  type DateWindow,
} from '@medora/shared';
import { ui } from '../../../components/ui';
import css from './appointment-window-nav.module.css';

/**
 * Which clinic dates the appointments list shows — today, the week ahead, a chosen date, and
 * the window before or after the one shown.
 */
export function AppointmentWindowNav({
  served,
  timeZone,
  onChange,
}: {
  served: DateWindow | null;
  timeZone: string | null;
  onChange: (window: DateWindow | null) => void;
}) {
  const today = timeZone ? todayIn(timeZone) : null;
  const length = served ? windowDays(served) : PROVIDER_WINDOW_NEXT_DAYS + 1;
  return (
    <nav aria-label={MESSAGES.providerWindowNavigation} className={css.nav}>
      <p className={css.range} aria-live="polite">
        {served
          ? formatMessage('providerWindowRange', {
              from: formatWallDate(served.from),
              to: formatWallDate(served.to),
            })
          : MESSAGES.loading}
      </p>
      <div className={css.buttons}>
        <button
          type="button"
          className={ui.secondary}
          disabled={!served}
          onClick={() => served && onChange(shiftWindow(served, -1))}
        >
          {MESSAGES.providerWindowPrevious}
        </button>
        <button
          type="button"
          className={ui.secondary}
          disabled={!today}
          aria-pressed={!!served && !!today && served.from === today && served.to === today}
          onClick={() => today && onChange({ from: today, to: today })}
        >
          {MESSAGES.providerWindowToday}
        </button>
        <button
          type="button"
          className={ui.secondary}
          aria-pressed={
            !!served &&
            !!today &&
            served.from === today &&
            served.to === addDays(today, PROVIDER_WINDOW_NEXT_DAYS)
          }
          onClick={() => onChange(null)}
        >
          {MESSAGES.providerWindowWeek}
        </button>
        <button
          type="button"
          className={ui.secondary}
          disabled={!served}
          onClick={() => served && onChange(shiftWindow(served, 1))}
        >
          {MESSAGES.providerWindowNext}
        </button>
        <label className={css.date}>
          {MESSAGES.providerWindowDate}
          <input
            type="date"
            className={ui.input}
            value={served?.from ?? ''}
            onChange={(e) => {
              const from = e.target.value;
              if (parseIsoDate(from)) onChange({ from, to: addDays(from, length - 1) });
            }}
          />
        </label>
      </div>
    </nav>
  );
}
