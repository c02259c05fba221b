import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Role } from '@medora/shared';
import { leanQuery } from '../common/lean-query.js';
import { UserEntity } from './user.entity.js';
import { approvedDoctorSql } from '../appointments/appointment-sql.rules.js';

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

export interface NewUser {
  firebaseUid: string;
  email: string | null;
  emailVerified: boolean;
  role: Role;
  phone: string | null;
}

/** Data access for users; the auth guard uses it on every request, so the reads stay lean. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>) {}

  /** The guard's lookup on every request: one raw statement, no entity hydration. */
  async findByFirebaseUid(firebaseUid: string): Promise<UserRow | null> {
    const rows = await leanQuery<UserRow>(this.repo.manager.connection, USER_BY_FIREBASE_UID_SQL, [
      firebaseUid,
    ]);
    return rows[0] ?? null;
  }

  /**
   * The settings page's account: the user row, its name falling back to the health record's (a record
   * saved before the two were kept as one name still shows that name in Settings).
   */
  async findAccount(firebaseUid: string): Promise<UserRow | null> {
    const rows = await leanQuery<UserRow>(
      this.repo.manager.connection,
      `SELECT ${USER_COLUMNS.replace('u.name', `COALESCE(u.name, NULLIF(btrim(p.data->>'name'), '')) AS name`)}
         FROM users u LEFT JOIN patient_profiles p ON p.firebase_uid = u.firebase_uid
        WHERE u.firebase_uid = $1`,
      [firebaseUid],
    );
    return rows[0] ?? null;
  }

  /** The guard's lookup on every request: the caller's role, or null without a users row. */
  async roleOf(firebaseUid: string): Promise<{ role: Role } | null> {
    const rows = await leanQuery<{ role: Role }>(
      this.repo.manager.connection,
      CALLER_ROLE_SQL,
      [firebaseUid],
      CALLER_ROLE_STATEMENT,
    );
    return rows[0] ?? null;
  }

  /** Inserts unless a row for the uid exists already; returns whether this call created it. */
  async insertIfMissing(user: NewUser): Promise<boolean> {
    const result = await this.repo
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values(user)
      .orIgnore()
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /**
   * The row's e-mail and its verification follow the verified token (an e-mail
   * change reaches the row when the user signs in again). With `issuedAt`, a token older than the one
   * the row was last set from changes nothing, so a token from before an e-mail change cannot put the
   * old address back.
   */
  async refreshFromToken(
    firebaseUid: string,
    email: string | null,
    emailVerified: boolean,
    issuedAt: Date | null = null,
  ): Promise<void> {
    await this.repo
      .createQueryBuilder()
      .update(UserEntity)
      .set({ email, emailVerified, ...(issuedAt ? { emailTokenIssuedAt: issuedAt } : {}) })
      .where('firebase_uid = :firebaseUid', { firebaseUid })
      .andWhere('(email IS DISTINCT FROM :email OR email_verified IS DISTINCT FROM :emailVerified)', {
        email,
        emailVerified,
      })
      .andWhere(
        '(email_token_issued_at IS NULL OR CAST(:issuedAt AS timestamptz) IS NULL OR email_token_issued_at <= :issuedAt)',
        {
          issuedAt,
        },
      )
      .execute();
  }

  /**
   * Sets the account's name and/or phone (a field left undefined keeps its value; null
   * clears it). Returns the updated row, or null when the uid has no users row.
   */
  async updateAccount(
    firebaseUid: string,
    changes: { name?: string | null; phone?: string | null },
  ): Promise<(UserRow & { recordRenamed: boolean }) | null> {
    // leanQuery: TypeORM's query() answers an UPDATE with [rows, count], not the RETURNING rows.
    // One name everywhere: a changed name is also the health record's (summary, printable page, FHIR
    // export), in the same statement; a cleared one leaves the record without a name.
    const rows = await leanQuery<UserRow & { recordRenamed: boolean }>(
      this.repo.manager.connection,
      `WITH record AS (
         UPDATE patient_profiles
            SET data = CASE WHEN $3::text IS NULL THEN data - 'name'
                            ELSE jsonb_set(data, '{name}', to_jsonb($3::text)) END,
                updated_at = now()
          WHERE firebase_uid = $1 AND $2
         RETURNING 1
       )
       UPDATE users u
          SET name = CASE WHEN $2 THEN $3 ELSE u.name END,
              phone = CASE WHEN $4 THEN $5 ELSE u.phone END,
              updated_at = now()
        WHERE u.firebase_uid = $1
       RETURNING ${USER_COLUMNS}, EXISTS (SELECT 1 FROM record) AS "recordRenamed"`,
      [
        firebaseUid,
        changes.name !== undefined,
        changes.name ?? null,
        changes.phone !== undefined,
        changes.phone ?? null,
      ],
    );
    return rows[0] ?? null;
  }

  /** Whether the uid's user is linked to a doctor record an admin has approved. */
  async hasApprovedDoctor(firebaseUid: string): Promise<boolean> {
    const rows: unknown[] = await this.repo.query(
      `SELECT 1 FROM doctors d JOIN users u ON u.id = d.user_id
        WHERE u.firebase_uid = $1 AND ${approvedDoctorSql('d')} LIMIT 1`,
      [firebaseUid],
    );
    return rows.length > 0;
  }

  /**
   * How many accounts hold each role (roles nobody holds are absent or 0): the counts the triggers of
   * UserRoleCounts1769904000000 keep, three rows whatever the number of users.
   */
  countByRole(): Promise<{ key: Role; n: string }[]> {
    return this.repo.query(`SELECT role AS key, n FROM user_role_counts`);
  }

  /**
   * The users row of a local demo account (verified, with `role`), created or brought back to it;
   * returns its id.
   */
  async upsertDemo(firebaseUid: string, email: string, role: Role): Promise<string> {
    const [row] = await this.repo.query<{ id: string }[]>(
      `INSERT INTO users (firebase_uid, email, role, email_verified) VALUES ($1, $2, $3, true)
       ON CONFLICT (firebase_uid) DO UPDATE SET email = EXCLUDED.email, role = EXCLUDED.role,
         email_verified = true, updated_at = now()
       RETURNING id`,
      [firebaseUid, email, role],
    );
    return row!.id;
  }
}
