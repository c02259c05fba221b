import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DoctorEntity, type DoctorSchedule } from './doctor.entity.js';

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
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Approved and available doctors (spec §5 booking), public fields only, one lean query. */
  async listPublic(): Promise<PublicDoctor[]> {
    const rows = await this.ds
      .createQueryBuilder()
      .select([
        'd.id AS id',
        'd.name AS name',
        'd.specialty AS specialty',
        'd.clinic AS clinic',
        'd.time_zone AS "timeZone"',
        'd.schedule AS schedule',
      ])
      .from(DoctorEntity, 'd')
      .where('d.verification_status = :status', { status: 'approved' })
      .andWhere('d.is_available = true')
      .orderBy('d.name', 'ASC')
      .getRawMany<PublicDoctor>();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      specialty: r.specialty,
      clinic: r.clinic,
      timeZone: r.timeZone,
      schedule: { availableDays: r.schedule?.availableDays ?? [], timeSlots: r.schedule?.timeSlots ?? {} },
    }));
  }
}
