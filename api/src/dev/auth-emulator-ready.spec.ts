import { jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitForAuthEmulator } from './auth-emulator-ready.js';

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** A port nothing listens on: one the system handed out, then closed. */
async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('waitForAuthEmulator (the demo accounts wait for an emulator booting beside the API)', () => {
  it('resolves at the first answer, whatever its status', async () => {
    const server = createServer((_req, res) => res.writeHead(404).end());
    const port = await listen(server);
    try {
      await expect(waitForAuthEmulator(`127.0.0.1:${port}`, 5_000)).resolves.toBeUndefined();
    } finally {
      server.close();
    }
  });

  it('waits for an emulator that starts listening later', async () => {
    const port = await freePort();
    const server = createServer((_req, res) => res.end('{}'));
    let polls = 0;
    const original = globalThis.fetch;
    // The server starts listening at the third poll: the first two find the port closed.
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      polls += 1;
      if (polls === 3) await listen(server, port);
      return original(...args);
    });
    try {
      await expect(waitForAuthEmulator(`127.0.0.1:${port}`, 20_000, 20)).resolves.toBeUndefined();
      expect(polls).toBe(3);
    } finally {
      spy.mockRestore();
      server.close();
    }
  });

  it('rejects after the bounded wait, naming the address and what to do', async () => {
    const port = await freePort();
    await expect(waitForAuthEmulator(`127.0.0.1:${port}`, 300, 50)).rejects.toThrow(
      new RegExp(
        `Auth emulator at http://127\\.0\\.0\\.1:${port}/ did not answer within 0\\.3 s \\(ECONNREFUSED\\).*FIREBASE_AUTH_EMULATOR_HOST`,
      ),
    );
  });
});
