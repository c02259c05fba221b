import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { AppointmentEntity } from '../appointments/appointment.entity.js';

/**
 * Migration NotificationEvents1770422400000: one thing that happened to a patient's appointment or
 * document, as it was then. Append-only; written by database triggers, read by the bell.
 */
@Entity({ name: 'notification_events' })
@Index('idx_notification_events_patient', ['patientUid', 'occurredAt'])
@Index('idx_notification_events_appointment', ['appointmentId'])
@Check('chk_notification_events_kind', `kind IN ('booked', 'rescheduled', 'cancelled', 'document')`)
export class NotificationEventEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_notification_events' })
  id!: string;

  @Column({ type: 'text' })
  kind!: 'booked' | 'rescheduled' | 'cancelled' | 'document';

  @Column({ name: 'patient_uid', type: 'text' })
  patientUid!: string;

  @Column({ name: 'appointment_id', type: 'uuid', nullable: true })
  appointmentId!: string | null;

  @ManyToOne(() => AppointmentEntity, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'appointment_id', foreignKeyConstraintName: 'fk_notification_events_appointment' })
  appointment?: Relation<AppointmentEntity> | null;

  /** No foreign key: a deleted document keeps the record of its upload. */
  @Column({ name: 'document_id', type: 'uuid', nullable: true })
  documentId!: string | null;

  @Column({ name: 'document_name', type: 'text', nullable: true })
  documentName!: string | null;

  @Column({ name: 'starts_at', type: 'timestamptz', nullable: true })
  startsAt!: Date | null;

  @Column({ name: 'previous_starts_at', type: 'timestamptz', nullable: true })
  previousStartsAt!: Date | null;

  @Column({ name: 'cancelled_by', type: 'text', nullable: true })
  cancelledBy!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'now()' })
  occurredAt!: Date;
}
