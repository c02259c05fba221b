import { spawnServer } from './spawn-server.js';

/**
 * The machine's floor for the fixed-rate latency target: a bare `node:http` server answering a constant
 * JSON body (no framework, no database, no token). Whatever p99 it gets under the same load is the
 * load generator and the 2 shared cores, not the API.
 */
const SERVER = `require('node:http')
  .createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); })
  .listen(Number(process.env.FLOOR_PORT), '127.0.0.1', () => console.log('floor listening'));`;

export async function startFloorServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = await spawnServer('floor', ['-e', SERVER], {
    env: { ...process.env, FLOOR_PORT: String(port) },
    readyText: 'floor listening',
  });
  return { url: `http://127.0.0.1:${port}/`, stop: server.stop };
}
