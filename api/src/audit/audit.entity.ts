import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { AUDIT_OUTCOMES, type AuditOutcome } from '@medora/shared';

/**
 * One row of the audit log (migration AuditLog1767657600000). The API's database role may only INSERT
 * and SELECT here (AppRole1767916900000): rows are never changed or removed by the API.
 */
@Entity({ name: 'audit_log' })
// All three end in `created_at DESC` (newest first); TypeORM compares names and columns only.
@Index('idx_audit_log_created', ['createdAt'])
@Index('idx_audit_log_actor', ['actorUid', 'createdAt'])
@Index('idx_audit_log_resource', ['resourceType', 'resourceId', 'createdAt'])
// Migration AdminListIndexes1769558400000: one index per filter of GET /api/audit, in the list's order.
@Index('idx_audit_log_action', ['action', 'createdAt', 'id'])
@Index('idx_audit_log_outcome', ['outcome', 'createdAt', 'id'])
@Index('idx_audit_log_type', ['resourceType', 'createdAt', 'id'])
@Index('idx_audit_log_subject', ['resourceId', 'createdAt'])
// Migration BreakTheGlass1770249600000: the patient's own "Who looked at my record".
@Index('idx_audit_log_subject_uid', ['subjectUid', 'createdAt', 'id'])
@Check('ck_audit_log_outcome', `outcome IN (${AUDIT_OUTCOMES.map((o) => `'${o}'`).join(', ')})`)
export class AuditLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'actor_uid', type: 'text', nullable: true })
  actorUid!: string | null;

  @Column({ name: 'actor_role', type: 'text', nullable: true })
  actorRole!: string | null;

  @Column({ type: 'text' })
  action!: string;

  @Column({ name: 'resource_type', type: 'text' })
  resourceType!: string;

  @Column({ name: 'resource_id', type: 'text', nullable: true })
  resourceId!: string | null;

  @Column({ type: 'text' })
  outcome!: AuditOutcome;

  @Column({ type: 'text', nullable: true })
  detail!: string | null;

  /** Whose data the call reached: the owner the access check was made against (a patient's uid). */
  @Column({ name: 'subject_uid', type: 'text', nullable: true })
  subjectUid!: string | null;

  /** Migration AuditClient1767916800000: where the call came from. */
  @Column({ name: 'client_ip', type: 'text', nullable: true })
  clientIp!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt!: Date;
}
