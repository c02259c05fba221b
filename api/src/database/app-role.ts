import pg from 'pg';

/**
 * The database role the API serves traffic as (migration AppRole1767916900000 creates it): DML on
 * every table, but only SELECT and INSERT on audit_log, so no code path of the API can rewrite or
 * erase the audit trail. Migrations run as the owner instead (see `servingConnectionOptions`).
 */
export const APP_DB_ROLE = 'medora_app';

/**
 * The LOGIN role the API connects as when this code sets the database up (the embedded server of
 * `npm start`; docker-compose.yml names the same one): a member of APP_DB_ROLE and nothing else.
 */
export const API_DB_LOGIN = 'medora_api';

/**
 * pg connection options that switch every new connection of the serving pool to APP_DB_ROLE as it
 * starts (`-c role=…` is applied by the server during the startup handshake).
 *
 * This alone is a session-level SET ROLE, which arbitrary SQL on the connection (an injection) can
 * undo with `RESET ROLE`. What makes it hold is the login under it: DATABASE_URL names a LOGIN role
 * that is only a member of APP_DB_ROLE (`ensureApiLogin`: not a superuser, not the owner, no
 * CREATEROLE), so resetting lands on a role with the same rights and there is nothing to SET ROLE to.
 */
export const APP_ROLE_CONNECTION_OPTIONS = `-c role=${APP_DB_ROLE}`;

export interface DbLogin {
  user: string;
  /** Empty: the role gets no password (a server with trust or peer authentication). */
  password: string;
}

/** The user and password of a postgres:// URL (percent-decoded). */
export function loginOf(url: string): DbLogin {
  const u = new URL(url);
  return { user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) };
}

/** `url` with its user and password replaced by `login`'s. */
export function withLogin(url: string, login: DbLogin): string {
  const u = new URL(url);
  u.username = encodeURIComponent(login.user);
  u.password = encodeURIComponent(login.password);
  return u.toString();
}

/** SQLSTATEs of two sessions changing the same role at once (roles are shared by the whole server). */
const ROLE_RACE = new Set(['XX000', '23505', '40001', '40P01', '42710']);

/**
 * Creates (or brings into line) the API's LOGIN role as the owner of `ownerUrl`: LOGIN, INHERIT, no
 * SUPERUSER / CREATEDB / CREATEROLE / REPLICATION / BYPASSRLS, `login.password` (when not empty),
 * and a member of APP_DB_ROLE, which it creates when missing. Idempotent and safe to run from many
 * sessions at once: roles are cluster-wide, so parallel test runs and replicas on one server all
 * come here; a race on the role's catalogue row is retried.
 *
 * It refuses (throws) to touch a role that is a superuser, owns the database or any table in it, or
 * is a member of any role but APP_DB_ROLE: that would not be least privilege, and demoting such a
 * role could lock the operator out. An owner without CREATEROLE may still migrate when the login
 * already exists as required (an operator made it by hand): that case only warns.
 */
export async function ensureApiLogin(
  ownerUrl: string,
  login: DbLogin,
  warn: (line: string) => void = () => undefined,
): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const owner = (await client.query<{ u: string }>('SELECT current_user AS u')).rows[0]!.u;
    if (owner === login.user) {
      throw new Error(
        `DATABASE_URL and MIGRATION_DATABASE_URL log in as the same role (${owner}): the API needs a login of its own`,
      );
    }
    await assertNotPrivileged(client, login.user);
    const role = client.escapeIdentifier(login.user);
    const attributes =
      'LOGIN INHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS' +
      (login.password ? ` PASSWORD ${client.escapeLiteral(login.password)}` : '');
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`
          DO $$
          BEGIN
            CREATE ROLE ${APP_DB_ROLE} NOLOGIN;
          EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL;
          END $$`);
        // A concurrent creator makes this fail with duplicate_object: the retry then finds the role.
        const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [login.user]);
        await client.query(`${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${role} WITH ${attributes}`);
        await client.query(`GRANT ${APP_DB_ROLE} TO ${role}`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (ROLE_RACE.has(code) && attempt < 8) {
          await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 50));
          continue;
        }
        if (code === '42501' && (await isReadyLogin(client, login.user))) {
          warn(
            `Cannot manage the role ${login.user} as ${owner} (${(error as Error).message}); it exists as a ` +
              `member of ${APP_DB_ROLE}, so it is used as it is (its password is not changed)`,
          );
          return;
        }
        throw error;
      }
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function assertNotPrivileged(client: pg.Client, user: string): Promise<void> {
  const { rows } = await client.query<{ super: boolean; owns: boolean; other: string | null }>(
    `SELECT r.rolsuper AS super,
            (EXISTS (SELECT 1 FROM pg_database WHERE datname = current_database() AND datdba = r.oid)
             OR EXISTS (SELECT 1 FROM pg_class WHERE relowner = r.oid AND relnamespace = 'public'::regnamespace)) AS owns,
            (SELECT string_agg(g.rolname, ', ') FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
              WHERE m.member = r.oid AND g.rolname <> $2) AS other
       FROM pg_roles r WHERE r.rolname = $1`,
    [user, APP_DB_ROLE],
  );
  const found = rows[0];
  if (!found) return;
  const why = found.super
    ? 'is a superuser'
    : found.owns
      ? 'owns the database or its tables'
      : found.other
        ? `is a member of ${found.other}`
        : undefined;
  if (why) {
    throw new Error(
      `The API's database login ${user} ${why}: give DATABASE_URL a login of its own that is only a ` +
        `member of ${APP_DB_ROLE} (MIGRATION_DATABASE_URL keeps the owner)`,
    );
  }
}

async function isReadyLogin(client: pg.Client, user: string): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT 1 FROM pg_roles r
      WHERE r.rolname = $1 AND r.rolcanlogin AND NOT r.rolsuper AND pg_has_role(r.oid, $2, 'MEMBER')`,
    [user, APP_DB_ROLE],
  );
  return rows.length > 0;
}
