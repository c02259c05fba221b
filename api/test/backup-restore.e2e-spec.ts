/**
 * Backup and restore, exercised as docs/operations.md tells an operator to do it: `pg_dump -Fc` of the
 * live database, `pg_restore --no-owner` into a fresh one, and the app started on the restored copy
 * reads the same records and the same file bytes (documents live in Postgres unless S3_* is set).
 *
 * pg_dump refuses a server newer than itself, so the test runs its own cluster with the server binaries
 * of the same major as the machine's pg_dump (Debian's postgresql-<major>; .ci/run installs them).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { freePort } from './free-port.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('1 0 obj << /Type /Catalog >> endobj\n% backup test\n%%EOF\n'),
]);

function clientMajor(tool: string): number {
  const out = execFileSync(tool, ['--version'], { encoding: 'utf8' });
  const major = /(\d+)(?:\.\d+)+/.exec(out)?.[1];
  if (!major) throw new Error(`Cannot read the version of ${tool}: ${out}`);
  return Number(major);
}

interface Cluster {
  url: (db: string) => string;
  stop: () => void;
}

/** A throwaway cluster of Debian's server binaries of `major`, on loopback, trust auth. */
async function startCluster(major: number): Promise<Cluster> {
  const bin = `/usr/lib/postgresql/${major}/bin`;
  if (!existsSync(path.join(bin, 'initdb'))) {
    throw new Error(
      `No PostgreSQL ${major} server binaries in ${bin} (Debian: apt-get install postgresql-${major})`,
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'medora-backup-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // initdb and postgres refuse to run as root: as root, run them as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0);
  const run = (file: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, file), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, file), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function createDatabase(cluster: Cluster, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let cluster: Cluster | undefined;
let live: TestApp | undefined;
let restored: TestApp | undefined;

afterAll(async () => {
  await restored?.close();
  await live?.close();
  cluster?.stop();
});

describe('backup and restore (pg_dump -Fc, pg_restore --no-owner into a fresh database)', () => {
  it('gives back the same records, audit trail and file bytes', async () => {
    const major = clientMajor('pg_dump');
    expect(clientMajor('pg_restore')).toBe(major);
    cluster = await startCluster(major);
    await createDatabase(cluster, 'medora');
    live = await createTestApp({ seed: false, sharedDatabaseUrl: cluster.url('medora') });

    const user: TestUser = await signUpUser();
    await request(live.http)
      .post('/api/users')
      .set(authHeader(user))
      .send({ uid: user.uid, role: 'patient' });
    const submitted = await request(live.http)
      .post('/api/patients')
      .set(authHeader(user))
      .send({ uid: user.uid, data: ROUTINE_RECORD });
    expect(submitted.status).toBe(201);
    const uploaded = await request(live.http)
      .post(`/api/patients/${user.uid}/documents`)
      .set(authHeader(user))
      .attach('file', PDF, { filename: 'before-backup.pdf', contentType: 'application/pdf' });
    expect(uploaded.status).toBe(201);
    const documentId = (uploaded.body as { id: string }).id;

    const recordBefore = await request(live.http).get(`/api/patients/${user.uid}`).set(authHeader(user));
    expect(recordBefore.status).toBe(200);
    const auditBefore = (await live.dataSource.query<{ id: string }[]>('SELECT id::text FROM audit_log')).map(
      (r) => r.id,
    );
    expect(auditBefore.length).toBeGreaterThan(0);

    // The backup, while the app is running (pg_dump takes a consistent snapshot).
    const dump = path.join(mkdtempSync(path.join(os.tmpdir(), 'medora-backup-')), 'medora.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, cluster.url('medora')], { stdio: 'pipe' });

    // The restore, into a database that did not exist.
    await createDatabase(cluster, 'medora_restored');
    execFileSync(
      'pg_restore',
      ['--no-owner', '--exit-on-error', `--dbname=${cluster.url('medora_restored')}`, dump],
      {
        stdio: 'pipe',
      },
    );
    rmSync(path.dirname(dump), { recursive: true, force: true });
    restored = await createTestApp({ seed: false, sharedDatabaseUrl: cluster.url('medora_restored') });

    const recordAfter = await request(restored.http).get(`/api/patients/${user.uid}`).set(authHeader(user));
    expect(recordAfter.status).toBe(200);
    expect(recordAfter.body).toEqual(recordBefore.body);

    const list = await request(restored.http)
      .get(`/api/patients/${user.uid}/documents`)
      .set(authHeader(user));
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(documentId);
    const file = await request(restored.http)
      .get(`/api/patients/${user.uid}/documents/${documentId}/file`)
      .set(authHeader(user))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(sha256(file.body as Buffer)).toBe(sha256(PDF));

    // Every row of the trail came back (the reads above on the restored copy add their own).
    const restoredAudit = await restored.dataSource.query<{ id: string }[]>(
      'SELECT id::text FROM audit_log WHERE id::text = ANY($1)',
      [auditBefore],
    );
    expect(restoredAudit.map((r) => r.id).sort()).toEqual([...auditBefore].sort());
  });
});
