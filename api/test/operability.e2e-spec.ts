import pg from 'pg';
import request from 'supertest';
import { MESSAGES } from '@medora/shared';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/config.js';
import { MIGRATION_NAMES } from '../src/database/typeorm-options.js';
import { ShutdownState } from '../src/health/shutdown-state.js';
import { freePort } from './free-port.js';
import { createTestApp, testProjectId, type TestApp } from './helpers.js';
import { startS3Server } from './s3-server.js';

/**
 * In-process: liveness and readiness, the OpenAPI document only when public,
 * statement and request timeouts answered 503 with the catalogue's message.
 */

/** Runs `work` while another session holds an ACCESS EXCLUSIVE lock on `table` (every read waits). */
async function whileLocked<T>(databaseUrl: string, table: string, work: () => Promise<T>): Promise<T> {
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  try {
    await owner.query('BEGIN');
    await owner.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    return await work();
  } finally {
    await owner.query('ROLLBACK').catch(() => undefined);
    await owner.end();
  }
}

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers live without the database and ready when it answers and is migrated', async () => {
    const live = await request(t.http).get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok', version: expect.any(String) });
    const ready = await request(t.http).get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ready',
      database: 'up',
      migrations: 'current',
      shuttingDown: false,
    });
    // The older route keeps its shape (start scripts poll it).
    expect((await request(t.http).get('/api/health')).body).toMatchObject({ status: 'ok' });
  });

  it('is not ready once shutdown has begun, while still live', async () => {
    const other = await createTestApp({ seed: false });
    try {
      other.app.get(ShutdownState).begin();
      const ready = await request(other.http).get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'not-ready', shuttingDown: true });
      expect((await request(other.http).get('/api/health/live')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('an API that does not migrate on boot is not ready until the migrations are current', async () => {
    const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1]!;
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    const [row] = (await owner.query('DELETE FROM migrations WHERE name = $1 RETURNING *', [last])).rows as {
      timestamp: string;
      name: string;
    }[];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: t.databaseUrl,
      FIREBASE_PROJECT_ID: testProjectId(),
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      MIGRATE_ON_BOOT: 'false',
      DB_POOL_SIZE: '2',
    });
    const replica = await createApp({ ...config, databaseUrl: t.databaseUrl });
    await replica.getHttpAdapter().getInstance().ready();
    try {
      const pending = await request(replica.getHttpServer()).get('/api/health/ready');
      expect(pending.status).toBe(503);
      expect(pending.body).toMatchObject({ status: 'not-ready', database: 'up', migrations: 'pending' });
      // It did not apply the missing migration itself.
      const rows = await owner.query('SELECT 1 FROM migrations WHERE name = $1', [last]);
      expect(rows.rowCount).toBe(0);
      // What `npm run migrate` records makes it ready.
      await owner.query('INSERT INTO migrations (timestamp, name) VALUES ($1, $2)', [row!.timestamp, last]);
      const ready = await request(replica.getHttpServer()).get('/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ready', migrations: 'current' });
    } finally {
      await replica.close();
      await owner.end();
    }
  });
});

describe('readiness and the shared dependencies', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const s3Env = (endpoint: string, bucket = 'medora-ready') => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });

  it('reports Redis and the object store as off when not configured', async () => {
    const other = await createTestApp({ seed: false });
    try {
      const ready = await request(other.http).get('/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ready', redis: 'off', objectStore: 'off' });
    } finally {
      await other.close();
    }
  });

  it('reports them up when they answer', async () => {
    const s3 = await startS3Server();
    const other = await createTestApp({ seed: false, env: { REDIS_URL, ...s3.env } });
    try {
      const ready = await request(other.http).get('/api/health/ready');
      expect(ready.body).toMatchObject({ status: 'ready', redis: 'up', objectStore: 'up' });
    } finally {
      await other.close();
      await s3.close();
    }
  });

  it('names the one that is down, with a gauge per dependency, and stays ready on the database', async () => {
    const dead = `127.0.0.1:${await freePort()}`;
    const metricsPort = await freePort();
    const other = await createTestApp({
      seed: false,
      env: { REDIS_URL: `redis://${dead}`, ...s3Env(`http://${dead}`), METRICS_PORT: String(metricsPort) },
    });
    try {
      const ready = await request(other.http).get('/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ database: 'up', redis: 'down', objectStore: 'down' });
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toContain('medora_dependency_up{dependency="database"} 1');
      expect(metrics).toContain('medora_dependency_up{dependency="redis"} 0');
      expect(metrics).toContain('medora_dependency_up{dependency="object_store"} 0');
    } finally {
      await other.close();
    }
  }, 30_000);
});

describe('OpenAPI only when public', () => {
  it('serves neither the UI nor the JSON with OPENAPI_PUBLIC=false', async () => {
    const t = await createTestApp({ seed: false, env: { OPENAPI_PUBLIC: 'false' } });
    try {
      expect((await request(t.http).get('/api/docs-json')).status).toBe(404);
      expect((await request(t.http).get('/api/docs')).status).toBe(404);
      expect((await request(t.http).get('/api/health/live')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('timeouts', () => {
  it('a statement longer than DB_STATEMENT_TIMEOUT_MS is cancelled and answered 503 with a message', async () => {
    const t = await createTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: '300' } });
    try {
      const res = await whileLocked(t.databaseUrl, 'doctors', () => request(t.http).get('/api/doctors'));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: MESSAGES.databaseTimedOut,
      });
      expect(res.headers['retry-after']).toBeDefined();
      // The pool is fine afterwards.
      expect((await request(t.http).get('/api/doctors')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a request longer than REQUEST_TIMEOUT_MS is answered 503 instead of hanging', async () => {
    const t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '300', DB_STATEMENT_TIMEOUT_MS: '20000' } });
    try {
      const res = await whileLocked(t.databaseUrl, 'doctors', () => request(t.http).get('/api/doctors'));
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, message: MESSAGES.requestTimedOut });
    } finally {
      await t.close();
    }
  });
});
