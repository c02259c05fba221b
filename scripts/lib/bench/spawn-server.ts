import { spawn } from 'node:child_process';
import { stopProcessGroup } from '../auth-emulator.js';

export interface SpawnedServer {
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * A benchmark server in its own process group (a server inside the benchmark process would share its
 * event loop with autocannon), resolved once it prints `readyText`; rejected with its output if it exits.
 */
export async function spawnServer(
  name: string,
  args: string[],
  opts: { cwd?: string; env: NodeJS.ProcessEnv; readyText: string },
): Promise<SpawnedServer> {
  const child = spawn(process.execPath, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes(opts.readyText)) resolve();
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) =>
      reject(new Error(`The ${name} server exited with code ${code}:\n${output.slice(-2000)}`)),
    );
  });
  // Errors while measuring show up as non-2xx in the table; print their cause too.
  child.stderr.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d.toString()}`));
  return { pid: child.pid, stop: () => stopProcessGroup(child) };
}
