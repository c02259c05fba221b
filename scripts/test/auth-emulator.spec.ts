import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  EMULATOR_PRELOAD,
  emulatorEnv,
  startAuthEmulator,
  type RunningAuthEmulator,
} from '../lib/auth-emulator';

const repoRoot = path.resolve(__dirname, '../..');

/** What exegesis compiles from the options firebase-tools gives it, in a node with the given flags. */
function lazyCompile(nodeArgs: string[], given: string): unknown {
  const script = `const o = require(require.resolve('exegesis/lib/options', { paths: [require('path').dirname(require.resolve('firebase-tools/package.json'))] }));
    process.stdout.write(JSON.stringify(o.compileOptions(${given}).lazyCompileValidationSchemas));`;
  return JSON.parse(
    execFileSync(process.execPath, [...nodeArgs, '-e', script], { cwd: repoRoot, encoding: 'utf8' }),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the Auth emulator start-up preload', () => {
  const preload = path.join(repoRoot, EMULATOR_PRELOAD);

  it('is passed to the emulator through NODE_OPTIONS, after options already set', () => {
    expect(existsSync(preload)).toBe(true);
    const env = emulatorEnv({ NODE_OPTIONS: '--max-old-space-size=2048', HOME: '/home/x' }, repoRoot);
    expect(env.NODE_OPTIONS).toBe(`--max-old-space-size=2048 --require ${JSON.stringify(preload)}`);
    expect(env).toMatchObject({ HOME: '/home/x', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' });
    expect(emulatorEnv({}, repoRoot).NODE_OPTIONS).toBe(`--require ${JSON.stringify(preload)}`);
  });

  it("makes exegesis compile each operation's validator on first use, which it does not by default", () => {
    expect(lazyCompile([], '{}')).toBe(false);
    expect(lazyCompile(['--require', preload], '{}')).toBe(true);
    expect(lazyCompile(['--require', preload], '{ lazyCompileValidationSchemas: false }')).toBe(false);
  });

  describe('in a running emulator', () => {
    let emulator: RunningAuthEmulator;
    const apiKey = 'fake-api-key';

    beforeAll(async () => {
      const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
      emulator = await startAuthEmulator({
        projectId: 'demo-preload',
        port,
        hubPort,
        loggingPort,
        dataDir: mkdtempSync(path.join(os.tmpdir(), 'medora-emulator-')),
        repoRoot,
      });
    }, 120_000);

    afterAll(() => emulator?.stop());

    const post = (operation: string, body: unknown) =>
      fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=${apiKey}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('still refuses a request its API description does not allow', async () => {
      // Identity Toolkit's description types `email` as a string; an object is refused by the validator.
      const res = await post('signUp', { email: { address: 'a@example.com' }, password: 'secret-pass' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'Invalid JSON payload received. /email must be string',
      );
    });

    it('signs a user up and in', async () => {
      const up = await post('signUp', {
        email: 'b@example.com',
        password: 'secret-pass',
        returnSecureToken: true,
      });
      expect(up.status).toBe(200);
      const inRes = await post('signInWithPassword', {
        email: 'b@example.com',
        password: 'secret-pass',
        returnSecureToken: true,
      });
      expect(inRes.status).toBe(200);
      expect(((await inRes.json()) as { idToken?: string }).idToken).toEqual(expect.any(String));
    });
  });
});
