import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { STORED_FILE_CHECK, StoredFileColumns } from '../storage/stored-file-columns.js';

/**
 * Metadata of a patient document (`PatientDocument` in `@medora/shared`); the bytes are in
 * DocumentFileEntity.
 */
@Entity({ name: 'documents' })
// Newest first per patient (the index is `uploaded_at DESC`; TypeORM compares names and columns only).
@Index('idx_documents_patient', ['patientUid', 'uploadedAt'])
@Check('ck_documents_size', 'size IS NULL OR (size >= 0 AND size <= 10485760)')
// The URL is derived from the id (migration 1768089600000): the column only ever holds ''.
@Check('ck_documents_file_url_server', `file_url = ''`)
export class DocumentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'patient_uid', type: 'text' })
  patientUid!: string;

  @Column({ type: 'text' })
  name!: string;

  /** 'Medical Report' or the intake field the file was attached to. */
  @Column({ type: 'text' })
  type!: string;

  @Column({ name: 'content_type', type: 'text', nullable: true })
  contentType!: string | null;

  @Column({ type: 'integer', nullable: true })
  size!: number | null;

  @Column({ name: 'file_url', type: 'text', default: '' })
  fileUrl!: string;

  @Column({ name: 'uploaded_at', type: 'timestamptz', default: () => 'now()' })
  uploadedAt!: Date;
}

/** The bytes of a stored document, kept apart so list queries never load them. */
@Check('chk_document_files_storage', STORED_FILE_CHECK)
@Entity({ name: 'document_files' })
export class DocumentFileEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId!: string;

  @OneToOne(() => DocumentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id', foreignKeyConstraintName: 'fk_document_files_document' })
  document?: Relation<DocumentEntity>;

  @Column(() => StoredFileColumns, { prefix: false })
  stored!: StoredFileColumns;
}
