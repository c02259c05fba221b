import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { MedicationReminder, MedicationSource, MedicationStatus } from '@medora/shared';

/** One medicine on a patient's list; a stopped one stays (the history). The SQL is the repository's. */
@Entity({ name: 'medications' })
@Index('idx_medications_patient_status', ['patientUid', 'status', 'updatedAt', 'id'])
@Unique('uq_medications_proposal', ['patientUid', 'proposalKey'])
@Check('ck_medications_status', `status IN ('taking', 'paused', 'stopped')`)
@Check('ck_medications_source', `source IN ('patient', 'intake', 'doctor', 'import')`)
export class MedicationEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_medications' })
  id!: string;

  @Column({ name: 'patient_uid', type: 'text' })
  patientUid!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'medicine_id', type: 'text', nullable: true })
  medicineId!: string | null;

  @Column({ type: 'text', nullable: true })
  strength!: string | null;

  @Column({ type: 'text', nullable: true })
  form!: string | null;

  @Column({ type: 'text', nullable: true })
  dose!: string | null;

  @Column({ type: 'text', nullable: true })
  frequency!: string | null;

  @Column({ name: 'started_on', type: 'date', nullable: true })
  startedOn!: string | null;

  @Column({ name: 'started_text', type: 'text', nullable: true })
  startedText!: string | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'condition_key', type: 'text', nullable: true })
  conditionKey!: string | null;

  @Column({ type: 'text', nullable: true })
  prescriber!: string | null;

  @Column({ name: 'prescriber_uid', type: 'text', nullable: true })
  prescriberUid!: string | null;

  @Column({ name: 'appointment_id', type: 'uuid', nullable: true })
  appointmentId!: string | null;

  @Column({ type: 'text', default: 'taking' })
  status!: MedicationStatus;

  @Column({ name: 'status_on', type: 'date', nullable: true })
  statusOn!: string | null;

  @Column({ name: 'status_reason', type: 'text', nullable: true })
  statusReason!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ type: 'text' })
  source!: MedicationSource;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  @Column({ type: 'jsonb', default: { kind: 'off' } })
  reminder!: MedicationReminder;

  @Column({ name: 'proposal_key', type: 'text', nullable: true })
  proposalKey!: string | null;

  /** When the patient last confirmed or changed this entry (the list's "last confirmed"). */
  @Column({ name: 'patient_changed_at', type: 'timestamptz', nullable: true })
  patientChangedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'integer', default: 1 })
  version!: number;
}

/** An intake suggestion the patient said is not a medicine they take: it is not proposed again. */
@Entity({ name: 'medication_dismissals' })
export class MedicationDismissalEntity {
  @PrimaryColumn({ name: 'patient_uid', type: 'text', primaryKeyConstraintName: 'pk_medication_dismissals' })
  patientUid!: string;

  @PrimaryColumn({ name: 'proposal_key', type: 'text', primaryKeyConstraintName: 'pk_medication_dismissals' })
  proposalKey!: string;

  /** The suggestion's text: the same answer in a later intake is not suggested again. */
  @Column({ name: 'source_text', type: 'text', nullable: true })
  sourceText!: string | null;

  @Column({ name: 'dismissed_at', type: 'timestamptz', default: () => 'now()' })
  dismissedAt!: Date;
}

/** A doctor reviewed the patient's list at a visit. */
@Entity({ name: 'medication_reviews' })
@Index('idx_medication_reviews_patient', ['patientUid', 'reviewedAt'])
export class MedicationReviewEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_medication_reviews' })
  id!: string;

  @Column({ name: 'patient_uid', type: 'text' })
  patientUid!: string;

  @Column({ name: 'doctor_uid', type: 'text' })
  doctorUid!: string;

  @Column({ name: 'doctor_name', type: 'text' })
  doctorName!: string;

  @Column({ name: 'appointment_id', type: 'uuid', nullable: true })
  appointmentId!: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', default: () => 'now()' })
  reviewedAt!: Date;
}

/** A medication reminder the sweep enqueued: one per medicine and due instant. */
@Entity({ name: 'medication_reminders_sent' })
export class MedicationReminderSentEntity {
  @PrimaryColumn({
    name: 'medication_id',
    type: 'uuid',
    primaryKeyConstraintName: 'pk_medication_reminders_sent',
  })
  medicationId!: string;

  @PrimaryColumn({
    name: 'due_at',
    type: 'timestamptz',
    primaryKeyConstraintName: 'pk_medication_reminders_sent',
  })
  dueAt!: Date;

  @ManyToOne(() => MedicationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'medication_id', foreignKeyConstraintName: 'fk_medication_reminders_sent_medication' })
  medication?: MedicationEntity;

  @Column({ name: 'enqueued_at', type: 'timestamptz', default: () => 'now()' })
  enqueuedAt!: Date;
}
