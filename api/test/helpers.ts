import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { request as httpRequest, type Agent, type Server } from 'node:http';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/config.js';
import type { MailDispatcher } from '../src/mail/mail.contract.js';
import { withLogin } from '../src/database/app-role.js';
import { createThrowawayDatabase } from '../src/database/embedded.js';
import { TEST_ENV, TEST_PROJECT_ID } from './test-env.js';

export interface TestApp {
  app: NestFastifyApplication;
  /** For supertest: `request(t.http).get('/api/health')`. */
  http: Server;
  dataSource: DataSource;
  /** URL of this app's own throwaway database, as its owner (what migrated it). */
  databaseUrl: string;
  /** The same database as the login the app serves with (only a member of medora_app). */
  apiDatabaseUrl: string;
  close: () => Promise<void>;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the API tests through jest (test/global-setup.ts)`);
  return value;
}

/**
 * A service-account key file for `project` with a throwaway key, in a fresh temporary folder: what
 * production requires (GOOGLE_APPLICATION_CREDENTIALS). Its OAuth token request goes to token_uri,
 * which a test's outbound agent can answer locally.
 */
export function throwawayServiceAccount(project: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'medora-sa-')), `${project}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      type: 'service_account',
      project_id: project,
      private_key_id: 'test-key',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: `api@${project}.iam.gserviceaccount.com`,
      client_id: '1',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );
  return file;
}

/** The project id the emulator issues tokens for. */
export function testProjectId(): string {
  return process.env.FIREBASE_PROJECT_ID?.trim() || TEST_PROJECT_ID;
}

/**
 * The real app in-process, on its own throwaway database (migrations applied, demo doctors seeded
 * unless `seed: false`), verifying tokens against the test emulator (`env: { FIREBASE_AUTH_EMULATOR_HOST:
 * '' }` for none; `httpAgent` then carries its calls to Google, e.g. to a local certificate server).
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    httpAgent?: Agent;
    /** Where the JSON log lines go (with `env: { LOG_LEVEL }`); the tests default to silent. */
    logDestination?: DestinationStream;
    /** What sends mail jobs (records events; can fail like an SMTP outage). */
    mailDispatcher?: MailDispatcher;
    /** A second process on another app's database (two workers); `close` leaves it. */
    sharedDatabaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const db = options.sharedDatabaseUrl
    ? { url: options.sharedDatabaseUrl, drop: () => Promise.resolve() }
    : await createThrowawayDatabase(
        requiredEnv(TEST_ENV.dbServerUrl),
        requiredEnv(TEST_ENV.dbPrefix),
        // A copy of the database the global setup migrated (with or without the demo seed); the app
        // still runs its boot-time migration step, which then finds nothing to apply.
        requiredEnv(options.seed === false ? TEST_ENV.dbTemplateBare : TEST_ENV.dbTemplateSeeded),
      );
  // Like production: the owner migrates, the app serves as a login that is only a member of medora_app.
  const apiUrl = withLogin(db.url, {
    user: requiredEnv(TEST_ENV.dbApiUser),
    password: requiredEnv(TEST_ENV.dbApiPassword),
  });
  try {
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: apiUrl,
      MIGRATION_DATABASE_URL: db.url,
      FIREBASE_PROJECT_ID: testProjectId(),
      FIREBASE_AUTH_EMULATOR_HOST: requiredEnv('FIREBASE_AUTH_EMULATOR_HOST'),
      SEED_DEMO_DATA: options.seed === false ? 'false' : 'true',
      DB_POOL_SIZE: '4',
      // The tests' own bulk setup (20,000 rows for the query-plan checks) runs through the app's pool: the
      // 5 s production default cancelled it on a loaded 2-core machine. The timeout itself is tested in
      // operability.e2e-spec.ts, which sets its own.
      DB_STATEMENT_TIMEOUT_MS: '120000',
      // One address and a few accounts send far more writes here than a person could; the tests
      // about these limits (write-limits, rate-limits) set their own.
      ...Object.fromEntries(
        ['WRITE', 'AUTOSAVE', 'EXPORT'].flatMap((c) => [
          [`RATE_LIMIT_${c}_PER_USER`, '100000'],
          [`RATE_LIMIT_${c}_PER_IP`, '100000'],
        ]),
      ),
      ...options.env,
    };
    // The tests run in local mode (dev routes, demo accounts) whenever they use the emulator, unless
    // a test says otherwise; local mode without the emulator is a config error.
    env.MEDORA_LOCAL_MODE ??= env.FIREBASE_AUTH_EMULATOR_HOST ? 'true' : 'false';
    const config = loadConfig(env);
    const app = await createApp({
      ...config,
      databaseUrl: config.databaseUrl ?? apiUrl,
      httpAgent: options.httpAgent,
      logDestination: options.logDestination,
      mailDispatcher: options.mailDispatcher,
    });
    await app.getHttpAdapter().getInstance().ready();
    return {
      app,
      http: app.getHttpServer() as Server,
      dataSource: app.get(DataSource),
      databaseUrl: db.url,
      apiDatabaseUrl: config.databaseUrl ?? apiUrl,
      close: async () => {
        await app.close();
        await db.drop();
      },
    };
  } catch (error) {
    await db.drop();
    throw error;
  }
}

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

