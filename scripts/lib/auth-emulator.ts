import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { waitForHttp } from './wait.js';

export interface AuthEmulatorOptions {
  projectId: string;
  port: number;
  hubPort: number;
  loggingPort: number;
  /** Folder for firebase.json and, when `persist` is set, the exported accounts. */
  dataDir: string;
  /** Import accounts at start and export them on exit (local `npm start`). */
  persist?: boolean;
  repoRoot: string;
  log?: (line: string) => void;
}

export interface RunningAuthEmulator {
  host: string;
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Compiles the emulator's request validators on first use instead of at start (the file says why). */
export const EMULATOR_PRELOAD = 'scripts/lib/auth-emulator-preload.cjs';

/** The emulator's environment: no update check, no prompts, and the start-up preload. */
export function emulatorEnv(env: NodeJS.ProcessEnv, repoRoot: string): NodeJS.ProcessEnv {
  const preload = path.join(repoRoot, EMULATOR_PRELOAD);
  const nodeOptions = [env.NODE_OPTIONS, `--require ${JSON.stringify(preload)}`].filter(Boolean);
  return {
    ...env,
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    CI: 'true',
    NODE_OPTIONS: nodeOptions.join(' '),
  };
}

/**
 * Starts the Firebase Auth emulator (firebase-tools, offline, `demo-` project) on the given ports.
 * Each caller gets its own firebase.json so that a test stack and a developer's stack do not fight over
 * the emulator hub's default ports.
 */
export async function startAuthEmulator(opts: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  mkdirSync(opts.dataDir, { recursive: true });
  const exportDir = path.join(opts.dataDir, 'export');
  writeFileSync(
    path.join(opts.dataDir, 'firebase.json'),
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port: opts.port },
          hub: { host: '127.0.0.1', port: opts.hubPort },
          logging: { host: '127.0.0.1', port: opts.loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', opts.projectId];
  if (opts.persist) {
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  const bin = path.join(opts.repoRoot, 'node_modules', '.bin', 'firebase');
  const child = spawn(bin, args, {
    cwd: opts.dataDir,
    env: emulatorEnv(process.env, opts.repoRoot),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = opts.log ?? (() => undefined);
  child.stdout?.on('data', (d: Buffer) => log(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log(d.toString()));
  const url = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Auth emulator exited early with code ${code}`))),
  );
  await Promise.race([waitForHttp(`${url}/`, 90_000), exited]);
  exited.catch(() => undefined);
  return {
    host: `127.0.0.1:${opts.port}`,
    url,
    process: child,
    stop: () => stopProcessGroup(child, 15_000),
  };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends SIGINT to a detached child's process group (so the emulator can export its accounts), then
 * SIGKILL after the grace time. Members of the group may outlive their leader (npm exits before the
 * dev server it started), so the whole group is waited for, not only the leader.
 */
export async function stopProcessGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined || !groupAlive(pgid)) return;
  try {
    process.kill(-pgid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
