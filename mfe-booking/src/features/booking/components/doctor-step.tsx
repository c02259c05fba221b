import { MESSAGES, daysPerWeek, formatMessage } from '@medora/shared';
import type { BookableDoctor } from '../api/load-doctors';
import css from '../booking.module.css';
import { ChoiceButton } from './choice-button';
import { Step } from './step';

interface Props {
  doctors: BookableDoctor[];
  loading: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
}

/** Step 1: a card per doctor with name, specialty, clinic, days per week and the last visit. */
export function DoctorStep({ doctors, loading, selected, onSelect }: Props) {
  return (
    <Step id="bk-step-doctor" title={MESSAGES.bookingStepDoctor}>
      {loading ? (
        <p role="status" className={css.muted}>
          {MESSAGES.bookingLoadingDoctors}
        </p>
      ) : doctors.length === 0 ? (
        <p className={css.empty}>{MESSAGES.noDoctors}</p>
      ) : (
        <ul className={css.doctors}>
          {doctors.map((d) => (
            <ChoiceButton
              key={d.key}
              className={css.doctor}
              pressed={selected === d.key}
              onSelect={() => onSelect(d.key)}
            >
              <span className={css.avatar} aria-hidden="true">
                {d.name.replace(/^Dr\.?\s*/, '').charAt(0)}
              </span>
              <span className={css.doctorBody}>
                <span className={css.doctorName}>{d.name}</span>
                <span className={css.doctorSpecialty}>{d.specialty}</span>
                <span className={css.doctorMeta}>{d.clinic}</span>
                <span className={css.doctorMeta}>
                  {formatMessage('bookingDaysPerWeek', { count: daysPerWeek(d.schedule) })}
                </span>
                {d.lastVisitDate ? (
                  <span className={css.doctorMeta}>
                    {formatMessage('bookingLastVisit', { date: d.lastVisitDate })}
                  </span>
                ) : null}
              </span>
            </ChoiceButton>
          ))}
        </ul>
      )}
    </Step>
  );
}
