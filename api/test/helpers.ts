import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Agent, Server } from 'node:http';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/config.js';
import { createThrowawayDatabase } from '../src/database/embedded.js';
import { TEST_ENV, TEST_PROJECT_ID } from './test-env.js';

export interface TestApp {
  app: NestFastifyApplication;
  /** For supertest: `request(t.http).get('/api/health')`. */
  http: Server;
  dataSource: DataSource;
  /** URL of this app's own throwaway database. */
  databaseUrl: string;
  close: () => Promise<void>;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the API tests through jest (test/global-setup.ts)`);
  return value;
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
  options: { seed?: boolean; env?: Record<string, string>; httpAgent?: Agent } = {},
): Promise<TestApp> {
  const db = await createThrowawayDatabase(requiredEnv(TEST_ENV.dbServerUrl), requiredEnv(TEST_ENV.dbPrefix));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      FIREBASE_PROJECT_ID: testProjectId(),
      FIREBASE_AUTH_EMULATOR_HOST: requiredEnv('FIREBASE_AUTH_EMULATOR_HOST'),
      SEED_DEMO_DATA: options.seed === false ? 'false' : 'true',
      DB_POOL_SIZE: '4',
      ...options.env,
    });
    const app = await createApp({ ...config, databaseUrl: db.url, httpAgent: options.httpAgent });
    await app.getHttpAdapter().getInstance().ready();
    return {
      app,
      http: app.getHttpServer() as Server,
      dataSource: app.get(DataSource),
      databaseUrl: db.url,
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

/** Signs a new account up on the Auth emulator and returns its ID token. */
export async function signUpUser(email?: string): Promise<TestUser> {
  const address =
    email ??
    `user-${Date.now().toString(36)}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 6)}@test.medora`;
  const host = requiredEnv('FIREBASE_AUTH_EMULATOR_HOST');
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: address, password: 'secret-password', returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; localId?: string; error?: { message?: string } };
  if (!res.ok || !body.idToken || !body.localId) {
    throw new Error(
      `Emulator sign-up failed (${res.status}): ${body.error?.message ?? JSON.stringify(body)}`,
    );
  }
  return { uid: body.localId, email: address, idToken: body.idToken };
}

export function authHeader(user: { idToken: string } | string): { Authorization: string } {
  return { Authorization: `Bearer ${typeof user === 'string' ? user : user.idToken}` };
}
