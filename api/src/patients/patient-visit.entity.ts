import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ClinicalSummary, IntakeAnswers, VisitKind } from '@medora/shared';

/** One submitted intake: its date, kind, reason, its own answers and clinical summary. */
@Entity({ name: 'patient_visits' })
// A patient's visits, newest first, a keyset page at a time (id as tiebreak).
@Index('idx_patient_visits_patient_visited_id', ['firebaseUid', 'visitedAt', 'id'])
@Check('ck_patient_visits_kind', `kind IN ('visit', 'follow-up', 'profile')`)
export class PatientVisitEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'firebase_uid', type: 'text' })
  firebaseUid!: string;

  @Column({ type: 'text' })
  kind!: VisitKind;

  @Column({ type: 'text' })
  reason!: string;

  /** The visit's own answers (symptoms, follow-ups, what changed); the stable facts are the profile's. */
  @Column({ type: 'jsonb' })
  data!: IntakeAnswers;

  @Column({ type: 'jsonb', nullable: true })
  summary!: ClinicalSummary | null;

  @Column({ name: 'visited_at', type: 'timestamptz', default: () => 'now()' })
  visitedAt!: Date;
}

/** The unsent intake of one account, kept on the server instead of the browser. */
@Entity({ name: 'patient_drafts' })
export class PatientDraftEntity {
  @PrimaryColumn({ name: 'firebase_uid', type: 'text' })
  firebaseUid!: string;

  @Column({ type: 'jsonb' })
  data!: unknown;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
