import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApiIfStale } from './lib/build.js';

/**
 * `npm run migrate`: applies pending migrations and the demo seed (SEED_DEMO_DATA) once,
 * under a Postgres advisory lock, with the same environment as the API (DATABASE_URL,
 * MIGRATION_DATABASE_URL; without them the embedded server under DATA_DIR). Builds the API first when
 * its sources changed; a container runs `node api/dist/database/run-migrations.js` directly.
 */
async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  await buildApiIfStale(root, (line) => console.log(line));
  const child = spawn(process.execPath, [path.join(root, 'api', 'dist', 'database', 'run-migrations.js')], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
