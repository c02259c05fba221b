import { Injectable } from '@nestjs/common';
import type { DoctorsWithContextResponse } from '@medora/shared';
import { AccessPolicy } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import type { DoctorSchedule } from './doctor.entity.js';
import { bookingWindowParams, toDoctorsWithContext } from './doctors.queries.js';
import { DoctorsRepository } from './doctors.repository.js';

/** What anyone may see of a doctor: no email, no phone, no account link. */
export interface PublicDoctor {
  id: string;
  name: string;
  specialty: string;
  clinic: string;
  timeZone: string;
  schedule: DoctorSchedule;
}

@Injectable()
export class DoctorsService {
  constructor(
    private readonly doctors: DoctorsRepository,
    private readonly access: AccessPolicy,
  ) {}

  /** Approved and available doctors (spec §5 booking), public fields only, one lean query. */
  async listPublic(): Promise<PublicDoctor[]> {
    const rows = await this.doctors.listPublic();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      specialty: r.specialty,
      clinic: r.clinic,
      timeZone: r.timeZone,
      schedule: {
        availableDays: r.schedule?.availableDays ?? [],
        timeSlots: r.schedule?.timeSlots ?? {},
        exceptions: r.schedule?.exceptions ?? [],
      },
    }));
  }

  /**
   * `GET /api/doctors-with-context/{uid}` (spec §7), the owner or an admin: bookable doctors with this
   * patient's visits to each (non-cancelled appointments), every slot already taken inside the booking
   * window (so the UI never offers one) and the patient's totals, in one statement.
   */
  async listWithContext(caller: Caller, uid: string, now = new Date()): Promise<DoctorsWithContextResponse> {
    await this.access.assertCanAccess(caller, uid, {
      allow: ['admin'],
      // The patient's visits to each doctor: someone else's read (an admin's) is audited.
      audit: { action: 'list', resourceType: 'appointment', resourceId: null, detail: `patient ${uid}` },
      auditOwner: false,
    });
    const rows = await this.doctors.listWithContext([uid, ...bookingWindowParams(now)]);
    return toDoctorsWithContext(rows);
  }
}
