import type { DataSource } from 'typeorm';
import type { DoctorSchedule } from '../../doctors/doctor.entity.js';
import { approvedDoctorSql } from '../../common/sql-rules.js';

export interface DemoDoctor {
  seedKey: string;
  name: string;
  email: string;
  specialty: string;
  clinic: string;
  timeZone: string;
  schedule: DoctorSchedule;
}

const week = (days: string[], slots: string[], overrides: Record<string, string[]> = {}): DoctorSchedule => ({
  availableDays: days,
  timeSlots: Object.fromEntries(days.map((d) => [d, overrides[d] ?? slots])),
});

/** Demo doctors: the spec's three samples (Cardiology, General Medicine, Pediatrics) and a few more. */
export const DEMO_DOCTORS: DemoDoctor[] = [
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

/**
 * Inserts or refreshes the demo doctors (upsert on seed_key): running it twice changes nothing.
 * They are approved, available and onboarded, so the booking flow has someone to book.
 */
export async function seedDemoData(ds: DataSource): Promise<number> {
  for (const d of DEMO_DOCTORS) {
    await ds.query(
      `INSERT INTO doctors (seed_key, name, email, specialty, clinic, time_zone, schedule,
                            verification_status, is_available, onboarding_completed, credentials_verified)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 'approved', true, true, true)
       ON CONFLICT (seed_key) DO UPDATE SET
         name = EXCLUDED.name, email = EXCLUDED.email, specialty = EXCLUDED.specialty,
         clinic = EXCLUDED.clinic, time_zone = EXCLUDED.time_zone, schedule = EXCLUDED.schedule,
         verification_status = 'approved', is_available = true, onboarding_completed = true,
         credentials_verified = true, updated_at = now()
       WHERE (doctors.name, doctors.email, doctors.specialty, doctors.clinic, doctors.time_zone, doctors.schedule)
             IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.email, EXCLUDED.specialty, EXCLUDED.clinic,
                               EXCLUDED.time_zone, EXCLUDED.schedule)
          OR NOT ${approvedDoctorSql('doctors')} OR NOT doctors.is_available
          OR NOT doctors.onboarding_completed OR NOT doctors.credentials_verified`,
      [d.seedKey, d.name, d.email, d.specialty, d.clinic, d.timeZone, JSON.stringify(d.schedule)],
    );
  }
  return DEMO_DOCTORS.length;
}
