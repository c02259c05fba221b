import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PatientVisitEntity } from '../patients/patient-visit.entity.js';

/** A clinician marked one visit's red flag reviewed: it is no longer carried to later summaries. */
@Entity({ name: 'clinical_flag_reviews' })
@Index('idx_clinical_flag_reviews_patient', ['firebaseUid'])
export class FlagReviewEntity {
  @PrimaryColumn({ name: 'visit_id', type: 'uuid', primaryKeyConstraintName: 'pk_clinical_flag_reviews' })
  visitId!: string;

  @PrimaryColumn({ name: 'flag_id', type: 'text', primaryKeyConstraintName: 'pk_clinical_flag_reviews' })
  flagId!: string;

  @ManyToOne(() => PatientVisitEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'visit_id', foreignKeyConstraintName: 'fk_clinical_flag_reviews_visit' })
  visit?: PatientVisitEntity;

  @Column({ name: 'firebase_uid', type: 'text' })
  firebaseUid!: string;

  @Column({ name: 'reviewed_by', type: 'text' })
  reviewedBy!: string;

  @Column({ name: 'reviewed_at', type: 'timestamptz', default: () => 'now()' })
  reviewedAt!: Date;
}
