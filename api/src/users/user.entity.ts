import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Role } from '@medora/shared';

@Entity({ name: 'users' })
// Migration AdminListIndexes1769558400000: the overview's count by role; the search's trigram index
// on e-mail exists only where pg_trgm does, so the migration keeps it, not TypeORM.
@Index('idx_users_role', ['role'])
@Index('idx_users_email_trgm', { synchronize: false })
@Check('chk_users_role', `role IN ('patient', 'provider', 'doctor', 'admin')`)
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'firebase_uid', type: 'text', unique: true })
  firebaseUid!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text' })
  role!: Role;

  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified!: boolean;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  /** The account's name, set on the settings page. */
  @Column({ type: 'text', nullable: true })
  name!: string | null;

  /** When the ID token whose e-mail this row holds was issued (an older token never overwrites it). */
  @Column({ name: 'email_token_issued_at', type: 'timestamptz', nullable: true })
  emailTokenIssuedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
