import type { DataSource } from 'typeorm';
import { DEMO_DOCTORS } from '@medora/shared';
import { approvedDoctorSql } from '../../appointments/appointment-sql.rules.js';

// The list lives in @medora/shared (the booking fallback shows the same doctors); re-exported for tests.
export { DEMO_DOCTORS };

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
