import path from 'node:path';
import { DEFAULT_PORTS } from '../ports.js';

/** A number from the environment, or `fallback`; anything else below `min` stops the run. */
export function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number ≥ ${min} (got '${raw}')`);
  return value;
}

/**
 * A benchmark stack's environment: the caller's, minus everything that would point it at another
 * stack's ports, data, database or emulator (a developer's `npm start` may be running), on its own
 * port offset and data folder, logging off, the demo doctors seeded, plus `extra` (booking limits
 * high enough for the bench's own bookings). With BENCH_CPU_PROF_DIR set, the API writes a V8 CPU
 * profile there when it stops.
 */
export function benchStackEnv(opts: {
  dataDir: string;
  portOffset: number;
  poolSize: number;
  extra?: NodeJS.ProcessEnv;
}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    ...Object.keys(DEFAULT_PORTS),
    'PORT_OFFSET',
    'DATA_DIR',
    'DATABASE_URL',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'FIREBASE_PROJECT_ID',
    'MEDORA_CONTROL_PORT',
  ]) {
    delete env[name];
  }
  return {
    ...env,
    PORT_OFFSET: String(opts.portOffset),
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'true',
    DB_POOL_SIZE: String(opts.poolSize),
    // The API alone is profiled (the emulator gets the caller's env): see bench-profile.ts.
    ...(process.env.BENCH_CPU_PROF_DIR
      ? { NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-prof-preload.cjs')}` }
      : {}),
    ...opts.extra,
  };
}

/**
 * Every port of the stack within 1,000 from `base` (a default port p becomes base + p mod 1000: the
 * defaults differ in their last three digits), as env variables. For machines where several stacks
 * run and each owns a range of ports; two stacks fit one range with bases 10 apart (48000, 48010).
 */
export function portsInBlock(base: number): Record<string, string> {
  if (!Number.isInteger(base) || base < 1024 || base > 64000) {
    throw new Error(`BENCH_PORT_BASE must be a whole number from 1024 to 64000 (got ${base})`);
  }
  return Object.fromEntries(
    Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, String(base + (port % 1000))]),
  );
}

/**
 * `work` as a cleanup that runs once however often it is asked for (by `finally` and by a signal),
 * and on SIGINT/SIGTERM, exits 130 once it is done: a stopped benchmark leaves no server behind.
 */
export function cleanupOnce(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const cleanup = () => (running ??= work());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.log(`\n${signal}: stopping the benchmark stack…`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  return cleanup;
}
