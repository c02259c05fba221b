import { useEffect, useId, useState } from 'react';
import {
  DOCTOR_SPECIALTIES,
  MESSAGES,
  daysPerWeek,
  formatDateTime,
  formatMessage,
  formatSlot,
  parseAppointmentDate,
} from '@medora/shared';
import type { BookableDoctor } from '../api/load-doctors';
import type { DoctorSearchInput } from '../hooks/use-booking-doctors';
import css from '../booking.module.css';
import { ChoiceButton } from './choice-button';
import { Step } from './step';

/** How long the name/clinic box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  doctors: BookableDoctor[];
  loading: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
  /** The patient's current symptoms that made doctors "suggested" (named in a note). */
  symptoms?: string[];
  search: DoctorSearchInput;
  onSearch: (search: DoctorSearchInput) => void;
  /** Whether "Show all doctors" changes anything (the patient's conditions narrow the list). */
  filteredByConditions?: boolean;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}

/** 'Last visit' as a patient reads dates; the API's text date in the clinic's zone. */
function lastVisit(d: BookableDoctor): string | null {
  if (!d.lastVisitDate) return null;
  const slot = parseAppointmentDate(d.lastVisitDate);
  return slot ? formatSlot(slot.date, slot.time, d.timeZone) : d.lastVisitDate;
}

/**
 * Step 1: a card per doctor with name, specialty, clinic, days per week, next free time and the last
 * visit. The server searches — the chronic-condition filter unless "Show all
 * doctors", a specialty, and name/clinic text (debounced) — and sends a page at a time; "Load more
 * doctors" asks for the next. Doctors fitting the current symptoms are marked.
 */
export function DoctorStep({
  doctors,
  loading,
  selected,
  onSelect,
  symptoms = [],
  search,
  onSearch,
  filteredByConditions = false,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
}: Props) {
  const [text, setText] = useState(search.q);
  const searchId = useId();
  const specialtyId = useId();
  useEffect(() => {
    if (text.trim() === search.q.trim()) return undefined;
    const timer = setTimeout(() => onSearch({ ...search, q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);
  const filtering = search.q.trim() !== '' || search.specialty !== '';
  return (
    <Step id="bk-step-doctor" title={MESSAGES.bookingStepDoctor}>
      <div className={css.finder}>
        <div className={css.search}>
          <label className={css.label} htmlFor={searchId}>
            {MESSAGES.doctorSearchNameClinicLabel}
          </label>
          <input
            id={searchId}
            type="search"
            className={css.input}
            placeholder={MESSAGES.doctorSearchNameClinicPlaceholder}
            maxLength={100}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className={css.specialty}>
          <label className={css.label} htmlFor={specialtyId}>
            {MESSAGES.doctorSpecialtyFilterLabel}
          </label>
          <select
            id={specialtyId}
            className={css.input}
            value={search.specialty}
            onChange={(e) => onSearch({ ...search, specialty: e.target.value })}
          >
            <option value="">{MESSAGES.doctorSpecialtyAll}</option>
            {DOCTOR_SPECIALTIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {filteredByConditions ? (
          <button
            type="button"
            className={`md-button ${css.button}`}
            aria-pressed={search.showAll}
            onClick={() => onSearch({ ...search, showAll: !search.showAll })}
          >
            {MESSAGES.showAllDoctors}
          </button>
        ) : null}
      </div>
      {symptoms.length > 0 ? (
        <p className={`${css.muted} ${css.small} ${css.note}`}>
          {formatMessage('suggestedDoctorsNote', { symptoms: symptoms.join(', ') })}
        </p>
      ) : null}
      {loading ? (
        <p role="status" className={css.muted}>
          {MESSAGES.bookingLoadingDoctors}
        </p>
      ) : doctors.length === 0 ? (
        <p className={css.empty} role="status">
          {filtering ? MESSAGES.doctorSearchNoResults : MESSAGES.noDoctors}
        </p>
      ) : (
        <>
          <ul className={css.doctors} data-testid="doctor-list">
            {doctors.map((d) => {
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
                    {d.id ? (
                      <span className={css.doctorMeta}>
                        {d.nextFreeSlot
                          ? formatMessage('doctorNextFreeSlot', {
                              date: formatDateTime(d.nextFreeSlot, d.timeZone),
                            })
                          : MESSAGES.doctorNoFreeSlot}{' '}
                      </span>
                    ) : null}
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
          <div className={css.more}>
            {hasMore ? (
              <button
                type="button"
                className={`md-button ${css.button}`}
                // Not `disabled`: the button keeps keyboard focus while the next page loads.
                aria-disabled={loadingMore}
                aria-busy={loadingMore}
                onClick={() => {
                  if (!loadingMore) onLoadMore?.();
                }}
                data-testid="load-more-doctors"
              >
                {loadingMore ? MESSAGES.loadingMoreDoctors : MESSAGES.loadMoreDoctors}
              </button>
            ) : (
              <p className={`${css.muted} ${css.small}`} role="status" data-testid="doctor-list-end">
                {MESSAGES.doctorListEnd}
              </p>
            )}
          </div>
        </>
      )}
    </Step>
  );
}
