import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ClinicalSummary, IntakeAnswers } from '@medora/shared';

/** A patient's intake record (spec §3) and its clinical summary. */
@Entity({ name: 'patient_profiles' })
export class PatientProfileEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'firebase_uid', type: 'text', unique: true })
  firebaseUid!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ type: 'jsonb' })
  data!: IntakeAnswers;

  @Column({ name: 'ai_summary', type: 'jsonb', nullable: true })
  aiSummary!: ClinicalSummary | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
