import { useId, useState } from 'react';
import {
  MESSAGES,
  daysPerWeek,
  doctorMatchesSearch,
  formatMessage,
  formatSlot,
  parseAppointmentDate,
} from '@medora/shared';
import type { BookableDoctor } from '../api/load-doctors';
import css from '../booking.module.css';
import { ChoiceButton } from './choice-button';
import { Step } from './step';

interface Props {
  doctors: BookableDoctor[];
  loading: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
  /** The patient's current symptoms that made doctors "suggested" (named in a note). */
  symptoms?: string[];
}

/** 'Last visit' as a patient reads dates (issue 15 §5); the API's text date in the clinic's zone. */
function lastVisit(d: BookableDoctor): string | null {
  if (!d.lastVisitDate) return null;
  const slot = parseAppointmentDate(d.lastVisitDate);
  return slot ? formatSlot(slot.date, slot.time, d.timeZone) : d.lastVisitDate;
}

/**
 * Step 1: a card per doctor with name, specialty, clinic, days per week and the last visit. The spec's
 * chronic-condition filter (§6) picks the doctors shown at first; doctors fitting the current
 * symptoms are marked "Suggested for your symptoms" (issue 15 §5); "Show all doctors" and a search
 * by name or specialty are always there.
 */
export function DoctorStep({ doctors, loading, selected, onSelect, symptoms = [] }: Props) {
  const [showAll, setShowAll] = useState(false);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const searching = search.trim() !== '';
  // A search looks through every doctor; the chosen doctor always stays in view.
  const shown = doctors.filter(
    (d) => (showAll || searching || d.forConditions || d.key === selected) && doctorMatchesSearch(d, search),
  );
  return (
    <Step id="bk-step-doctor" title={MESSAGES.bookingStepDoctor}>
      {loading ? (
        <p role="status" className={css.muted}>
          {MESSAGES.bookingLoadingDoctors}
        </p>
      ) : doctors.length === 0 ? (
        <p className={css.empty}>{MESSAGES.noDoctors}</p>
      ) : (
        <>
          <div className={css.finder}>
            <div className={css.search}>
              <label className={css.label} htmlFor={searchId}>
                {MESSAGES.doctorSearchLabel}
              </label>
              <input
                id={searchId}
                type="search"
                className={css.input}
                placeholder={MESSAGES.doctorSearchPlaceholder}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <button
              type="button"
              className={css.button}
              aria-pressed={showAll}
              onClick={() => setShowAll((v) => !v)}
            >
              {MESSAGES.showAllDoctors}
            </button>
          </div>
          {symptoms.length > 0 ? (
            <p className={`${css.muted} ${css.small} ${css.note}`}>
              {formatMessage('suggestedDoctorsNote', { symptoms: symptoms.join(', ') })}
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p className={css.empty} role="status">
              {formatMessage('doctorSearchNoMatch', { search: search.trim() })}
            </p>
          ) : (
            <ul className={css.doctors} data-testid="doctor-list">
              {shown.map((d) => {
                const last = lastVisit(d);
                return (
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
                      <span className={css.doctorName}>{d.name} </span>
                      {d.suggested ? (
                        <span className={css.suggested} data-testid="suggested-badge">
                          {MESSAGES.suggestedForSymptoms}{' '}
                        </span>
                      ) : null}
                      <span className={css.doctorSpecialty}>{d.specialty} </span>
                      <span className={css.doctorMeta}>{d.clinic} </span>
                      <span className={css.doctorMeta}>
                        {formatMessage('bookingDaysPerWeek', { count: daysPerWeek(d.schedule) })}{' '}
                      </span>
                      {last ? (
                        <span className={css.doctorMeta}>
                          {formatMessage('bookingLastVisit', { date: last })}
                        </span>
                      ) : null}
                    </span>
                  </ChoiceButton>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Step>
  );
}
