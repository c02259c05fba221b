import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { findRepoRoot } from '../src/config/config.js';
import {
  authHeader,
  createTestApp,
  signUpUser,
  testProjectId,
  updateEmulatorAccount,
  type TestApp,
} from './helpers.js';

/**
 * `npm run admin:create -- <email>` gives the admin role only to an account that proved it
 * owns the address. The script runs as a child process against this test's database and emulator.
 */

const root = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function adminCreate(t: TestApp, email: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      [path.join(root, 'scripts', 'admin-create.ts'), email],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: t.databaseUrl,
          FIREBASE_PROJECT_ID: testProjectId(),
          FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe('npm run admin:create', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  const roleOf = async (uid: string) =>
    (
      (await t.dataSource.query(`SELECT role FROM users WHERE firebase_uid = $1`, [uid])) as {
        role: string;
      }[]
    )[0]?.role;

  it('refuses an account whose email is not verified, then accepts it once verified', async () => {
    const user = await signUpUser(undefined, { verified: false });
    const registered = await request(t.http)
      .post('/api/users')
      .set(authHeader(user))
      .send({ uid: user.uid, role: 'patient' });
    expect(registered.status).toBe(201);

    const refused = await adminCreate(t, user.email);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The account ${user.email} has not verified its email address`);
    expect(await roleOf(user.uid)).toBe('patient');

    // Verified in Firebase after registration: the users row still says false, Firebase decides.
    await updateEmulatorAccount(user.uid, { emailVerified: true });
    const accepted = await adminCreate(t, user.email);
    expect([accepted.code, accepted.output]).toEqual([0, expect.stringContaining('is now an admin')]);
    expect(await roleOf(user.uid)).toBe('admin');
  });

  it('still refuses an unknown email', async () => {
    const res = await adminCreate(t, 'nobody-here@test.medora');
    expect(res.code).toBe(1);
    expect(res.output).toContain('No account with the email nobody-here@test.medora');
  });
});
