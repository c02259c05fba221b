import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { resolveBindHost } from '../lib/ports';
import { Stack } from '../lib/stack';
import { createWebpackConfig } from '../lib/webpack-config';

/**
 * `npm start` in local mode hands a demo admin session to whoever reaches it, so its servers listen
 * on loopback unless BIND_HOST opens them, and opening them says so.
 */

const OFFSET = Number(process.env.PORT_OFFSET ?? 0);
const ROOT = path.resolve(__dirname, '..', '..');

/** The private parts of a Stack this test drives without building anything. */
interface StackInternals {
  startGateway(): Promise<void>;
  startFrontend(fe: {
    name: string;
    port: number;
    dir: string;
    spa: boolean;
    server?: Server;
  }): Promise<void>;
  gateway?: Server;
}

describe('BIND_HOST', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'medora-bind-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is loopback by default, any address when set, and refuses a value that is not one', () => {
    expect(resolveBindHost({})).toBe('127.0.0.1');
    expect(resolveBindHost({ BIND_HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(() => resolveBindHost({ BIND_HOST: 'a b' })).toThrow(
      "BIND_HOST must be an IP address or host name, e.g. 0.0.0.0 (got 'a b')",
    );
  });

  it('puts npm start’s gateway and static servers on 127.0.0.1 by default', async () => {
    const env = { PORT_OFFSET: String(13000 + OFFSET), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' };
    const stack = new Stack({ root: ROOT, dev: false, env, log: () => undefined });
    const inner = stack as unknown as StackInternals;
    const fe = { name: 'shell', port: stack.ports.SHELL_PORT, dir, spa: true } as Parameters<
      StackInternals['startFrontend']
    >[0];
    await inner.startGateway();
    await inner.startFrontend(fe);
    try {
      expect((inner.gateway!.address() as AddressInfo).address).toBe('127.0.0.1');
      expect((fe.server!.address() as AddressInfo).address).toBe('127.0.0.1');
      expect(stack.exposureWarning()).toBeUndefined();
    } finally {
      await new Promise((resolve) => fe.server?.close(resolve));
      await stack.stop();
    }
  });

  it('warns when local mode is opened to the network, not for a real Firebase project', () => {
    const local = new Stack({
      root: ROOT,
      dev: false,
      env: { BIND_HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      log: () => undefined,
    });
    expect(local.exposureWarning()).toMatch(/^WARNING: BIND_HOST=0\.0\.0\.0 opens local mode to the network/);
    const real = new Stack({
      root: ROOT,
      dev: false,
      env: { BIND_HOST: '0.0.0.0', GOOGLE_APPLICATION_CREDENTIALS: '/key.json' },
      log: () => undefined,
    });
    expect(real.exposureWarning()).toBeUndefined();
  });

  it('puts the webpack dev servers on BIND_HOST, loopback by default', () => {
    const host = () =>
      createWebpackConfig({
        packageDir: path.join(ROOT, 'shell'),
        kind: 'host',
        federation: { name: 'shell', shared: {} },
        port: 1,
        mode: 'development',
      }).devServer.host;
    const before = process.env.BIND_HOST;
    try {
      delete process.env.BIND_HOST;
      expect(host()).toBe('127.0.0.1');
      process.env.BIND_HOST = '0.0.0.0';
      expect(host()).toBe('0.0.0.0');
    } finally {
      if (before === undefined) delete process.env.BIND_HOST;
      else process.env.BIND_HOST = before;
    }
  });
});
