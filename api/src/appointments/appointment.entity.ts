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
import type { AppointmentStatus, CancelledBy } from '@medora/shared';
import { DoctorEntity } from '../doctors/doctor.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** One booking (`Appointment` in `@medora/shared`). Schema: migration 1767484800000-appointments. */
@Entity({ name: 'appointments' })
@Index('uq_appointments_doctor_slot_active', ['doctorId', 'startsAt'], {
  unique: true,
  where: `status <> 'Cancelled'`,
})
@Index('uq_appointments_patient_idempotency', ['patientUid', 'idempotencyKey'], {
  unique: true,
  where: 'idempotency_key IS NOT NULL',
})
// Keyset pages by time with the id as tiebreak (migration 1769472000000).
@Index('idx_appointments_patient_starts_id', ['patientUid', 'startsAt', 'id'])
@Index('idx_appointments_doctor_starts_id', ['doctorId', 'startsAt', 'id'])
// Migration AdminListIndexes1769558400000: the admin overview's count of the week; partial.
@Index('idx_appointments_starts_active', { synchronize: false })
@Check('chk_appointments_status', `status IN ('Scheduled', 'Confirmed', 'Completed', 'Cancelled', 'No-Show')`)
@Check('chk_appointments_idempotency', '(idempotency_key IS NULL) = (request_hash IS NULL)')
@Check('chk_appointments_cancelled_by', `cancelled_by IN ('patient', 'doctor', 'admin')`)
@Check('chk_appointments_cancel_reason', 'char_length(cancel_reason) <= 2000')
@Check('chk_appointments_rescheduled', '(rescheduled_from IS NULL) = (rescheduled_at IS NULL)')
@Check(
  'ck_appointments_prescription_url_server',
  `prescription_url IS NULL OR prescription_url = '/api/appointments/' || id || '/prescription'`,
)
export class AppointmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The patient's Firebase uid (FK users.firebase_uid). */
  @Column({ name: 'patient_uid', type: 'text' })
  patientUid!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'patient_uid',
    referencedColumnName: 'firebaseUid',
    foreignKeyConstraintName: 'fk_appointments_patient',
  })
  patient?: Relation<UserEntity>;

  @Column({ name: 'doctor_id', type: 'uuid' })
  doctorId!: string;

  @ManyToOne(() => DoctorEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'doctor_id', foreignKeyConstraintName: 'fk_appointments_doctor' })
  doctor?: Relation<DoctorEntity>;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ type: 'text', default: 'Scheduled' })
  status!: AppointmentStatus;

  @Column({ type: 'text', default: '' })
  notes!: string;

  /** Snapshots of the doctor at booking time (an appointment keeps names, not references). */
  @Column({ type: 'text' })
  clinic!: string;

  @Column({ type: 'text' })
  specialty!: string;

  @Column({ name: 'doctor_name', type: 'text' })
  doctorName!: string;

  @Column({ name: 'prescription_url', type: 'text', nullable: true })
  prescriptionUrl!: string | null;

  @Column({ name: 'booked_at', type: 'timestamptz', default: () => 'now()' })
  bookedAt!: Date;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey!: string | null;

  @Column({ name: 'request_hash', type: 'text', nullable: true })
  requestHash!: string | null;

  /** When the doctor marked it Completed or No-Show (undo allowed for 24 hours). */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  /** Who cancelled: 'patient', 'doctor' or 'admin' (migration 1768003200000). */
  @Column({ name: 'cancelled_by', type: 'text', nullable: true })
  cancelledBy!: CancelledBy | null;

  /** The doctor's reason, shown to the patient. */
  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason!: string | null;

  /** The start before the patient's latest reschedule (migration 1768435200000). */
  @Column({ name: 'rescheduled_from', type: 'timestamptz', nullable: true })
  rescheduledFrom!: Date | null;

  /** When the latest reschedule happened. */
  @Column({ name: 'rescheduled_at', type: 'timestamptz', nullable: true })
  rescheduledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
