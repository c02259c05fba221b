import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { CHANGE_REQUEST_STATUSES, type ChangeRequestField, type ChangeRequestStatus } from '@medora/shared';
import { sqlList } from '../common/sql-rows.js';
import { UserEntity } from '../users/user.entity.js';
import { DoctorEntity } from './doctor.entity.js';

/** Per requested field, the approved value when asked and the value asked for. */
export type ChangeRequestChanges = Partial<
  Record<ChangeRequestField, { from: string | string[] | null; to: string | string[] | null }>
>;

/** Migration DoctorChangeRequests1770249600001: a doctor's pending (or decided) change of reviewed fields. */
@Entity({ name: 'doctor_change_requests' })
@Index('idx_doctor_change_requests_doctor', ['doctorId', 'createdAt'])
// Partial (open requests only), kept by the migration.
@Index('uq_doctor_change_requests_open', { synchronize: false })
@Check('chk_doctor_change_requests_status', `status IN (${sqlList(CHANGE_REQUEST_STATUSES)})`)
@Check('chk_doctor_change_requests_reason', `status <> 'rejected' OR reason IS NOT NULL`)
export class DoctorChangeRequestEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_doctor_change_requests' })
  id!: string;

  @Column({ name: 'doctor_id', type: 'uuid' })
  doctorId!: string;

  @ManyToOne(() => DoctorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'doctor_id', foreignKeyConstraintName: 'fk_doctor_change_requests_doctor' })
  doctor?: Relation<DoctorEntity>;

  @Column({ type: 'jsonb' })
  changes!: ChangeRequestChanges;

  @Column({ type: 'text', default: 'pending' })
  status!: ChangeRequestStatus;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'decided_by', type: 'uuid', nullable: true })
  decidedBy!: string | null;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'decided_by', foreignKeyConstraintName: 'fk_doctor_change_requests_decided_by' })
  decider?: Relation<UserEntity> | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ type: 'integer', default: 1 })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
