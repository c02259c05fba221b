import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitForHttp } from '../../scripts/lib/wait.js';
import { repoRoot as root } from './api-process.js';

/**
 * One API replica (the production build, `node api/dist/main.js`, built by `buildApi()` of
 * api-process.ts) on its own address, for the tests of several replicas behind a gateway.
 */

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
}

/**
 * Starts one API process with `env` (plus PATH) on `host:port` and waits until `readyPath` answers
 * 200 (at most 90 s); rejects with its output if it exits first.
 */
export async function startApiProcess(
  env: Record<string, string | undefined>,
  host: string,
  port: number,
  readyPath = '/api/health',
): Promise<ApiProcess> {
  const child = spawn(process.execPath, [path.join(root, 'api', 'dist', 'main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env, API_HOST: host, API_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://${host}:${port}`;
  const died = exited.then((code) => {
    throw new Error(`API exited with ${code}:\n${output.slice(-3000)}`);
  });
  died.catch(() => undefined);
  await Promise.race([waitForHttp(`${base}${readyPath}`, 90_000, true), died]);
  return { base, child, output: () => output, exited };
}
