import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ROLES, type AdminOverview, type Role } from '@medora/shared';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../doctors/doctor.entity.js';

@Injectable()
export class AdminService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Real counts that exist today: accounts by role and doctor records by verification status. */
  async overview(): Promise<AdminOverview> {
    const [roles, statuses] = await Promise.all([
      this.ds.query<{ key: Role; n: string }[]>(`SELECT role AS key, count(*) AS n FROM users GROUP BY role`),
      this.ds.query<{ key: VerificationStatus; n: string }[]>(
        `SELECT verification_status AS key, count(*) AS n FROM doctors GROUP BY verification_status`,
      ),
    ]);
    const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
    for (const row of roles) byRole[row.key] = Number(row.n);
    const byStatus = Object.fromEntries(VERIFICATION_STATUSES.map((s) => [s, 0])) as Record<
      VerificationStatus,
      number
    >;
    for (const row of statuses) byStatus[row.key] = Number(row.n);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    return {
      users: { total: sum(byRole), byRole },
      doctors: { total: sum(byStatus), byVerificationStatus: byStatus },
    };
  }
}
