/**
 * `npm run admin:create -- <email>`: gives the admin role to the existing account with that email —
 * the only way to become admin (sign-up refuses it, and no route grants it). Uses the API's database
 * config: DATABASE_URL, or the embedded server (started here for the moment if it is not running).
 * Creates nothing: an unknown email is an error.
 */
import pg from 'pg';
import { loadConfig } from '../api/src/config/config.js';
import { embeddedDatabaseUrl } from '../api/src/database/default-url.js';
import { startEmbeddedPostgres, type RunningPostgres } from '../api/src/database/embedded.js';

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
    const res = await client.query<{ firebase_uid: string; role: string }>(
      `UPDATE users SET role = 'admin', updated_at = now() WHERE lower(email) = lower($1)
       RETURNING firebase_uid, role`,
      [email],
    );
    if (res.rowCount === 0) {
      console.error(
        `No account with the email ${email}. Sign up first (the account must have called POST /api/users), then run this again.`,
      );
      return 1;
    }
    console.log(`${email} is now an admin (uid ${res.rows[0]!.firebase_uid}). Sign in again to use /admin.`);
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
