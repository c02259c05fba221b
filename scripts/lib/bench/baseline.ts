import path from 'node:path';
import { spawnServer } from './spawn-server.js';

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
  const server = await spawnServer(
    'baseline',
    ['--import', 'tsx', path.join(__dirname, 'baseline-server.ts')],
    {
      cwd: opts.root,
      env: {
        ...process.env,
        // The server imports the API's repositories, which tsx compiles only with the API's own
        // options (Nest's parameter decorators).
        TSX_TSCONFIG_PATH: path.join(opts.root, 'api/tsconfig.json'),
        BASELINE_PORT: String(opts.port),
        DATABASE_URL: opts.databaseUrl,
        DB_POOL_SIZE: String(opts.poolSize),
      },
      readyText: 'baseline listening',
    },
  );
  return { url: `http://127.0.0.1:${opts.port}`, pid: server.pid, stop: server.stop };
}
