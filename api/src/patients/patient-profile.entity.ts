import {
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
import type { IntakeAnswers } from '@medora/shared';
import { UserEntity } from '../users/user.entity.js';

/**
 * A patient's health profile: the stable facts of the intake record. Each
 * submission's own answers and clinical summary are a visit (PatientVisitEntity).
 */
@Entity({ name: 'patient_profiles' })
@Index('idx_patient_profiles_user', ['userId'])
export class PatientProfileEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'firebase_uid', type: 'text', unique: true })
  firebaseUid!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_patient_profiles_user' })
  user?: Relation<UserEntity> | null;

  @Column({ type: 'jsonb' })
  data!: IntakeAnswers;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
