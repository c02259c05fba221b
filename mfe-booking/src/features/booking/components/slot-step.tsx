import { MESSAGES, formatMessage } from '@medora/shared';
import css from '../booking.module.css';
import { ChoiceButton } from './choice-button';
import { Step } from './step';

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
    <Step id="bk-step-slot" title={MESSAGES.bookingStepSlot}>
      {date === null ? (
        <p className={css.muted}>{MESSAGES.bookingChooseDateFirst}</p>
      ) : slots.length === 0 ? (
        <p className={css.empty}>{variant === 'page' ? MESSAGES.noSlotsPage : MESSAGES.noSlotsDashboard}</p>
      ) : (
        <>
          <ul className={`${css.grid} ${css.slots}`}>
            {slots.map((slot) => (
              <ChoiceButton
                key={slot}
                className={`${css.choice} ${css.slot}`}
                pressed={selected === slot}
                onSelect={() => onSelect(slot)}
              >
                {slot}
              </ChoiceButton>
            ))}
          </ul>
          <p className={`${css.muted} ${css.small}`}>{formatMessage('bookingTimesIn', { timeZone })}</p>
        </>
      )}
    </Step>
  );
}
