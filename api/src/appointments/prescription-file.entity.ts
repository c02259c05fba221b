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
import { STORED_FILE_CHECK, StoredFileColumns } from '../storage/stored-file-columns.js';
import { UserEntity } from '../users/user.entity.js';
import { AppointmentEntity } from './appointment.entity.js';

/** The prescription a doctor attached to an appointment. Schema: migration 1767744000000-doctor-applications. */
@Check('chk_prescription_files_storage', STORED_FILE_CHECK)
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

  @Column(() => StoredFileColumns, { prefix: false })
  stored!: StoredFileColumns;

  @Column({ name: 'uploaded_by', type: 'uuid', nullable: true })
  uploadedBy!: string | null;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'uploaded_by', foreignKeyConstraintName: 'fk_prescription_files_user' })
  uploader?: Relation<UserEntity> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
