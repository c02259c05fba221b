import type { DOCTOR_SPECIALTIES } from '../intake/options.js';
import type { DoctorSchedule } from './types.js';

/** A demo doctor: what the seed writes and what the booking fallback shows. */
export interface DemoDoctor {
  /** Upsert key of the seed. */
  seedKey: string;
  name: string;
  email: string;
  specialty: (typeof DOCTOR_SPECIALTIES)[number];
  clinic: string;
  timeZone: string;
  schedule: DoctorSchedule;
}

const week = (days: string[], slots: string[], overrides: Record<string, string[]> = {}): DoctorSchedule => ({
  availableDays: days,
  timeSlots: Object.fromEntries(days.map((d) => [d, overrides[d] ?? slots])),
});

/**
 * The demo doctors, defined once: the API seeds them (`api/src/database/seed/demo-data.ts`)
 * and the first three, the spec's samples (Cardiology, General Medicine, Pediatrics), are the
 * booking flow's built-in fallback (`sampleDoctors`).
 */
export const DEMO_DOCTORS: readonly DemoDoctor[] = [
  {
    seedKey: 'demo-doctor-cardiology',
    name: 'Dr. Sarah Johnson',
    email: 'sarah.johnson@demo.medora.test',
    specialty: 'Cardiology',
    clinic: 'Heart Care Center',
    timeZone: 'America/New_York',
    schedule: week(
      ['Monday', 'Wednesday', 'Friday'],
      ['09:00 AM', '10:00 AM', '11:00 AM', '02:00 PM', '03:00 PM'],
    ),
  },
  {
    seedKey: 'demo-doctor-general-medicine',
    name: 'Dr. Michael Chen',
    email: 'michael.chen@demo.medora.test',
    specialty: 'General Medicine',
    clinic: 'City Medical Clinic',
    timeZone: 'America/New_York',
    schedule: week(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      ['08:30 AM', '09:30 AM', '10:30 AM', '11:30 AM', '01:30 PM', '02:30 PM', '03:30 PM', '04:30 PM'],
      { Friday: ['08:30 AM', '09:30 AM', '10:30 AM', '11:30 AM'] },
    ),
  },
  {
    seedKey: 'demo-doctor-pediatrics',
    name: 'Dr. Emily Rodriguez',
    email: 'emily.rodriguez@demo.medora.test',
    specialty: 'Pediatrics',
    clinic: "Children's Health Center",
    timeZone: 'America/New_York',
    schedule: week(
      ['Tuesday', 'Thursday', 'Saturday'],
      ['09:00 AM', '10:00 AM', '11:00 AM', '01:00 PM', '02:00 PM', '03:00 PM'],
    ),
  },
  {
    seedKey: 'demo-doctor-endocrinology',
    name: 'Dr. Priya Patel',
    email: 'priya.patel@demo.medora.test',
    specialty: 'Endocrinology',
    clinic: 'Diabetes & Hormone Clinic',
    timeZone: 'America/Chicago',
    schedule: week(
      ['Monday', 'Tuesday', 'Thursday', 'Friday'],
      ['09:00 AM', '09:45 AM', '10:30 AM', '11:15 AM', '02:00 PM', '02:45 PM'],
    ),
  },
  {
    seedKey: 'demo-doctor-pulmonology',
    name: 'Dr. James Okafor',
    email: 'james.okafor@demo.medora.test',
    specialty: 'Pulmonology',
    clinic: 'Lakeside Lung & Sleep Institute',
    timeZone: 'America/Chicago',
    schedule: week(
      ['Monday', 'Wednesday', 'Thursday'],
      ['08:00 AM', '09:00 AM', '10:00 AM', '01:00 PM', '02:00 PM'],
    ),
  },
  {
    seedKey: 'demo-doctor-dermatology',
    name: 'Dr. Laura Bennett',
    email: 'laura.bennett@demo.medora.test',
    specialty: 'Dermatology',
    clinic: 'Clear Skin Dermatology',
    timeZone: 'America/Los_Angeles',
    schedule: week(
      ['Tuesday', 'Wednesday', 'Friday'],
      ['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '03:00 PM', '03:30 PM', '04:00 PM'],
    ),
  },
];
