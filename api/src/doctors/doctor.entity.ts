import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import {
  SCHEDULE_WEEKDAYS,
  VERIFICATION_STATUSES,
  type DoctorSchedule,
  type VerificationStatus,
} from '@medora/shared';
import { sqlList } from '../common/sql-rows.js';
import { UserEntity } from '../users/user.entity.js';

// The spec's weekday names, Monday first: one list in @medora/shared.
export const WEEKDAYS = SCHEDULE_WEEKDAYS;
export type Weekday = (typeof WEEKDAYS)[number];

/** A doctor's weekly availability: weekday names and, per weekday, slots like '09:00 AM'. */
export type { DoctorSchedule } from '@medora/shared';

export { VERIFICATION_STATUSES, type VerificationStatus };

@Entity({ name: 'doctors' })
@Index('idx_doctors_verification_available', ['verificationStatus', 'isAvailable'])
// Migration AdminListIndexes1769558400000: partial, so kept by the migration, not by TypeORM.
@Index('idx_doctors_application_queue', { synchronize: false })
// Migration ApplicationQueueOpen1769904000001: the same queue without suspended doctors (both made
// again over seeded doctors too by SeededQueueDoctorNames1770595200000).
@Index('idx_doctors_application_queue_open', { synchronize: false })
@Index('idx_doctors_listed_status', { synchronize: false })
// Migration DoctorSearch1769385600000: partial (bookable doctors only), kept by the migration.
@Index('idx_doctors_bookable_name', { synchronize: false })
@Index('idx_doctors_bookable_specialty_name', { synchronize: false })
@Check('chk_doctors_verification_status', `verification_status IN (${sqlList(VERIFICATION_STATUSES)})`)
@Check('chk_doctors_suspension', '(suspended_at IS NULL) = (suspension_reason IS NULL)')
@Check('chk_doctors_experience', 'experience IS NULL OR experience >= 0')
export class DoctorEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true, unique: true })
  userId!: string | null;

  @OneToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_doctors_user' })
  user?: Relation<UserEntity> | null;

  /** Stable key of a demo doctor, so seeding is an upsert. */
  @Column({ name: 'seed_key', type: 'text', nullable: true, unique: true })
  seedKey!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text' })
  specialty!: string;

  @Column({ type: 'text' })
  clinic!: string;

  @Column({ name: 'time_zone', type: 'text', default: 'America/New_York' })
  timeZone!: string;

  // A value, not SQL: TypeORM compares jsonb defaults as JSON (Postgres reorders the keys it prints back).
  @Column({ type: 'jsonb', default: { availableDays: [], timeSlots: {} } })
  schedule!: DoctorSchedule;

  @Column({ name: 'verification_status', type: 'text', default: 'pending' })
  verificationStatus!: VerificationStatus;

  @Column({ name: 'is_available', type: 'boolean', default: false })
  isAvailable!: boolean;

  @Column({ name: 'onboarding_completed', type: 'boolean', default: false })
  onboardingCompleted!: boolean;

  // Application record (`DoctorRecord` in `@medora/shared`), migration 1767744000000-doctor-applications.
  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  gender!: string | null;

  @Column({ type: 'text', nullable: true })
  dob!: string | null;

  @Column({ name: 'sub_specialties', type: 'text', array: true, default: () => `'{}'` })
  subSpecialties!: string[];

  @Column({ type: 'text', nullable: true })
  qualification!: string | null;

  @Column({ type: 'integer', nullable: true })
  experience!: number | null;

  @Column({ name: 'license_number', type: 'text', nullable: true })
  licenseNumber!: string | null;

  @Column({ name: 'npi_number', type: 'text', nullable: true })
  npiNumber!: string | null;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  @Column({ name: 'clinic_address', type: 'jsonb', nullable: true })
  clinicAddress!: { street?: string; city?: string; state?: string; zipCode?: string } | null;

  @Column({ name: 'consultation_fee', type: 'numeric', precision: 10, scale: 2, default: 150 })
  consultationFee!: string;

  @Column({ name: 'consultation_duration', type: 'integer', default: 30 })
  consultationDuration!: number;

  @Column({ type: 'text', array: true, default: () => `'{English}'` })
  languages!: string[];

  @Column({ name: 'accepting_new_patients', type: 'boolean', default: true })
  acceptingNewPatients!: boolean;

  @Column({ name: 'credentials_verified', type: 'boolean', default: false })
  credentialsVerified!: boolean;

  @Column({ name: 'documents_submitted', type: 'boolean', default: false })
  documentsSubmitted!: boolean;

  @Column({ name: 'rejection_reason', type: 'text', nullable: true })
  rejectionReason!: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true })
  reviewedBy!: string | null;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'reviewed_by', foreignKeyConstraintName: 'fk_doctors_reviewed_by' })
  reviewer?: Relation<UserEntity> | null;

  /** Migration 1768867200000: set while an admin has suspended the approved doctor. */
  @Column({ name: 'suspended_at', type: 'timestamptz', nullable: true })
  suspendedAt!: Date | null;

  @Column({ name: 'suspension_reason', type: 'text', nullable: true })
  suspensionReason!: string | null;

  /** Raised by every change of the application (migration 1767830400000). */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
