import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryColumn,
  type Relation,
} from 'typeorm';
import type { ByteStorage } from '../common/object-store.js';
import { UserEntity } from '../users/user.entity.js';
import { AppointmentEntity } from './appointment.entity.js';

/** The prescription a doctor attached to an appointment. Schema: migration 1767744000000-doctor-applications. */
@Check(
  'chk_prescription_files_storage',
  `(storage = 'db' AND bytes IS NOT NULL AND object_key IS NULL) OR (storage = 's3' AND bytes IS NULL AND object_key IS NOT NULL)`,
)
@Entity({ name: 'prescription_files' })
export class PrescriptionFileEntity {
  @PrimaryColumn({ name: 'appointment_id', type: 'uuid' })
  appointmentId!: string;

  @OneToOne(() => AppointmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'appointment_id', foreignKeyConstraintName: 'fk_prescription_files_appointment' })
  appointment?: Relation<AppointmentEntity>;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column({ type: 'integer' })
  size!: number;

  @Column({ type: 'bytea', nullable: true })
  bytes!: Buffer | null;

  /** Where the bytes are (issue 17): 'db' (the bytes column) or 's3' (the object object_key). */
  @Column({ type: 'text', default: 'db' })
  storage!: ByteStorage;

  @Column({ name: 'object_key', type: 'text', nullable: true })
  objectKey!: string | null;

  @Column({ name: 'uploaded_by', type: 'uuid', nullable: true })
  uploadedBy!: string | null;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'uploaded_by', foreignKeyConstraintName: 'fk_prescription_files_user' })
  uploader?: Relation<UserEntity> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
