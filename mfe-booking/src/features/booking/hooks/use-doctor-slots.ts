import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  api,
  bookingWindowRange,
  clinicTimeZone,
  errorMessage,
  freeSlotDays,
  type AvailableDate,
  type FreeSlotsDay,
} from '@medora/shared';
import { doctorSearchKeys } from '@medora/shared/query';
import type { BookableDoctor } from '../api/load-doctors';

export interface DoctorSlots {
  loading: boolean;
  error: string | null;
  /** The bookable dates (at most 14 in 30 days) with their free-slot counts. */
  dates: AvailableDate[];
  slotsOn: (date: string) => string[];
}

const NO_DAYS: FreeSlotsDay[] = [];

/**
 * The free slots of the doctor the patient opened, for the booking window in the clinic's
 * zone, fetched for that doctor (`GET /api/doctors/{id}/slots`) when they are opened. A sample doctor
 * (no id, a fallback sample) offers the dates of its schedule, computed here by the same shared rule.
 */
export function useDoctorSlots(doctor: BookableDoctor | null): DoctorSlots {
  const timeZone = clinicTimeZone(doctor?.timeZone);
  const { from, to } = bookingWindowRange(timeZone);
  const id = doctor?.id;
  const query = useQuery({
    queryKey: doctorSearchKeys.slots(id ?? '', from, to),
    queryFn: () => api.doctorSlots(id!, from, to),
    enabled: id !== undefined,
  });
  const schedule = doctor?.schedule;
  const days = useMemo(() => {
    if (id !== undefined) return query.data?.days ?? NO_DAYS;
    return schedule ? freeSlotDays(schedule, { timeZone }) : NO_DAYS;
  }, [id, query.data, schedule, timeZone]);
  return useMemo(
    () => ({
      loading: id !== undefined && query.isPending,
      error: id !== undefined && query.isError ? errorMessage(query.error) : null,
      dates: days.map((d) => ({ date: d.date, weekday: d.weekday, slotCount: d.slots.length })),
      slotsOn: (date: string) => days.find((d) => d.date === date)?.slots ?? [],
    }),
    [id, query.isPending, query.isError, query.error, days],
  );
}