let counter = 0;

const PASSWORD = 'secret-password';

/**
 * A POST to the emulator's Identity Toolkit REST API; throws with the emulator's message. Each call
 * opens its own connection (`agent: false`): a kept-alive socket the emulator closes just as it is
 * reused fails a POST before the request is read ("other side closed"), and no client retries a POST.
 */
async function emulatorCall<T>(path: string, body: object, admin = false): Promise<T> {
  const [hostname, port] = requiredEnv('FIREBASE_AUTH_EMULATOR_HOST').split(':');
  const payload = JSON.stringify(body);
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port: Number(port),
        path: `/identitytoolkit.googleapis.com/v1/${path}`,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          // "Bearer owner" is the emulator's admin credential (what firebase-admin sends it).
          ...(admin ? { authorization: 'Bearer owner' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  const json = JSON.parse(text) as T & { error?: { message?: string } };
  if (status < 200 || status >= 300) {
    throw new Error(`Emulator ${path} failed (${status}): ${json.error?.message ?? JSON.stringify(json)}`);
  }
  return json;
}

/** Changes an emulator account as an admin would (emailVerified, disableUser, validSince, …). */
export async function updateEmulatorAccount(uid: string, changes: Record<string, unknown>): Promise<void> {
  await emulatorCall(`projects/${testProjectId()}/accounts:update`, { localId: uid, ...changes }, true);
}

/** A fresh ID token for the account (password sign-in), carrying its current claims. */
export async function signInUser(email: string, password = PASSWORD): Promise<string> {
  const body = await emulatorCall<{ idToken?: string }>('accounts:signInWithPassword?key=any', {
    email,
    password,
    returnSecureToken: true,
  });
  if (!body.idToken) throw new Error(`Emulator sign-in returned no token for ${email}`);
  return body.idToken;
}

/**
 * Signs a new account up on the Auth emulator and returns its ID token. The account's email is
 * verified (the token says `email_verified: true`, which writes of health data need) unless
 * `{ verified: false }`: that is the state of an account right after sign-up.
 */
export async function signUpUser(email?: string, options: { verified?: boolean } = {}): Promise<TestUser> {
  const address =
    email ??
    `user-${Date.now().toString(36)}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 6)}@test.medora`;
  const body = await emulatorCall<{ idToken?: string; localId?: string }>('accounts:signUp?key=any', {
    email: address,
    password: PASSWORD,
    returnSecureToken: true,
  });
  if (!body.idToken || !body.localId) throw new Error(`Emulator sign-up returned ${JSON.stringify(body)}`);
  if (options.verified === false) return { uid: body.localId, email: address, idToken: body.idToken };
  await updateEmulatorAccount(body.localId, { emailVerified: true });
  // The sign-up token still says email_verified: false; a new sign-in carries the verified claim.
  return { uid: body.localId, email: address, idToken: await signInUser(address) };
}

export function authHeader(user: { idToken: string } | string): { Authorization: string } {
  return { Authorization: `Bearer ${typeof user === 'string' ? user : user.idToken}` };
}
