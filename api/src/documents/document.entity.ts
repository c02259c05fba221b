import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** Metadata of a patient document (spec §3 Document); the bytes are in DocumentFileEntity. */
@Entity({ name: 'documents' })
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
@Entity({ name: 'document_files' })
export class DocumentFileEntity {
  @PrimaryColumn({ name: 'document_id', type: 'uuid' })
  documentId!: string;

  @Column({ type: 'bytea' })
  bytes!: Buffer;
}
