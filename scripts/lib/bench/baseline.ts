import { spawn } from 'node:child_process';
import path from 'node:path';
import { stopProcessGroup } from '../auth-emulator.js';

export interface RunningBaseline {
  url: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts `baseline-server.ts` in its own process (tsx), like the API runs in its own: a server inside
 * the benchmark process would share its event loop with autocannon.
 */
export async function startBaseline(opts: {
  root: string;
  port: number;
  databaseUrl: string;
  poolSize: number;
}): Promise<RunningBaseline> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'baseline-server.ts')], {
    cwd: opts.root,
    env: {
      ...process.env,
      BASELINE_PORT: String(opts.port),
      DATABASE_URL: opts.databaseUrl,
      DB_POOL_SIZE: String(opts.poolSize),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('baseline listening')) resolve();
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) =>
      reject(new Error(`The baseline server exited with code ${code}:\n${output.slice(-2000)}`)),
    );
  });
  // Errors while measuring show up as non-2xx in the table; print their cause too.
  child.stderr.on('data', (d: Buffer) => process.stderr.write(`[baseline] ${d.toString()}`));
  return {
    url: `http://127.0.0.1:${opts.port}`,
    pid: child.pid,
    stop: () => stopProcessGroup(child),
  };
}
