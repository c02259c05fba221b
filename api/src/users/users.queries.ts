// Plain module, no Nest: the bench's baseline server (scripts/lib/bench/baseline-server.ts)
// runs this very statement without the framework. In the API only UsersRepository runs it.
import type { Role } from '@medora/shared';

/** A users row as the auth guard and the user routes read it (the UserEntity fields, camelCase). */
export interface UserRow {
  id: string;
  firebaseUid: string;
  email: string | null;
  role: Role;
  emailVerified: boolean;
  phone: string | null;
  /** Set on the settings page. */
  name: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The users columns under UserRow's names, for the table aliased `u`. */
export const USER_COLUMNS = `u.id, u.firebase_uid AS "firebaseUid", u.email, u.role,
  u.email_verified AS "emailVerified", u.phone, u.name, u.created_at AS "createdAt", u.updated_at AS "updatedAt"`;

/**
 * The caller lookup the auth guard runs on every request: a raw statement, because TypeORM's entity
 * path (findOne + hydration) costs about as much as the rest of a small read put together.
 */
export const USER_BY_FIREBASE_UID_SQL = `SELECT ${USER_COLUMNS} FROM users u WHERE u.firebase_uid = $1`;

/**
 * What the auth guard needs of the caller's row on every request: the role (no row: not registered).
 * One column instead of UserRow's nine (CPU per request: pg parses every column of every
 * row, two timestamps into Dates). Run as the named statement CALLER_ROLE_STATEMENT, prepared once per
 * connection.
 */
export const CALLER_ROLE_SQL = `SELECT u.role FROM users u WHERE u.firebase_uid = $1`;
export const CALLER_ROLE_STATEMENT = 'medora_caller_role';
