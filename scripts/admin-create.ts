/**
 * `npm run admin:create -- <email>`: gives the admin role to the existing account with that email —
 * the only way to become admin (sign-up refuses it, and no route grants it). Uses the API's database
 * config: DATABASE_URL, or the embedded server (started here for the moment if it is not running).
 * Creates nothing: an unknown email is an error, and so is an account whose email is not verified:
 * the admin role goes only to someone who proved they own the address.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import pg from 'pg';
import { loadConfig, type Config } from '../api/src/config/config.js';
import { embeddedDatabaseUrl } from '../api/src/database/default-url.js';
import { startEmbeddedPostgres, type RunningPostgres } from '../api/src/database/embedded.js';
import { resolvePorts } from './lib/ports.js';

/**
 * The Auth server to ask: the configured emulator, else (a demo project without credentials, as
 * `npm start` runs it) the local stack's emulator, else the real project.
 */
function authEmulatorHost(config: Config): string | undefined {
  if (config.firebaseAuthEmulatorHost) return config.firebaseAuthEmulatorHost;
  if (config.googleApplicationCredentials || !config.firebaseProjectId.startsWith('demo-')) return undefined;
  return `127.0.0.1:${resolvePorts(process.env).AUTH_EMULATOR_PORT}`;
}

/**
 * Whether Firebase Auth says the account's email is verified: the source of truth (our users row only
 * holds what the token said when the account registered, usually before verification).
 */
async function firebaseEmailVerified(config: Config, uid: string): Promise<boolean> {
  const emulator = authEmulatorHost(config);
  if (emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (config.googleApplicationCredentials) {
    process.env.GOOGLE_APPLICATION_CREDENTIALS = config.googleApplicationCredentials;
  }
  const app =
    getApps().find((a) => a.name === 'admin-create') ??
    initializeApp({ projectId: config.firebaseProjectId }, 'admin-create');
  try {
    return (await getAuth(app).getUser(uid)).emailVerified;
  } catch (error) {
    const where = emulator
      ? `the Auth emulator at ${emulator}`
      : `Firebase project ${config.firebaseProjectId}`;
    throw new Error(
      `Could not ask ${where} whether the email is verified (${error instanceof Error ? error.message : String(error)}). ` +
        'Start the stack (npm start) or set FIREBASE_AUTH_EMULATOR_HOST / GOOGLE_APPLICATION_CREDENTIALS, then run this again.',
      { cause: error },
    );
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function main(): Promise<number> {
  const email = process.argv[2]?.trim();
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run admin:create -- <email>');
    return 2;
  }
  const config = loadConfig(process.env);
  let embedded: RunningPostgres | null = null;
  let client: pg.Client;
  try {
    client = await connect(config.databaseUrl ?? embeddedDatabaseUrl(config));
  } catch (error) {
    if (config.databaseUrl) throw error;
    // npm start is not running: start the embedded cluster just for this change.
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    client = await connect(embedded.url);
  }
  try {
    const found = await client.query<{ firebase_uid: string; email_verified: boolean }>(
      `SELECT firebase_uid, email_verified FROM users WHERE lower(email) = lower($1)`,
      [email],
    );
    if (found.rowCount === 0) {
      console.error(
        `No account with the email ${email}. Sign up first (the account must have called POST /api/users), then run this again.`,
      );
      return 1;
    }
    const { firebase_uid: uid, email_verified: verifiedInRow } = found.rows[0]!;
    // The row's flag came from a verified ID token; when it is still false, Firebase decides.
    if (!verifiedInRow && !(await firebaseEmailVerified(config, uid))) {
      console.error(
        `The account ${email} has not verified its email address. Open the verification link sent to ${email} ` +
          '(locally: the mailbox of the Auth emulator), then run this again. An unverified account cannot become admin.',
      );
      return 1;
    }
    await client.query(
      `UPDATE users SET role = 'admin', email_verified = true, updated_at = now() WHERE firebase_uid = $1`,
      [uid],
    );
    console.log(`${email} is now an admin (uid ${uid}). Sign in again to use /admin.`);
    return 0;
  } finally {
    await client.end();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
