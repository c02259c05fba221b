import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The owner's audit retention policy, one row (migration AuditRetentionJob1770250000000): the app role
 * may only read it; `prune_audit_log` applies it.
 */
@Entity({ name: 'audit_retention_policy' })
@Check('ck_audit_retention_policy_one', 'only_row')
@Check('ck_audit_retention_policy_months', 'months BETWEEN 1 AND 1200')
export class AuditRetentionPolicyEntity {
  @PrimaryColumn({ name: 'only_row', type: 'boolean', default: true })
  onlyRow!: boolean;

  /** Months of audit rows kept; null keeps them for ever. */
  @Column({ type: 'integer', nullable: true })
  months!: number | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
