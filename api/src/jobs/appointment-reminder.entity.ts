import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { AppointmentEntity } from '../appointments/appointment.entity.js';

/** A reminder the sweep enqueued: at most one per appointment and start. */
@Entity({ name: 'appointment_reminders' })
export class AppointmentReminderEntity {
  @PrimaryColumn({
    name: 'appointment_id',
    type: 'uuid',
    primaryKeyConstraintName: 'pk_appointment_reminders',
  })
  appointmentId!: string;

  @PrimaryColumn({
    name: 'starts_at',
    type: 'timestamptz',
    primaryKeyConstraintName: 'pk_appointment_reminders',
  })
  startsAt!: Date;

  @ManyToOne(() => AppointmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'appointment_id', foreignKeyConstraintName: 'fk_appointment_reminders_appointment' })
  appointment?: Relation<AppointmentEntity>;

  @Column({ name: 'enqueued_at', type: 'timestamptz', default: () => 'now()' })
  enqueuedAt!: Date;
}
