import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An admin's stated reason for reading one patient's health data (break-the-glass, migration
 * BreakTheGlass1770249600000): open until `expiresAt`, kept afterwards as the record of why.
 */
@Entity({ name: 'access_grants' })
@Index('idx_access_grants_open', ['adminUid', 'patientUid', 'expiresAt'])
@Check('chk_access_grants_window', `expires_at > granted_at`)
export class AccessGrantEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_access_grants' })
  id!: string;

  @Column({ name: 'admin_uid', type: 'text' })
  adminUid!: string;

  @Column({ name: 'patient_uid', type: 'text' })
  patientUid!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ name: 'granted_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  grantedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
