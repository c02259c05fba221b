import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many users hold each role, kept by the triggers of migration
 * UserRoleCounts1769904000000 (the serving role may only read it). `GET /api/admin/overview` reads it
 * instead of counting `users`.
 */
@Entity({ name: 'user_role_counts' })
export class UserRoleCountEntity {
  @PrimaryColumn({ type: 'text' })
  role!: string;

  @Column({ type: 'bigint', default: 0 })
  n!: string;
}
