import type { DoctorSchedule, PublicDoctor } from './types.js';

/** Spec §6: the specialty each chronic condition sends a patient to. */
export const CONDITION_SPECIALTIES: Readonly<Record<string, string>> = {
  'Heart Disease': 'Cardiology',
  Hypertension: 'Cardiology',
  Diabetes: 'Endocrinology',
  'Thyroid Disorder': 'Endocrinology',
  Asthma: 'Pulmonology',
  COPD: 'Pulmonology',
  'Kidney Disease': 'Nephrology',
  'Liver Disease': 'Gastroenterology',
  Cancer: 'Oncology',
};

/** Spec §6: always offered, whatever the conditions. */
export const ALWAYS_OFFERED_SPECIALTY = 'General Medicine';

/** The specialties a patient's chronic conditions point to (General Medicine included). */
export function specialtiesForConditions(conditions: readonly string[]): Set<string> {
  const result = new Set<string>([ALWAYS_OFFERED_SPECIALTY]);
  for (const c of conditions) {
    const s = CONDITION_SPECIALTIES[c.trim()];
    if (s) result.add(s);
  }
  return result;
}

/**
 * Spec §6: doctors whose specialty matches the patient's conditions, plus General Medicine; when none
 * match (or the patient has no conditions that map) every doctor is shown.
 */
export function filterDoctorsForConditions<T extends { specialty: string }>(
  doctors: readonly T[],
  conditions: readonly string[],
): T[] {
  const mapped = conditions.some((c) => CONDITION_SPECIALTIES[c.trim()] !== undefined);
  if (!mapped) return [...doctors];
  const wanted = specialtiesForConditions(conditions);
  const matching = doctors.filter((d) => wanted.has(d.specialty));
  return matching.length > 0 ? matching : [...doctors];
}

const week = (days: string[], slots: string[]): DoctorSchedule => ({
  availableDays: days,
  timeSlots: Object.fromEntries(days.map((d) => [d, slots])),
});

/**
 * Spec §7 fallbacks: three built-in sample doctors (Cardiology, General Medicine, Pediatrics). With
 * `withSchedules: false` (the doctor list failed) they carry no schedule, as the spec says.
 */
export function sampleDoctors(options: { withSchedules: boolean }): PublicDoctor[] {
  const samples: Required<Omit<PublicDoctor, 'id'>>[] = [
    {
      name: 'Dr. Sarah Johnson',
      specialty: 'Cardiology',
      clinic: 'Heart Care Center',
      timeZone: 'America/New_York',
      schedule: week(
        ['Monday', 'Wednesday', 'Friday'],
        ['09:00 AM', '10:00 AM', '11:00 AM', '02:00 PM', '03:00 PM'],
      ),
    },
    {
      name: 'Dr. Michael Chen',
      specialty: 'General Medicine',
      clinic: 'City Medical Clinic',
      timeZone: 'America/New_York',
      schedule: week(
        ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        ['08:30 AM', '09:30 AM', '10:30 AM', '11:30 AM', '01:30 PM', '02:30 PM'],
      ),
    },
    {
      name: 'Dr. Emily Rodriguez',
      specialty: 'Pediatrics',
      clinic: "Children's Health Center",
      timeZone: 'America/New_York',
      schedule: week(
        ['Tuesday', 'Thursday', 'Saturday'],
        ['09:00 AM', '10:00 AM', '11:00 AM', '01:00 PM', '02:00 PM'],
      ),
    },
  ];
  return samples.map(({ schedule, ...rest }) => (options.withSchedules ? { ...rest, schedule } : rest));
}

/**
 * The chronic conditions in a patient profile as `GET /api/patients/{uid}` returns it (`data.chronicConditions`);
 * anything else (404, another shape) reads as none.
 */
export function chronicConditionsOf(profile: unknown): string[] {
  const data = (profile as { data?: { chronicConditions?: unknown } } | null | undefined)?.data;
  const list = data?.chronicConditions;
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
}
