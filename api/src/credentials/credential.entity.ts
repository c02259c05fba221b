import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { STORED_FILE_CHECK, StoredFileColumns } from '../storage/stored-file-columns.js';
import { VERIFICATION_STATUSES, type CredentialType } from '@medora/shared';
import { sqlList } from '../common/sql-rows.js';
import { DoctorEntity } from '../doctors/doctor.entity.js';

/** One credential document of a doctor's application (`CredentialRecord` in `@medora/shared`). */
@Entity({ name: 'credentials' })
@Index('idx_credentials_doctor', ['doctorId', 'createdAt'])
@Index('uq_credentials_current_content', ['doctorId', 'type', 'contentHash'], {
  unique: true,
  where: 'superseded_at IS NULL AND content_hash IS NOT NULL',
})
@Check(
  'chk_credentials_type',
  `type IN ('degree', 'license', 'identity', 'address', 'certification', 'experience')`,
)
@Check('chk_credentials_status', `verification_status IN (${sqlList(VERIFICATION_STATUSES)})`)
export class CredentialEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'doctor_id', type: 'uuid' })
  doctorId!: string;

  @ManyToOne(() => DoctorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'doctor_id', foreignKeyConstraintName: 'fk_credentials_doctor' })
  doctor?: Relation<DoctorEntity>;

  @Column({ type: 'text' })
  type!: CredentialType;

  @Column({ name: 'document_name', type: 'text' })
  documentName!: string;

  @Column({ name: 'issuing_organization', type: 'text', nullable: true })
  issuingOrganization!: string | null;

  @Column({ name: 'verification_status', type: 'text', default: 'pending' })
  verificationStatus!: string;

  @Column({ name: 'content_type', type: 'text', nullable: true })
  contentType!: string | null;

  @Column({ type: 'integer', nullable: true })
  size!: number | null;

  /** SHA-256 (hex) of the file's bytes: a retried upload of the same file is not stored twice. */
  @Column({ name: 'content_hash', type: 'text', nullable: true })
  contentHash!: string | null;

  /** Set when a resubmission replaced this document. */
  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** The bytes of a credential, apart so that listing credentials never loads them. */
@Check('chk_credential_files_storage', STORED_FILE_CHECK)
@Entity({ name: 'credential_files' })
export class CredentialFileEntity {
  @PrimaryColumn({ name: 'credential_id', type: 'uuid' })
  credentialId!: string;

  @OneToOne(() => CredentialEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'credential_id', foreignKeyConstraintName: 'fk_credential_files_credential' })
  credential?: Relation<CredentialEntity>;

  @Column(() => StoredFileColumns, { prefix: false })
  stored!: StoredFileColumns;
}
