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
import type { ClinicalSummary, IntakeAnswers } from '@medora/shared';
import { UserEntity } from '../users/user.entity.js';

/** A patient's intake record (spec §3) and its clinical summary. */
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

  @Column({ name: 'ai_summary', type: 'jsonb', nullable: true })
  aiSummary!: ClinicalSummary | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
