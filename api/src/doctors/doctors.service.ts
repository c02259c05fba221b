import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  addDays,
  clinicTimeZone,
  conditionFilterSpecialties,
  freeSlotDays,
  type DoctorSearchQuery,
  type DoctorSlotsQuery,
  type DoctorSlotsResponse,
  type DoctorsWithContextResponse,
  type PublicDoctorsQuery,
} from '@medora/shared';
import { AccessPolicy, type AccessOptions } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CURSOR_POSITIONS, pageAfter, type CursorScope } from '../common/keyset-cursor.js';
import type { DoctorSchedule } from './doctor.entity.js';
import { bookingWindowParams } from '../appointments/booking-window.rules.js';
import {
  DoctorSearchRepository,
  scheduleOf,
  takenSlotsOf,
  toDoctorPage,
  type DoctorCursor,
  toDoctorsWithContext,
} from './doctor-search.repository.js';

/** What anyone may see of a doctor: no email, no phone, no account link. */
export interface PublicDoctor {
  id: string;
  name: string;
  specialty: string;
  clinic: string;
  timeZone: string;
  schedule: DoctorSchedule;
}

/** A page of `GET /api/doctors` and the cursor of the next one (the controller writes it as a Link). */
export interface PublicDoctorsPage {
  doctors: PublicDoctor[];
  nextCursor: string | null;
}

@Injectable()
export class DoctorsService {
  constructor(
    private readonly search: DoctorSearchRepository,
    private readonly access: AccessPolicy,
  ) {}

  /**
   * `GET /api/doctors`: a page of the approved, available doctors open to new patients,
   * public fields only, by name; `specialty` and `q` (name, clinic or specialty) filter on the server.
   */
  async listPublic(query: PublicDoctorsQuery, now = new Date()): Promise<PublicDoctorsPage> {
    // A cursor continues the search it was made for only.
    const scope = { list: 'doctors', specialty: query.specialty, q: query.q || undefined };
    const rows = await this.search.listPage({
      patientUid: null,
      specialty: query.specialty,
      q: query.q || undefined,
      after: doctorCursor(query.cursor, scope),
      rows: query.limit + 1,
      window: null,
    });
    const page = toDoctorPage(rows, { limit: query.limit, now, freeSlots: false, scope });
    return {
      doctors: page.doctors.map(({ id, name, specialty, clinic, timeZone, schedule }) => ({
        id,
        name,
        specialty,
        clinic,
        timeZone,
        schedule: {
          availableDays: schedule.availableDays,
          timeSlots: schedule.timeSlots,
          exceptions: schedule.exceptions ?? [],
        },
      })),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * `GET /api/doctors-with-context/{uid}`, the owner or an admin: one page of the
   * doctor search with this patient's visits to each doctor, each doctor's next free slot, and the
   * patient's totals, in one statement.
   */
  async listWithContext(
    caller: Caller,
    uid: string,
    query: DoctorSearchQuery,
    now = new Date(),
  ): Promise<DoctorsWithContextResponse> {
    const options = {
      allow: ['admin'],
      // The patient's visits to each doctor: someone else's read (an admin's) is audited.
      audit: { action: 'list', resourceType: 'appointment', resourceId: null, detail: `patient ${uid}` },
      auditOwner: false,
    } satisfies AccessOptions;
    return this.access.withAccess(caller, uid, options, () => this.doctorsPage(uid, query, now));
  }

  private async doctorsPage(
    uid: string,
    query: DoctorSearchQuery,
    now: Date,
  ): Promise<DoctorsWithContextResponse> {
    const scope = {
      list: 'doctors-with-context',
      uid,
      specialty: query.specialty,
      condition: query.condition?.join(','),
      q: query.q || undefined,
      availableFrom: query.availableFrom,
    };
    const rows = await this.search.listPage({
      patientUid: uid,
      specialty: query.specialty,
      conditionSpecialties: query.condition ? conditionFilterSpecialties(query.condition) : null,
      q: query.q || undefined,
      after: doctorCursor(query.cursor, scope),
      rows: query.limit + 1,
      window: bookingWindowParams(now),
    });
    return toDoctorsWithContext(rows, {
      limit: query.limit,
      now,
      availableFrom: query.availableFrom,
      scope,
    });
  }

  /**
   * `GET /api/doctors/{uid}/slots`: the bookable doctor's free slots on the dates `from`…`to` of the clinic's
   * calendar, by the booking rules (docs/product.md#booking-window; shared `freeSlotDays`: from tomorrow, at
   * most 14 dates in 30 days). 404 when the doctor is not bookable.
   */
  async slots(doctorId: string, query: DoctorSlotsQuery, now = new Date()): Promise<DoctorSlotsResponse> {
    // The dates are wall dates of the clinic's zone: a day of margin on both sides covers any zone.
    // (A date-only ISO string is read as UTC midnight.)
    const from = new Date(addDays(query.from, -1));
    const to = new Date(addDays(query.to, 2));
    const row = await this.search.slotsOf(doctorId, from, to);
    if (!row) throw new ApiException(404, MESSAGES.doctorNotBookable);
    const timeZone = clinicTimeZone(row.timeZone);
    const days = freeSlotDays(scheduleOf(row.schedule), {
      timeZone,
      now,
      taken: takenSlotsOf(row.takenStarts, timeZone),
      from: query.from,
      to: query.to,
    });
    return { doctorId: row.id, timeZone, from: query.from, to: query.to, days };
  }
}

/** The doctor search's `cursor` within `scope`; 400 (the search's own message) when it is not one of its pages. */
function doctorCursor(cursor: string | undefined, scope: CursorScope): DoctorCursor | null {
  return pageAfter(cursor, scope, CURSOR_POSITIONS.nameAndId, MESSAGES.doctorCursorInvalid);
}
