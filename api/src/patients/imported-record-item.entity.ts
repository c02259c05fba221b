import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import {
  IMPORTED_ITEM_KINDS,
  IMPORTED_ITEM_STATUSES,
  type ImportedItemKind,
  type ImportedItemStatus,
} from '@medora/shared';
import { sqlList } from '../common/sql-rows.js';

/**
 * Migration ImportedRecordItems1770768000000: one allergy, condition, medicine or observation of a
 * record the patient imported from another system (a FHIR Bundle), with the resource as it came.
 */
@Entity({ name: 'imported_record_items' })
@Index('idx_imported_record_items_patient', ['patientUid', 'createdAt'])
@Check('chk_imported_record_items_kind', `kind IN (${sqlList(IMPORTED_ITEM_KINDS)})`)
@Check('chk_imported_record_items_status', `status IN (${sqlList(IMPORTED_ITEM_STATUSES)})`)
export class ImportedRecordItemEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_imported_record_items' })
  id!: string;

  @Column({ name: 'patient_uid', type: 'text' })
  patientUid!: string;

  @Column({ type: 'text' })
  kind!: ImportedItemKind;

  @Column({ name: 'code_system', type: 'text', nullable: true })
  codeSystem!: string | null;

  @Column({ type: 'text', nullable: true })
  code!: string | null;

  @Column({ type: 'text', nullable: true })
  display!: string | null;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'boolean', default: false })
  absence!: boolean;

  @Column({ type: 'text', default: 'pending' })
  status!: ImportedItemStatus;

  @Column({ name: 'source_name', type: 'text', nullable: true })
  sourceName!: string | null;

  @Column({ name: 'source_bundle_id', type: 'text', nullable: true })
  sourceBundleId!: string | null;

  @Column({ name: 'source_identifier', type: 'text', nullable: true })
  sourceIdentifier!: string | null;

  @Column({ type: 'jsonb' })
  resource!: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
