import { MESSAGES, formatMessage } from '@medora/shared';

interface Props {
  variant: 'page' | 'dashboard';
  date: string | null;
  slots: string[];
  timeZone: string;
  selected: string | null;
  onSelect: (slot: string) => void;
}

/** Step 3: the free times of the chosen date, as toggle buttons ('10:30 AM'). */
export function SlotStep({ variant, date, slots, timeZone, selected, onSelect }: Props) {
  return (
    <section className="bk-step" aria-labelledby="bk-step-slot">
      <h2 id="bk-step-slot">{MESSAGES.bookingStepSlot}</h2>
      {date === null ? (
        <p className="bk-muted">{MESSAGES.bookingChooseDateFirst}</p>
      ) : slots.length === 0 ? (
        <p className="bk-empty">{variant === 'page' ? MESSAGES.noSlotsPage : MESSAGES.noSlotsDashboard}</p>
      ) : (
        <>
          <ul className="bk-grid bk-slots">
            {slots.map((slot) => (
              <li key={slot}>
                <button
                  type="button"
                  className="bk-choice bk-slot"
                  aria-pressed={selected === slot}
                  onClick={() => onSelect(slot)}
                >
                  {slot}
                </button>
              </li>
            ))}
          </ul>
          <p className="bk-muted bk-small">{formatMessage('bookingTimesIn', { timeZone })}</p>
        </>
      )}
    </section>
  );
}
