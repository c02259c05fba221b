/** `npm run build`: builds every package that is out of date (`--all` rebuilds everything). */
import path from 'node:path';
import { buildAll } from './lib/build.js';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const started = Date.now();
  const built = await buildAll(root, {
    onlyStale: !process.argv.includes('--all'),
    log: (l) => console.log(l),
  });
  console.log(
    built.length
      ? `Built ${built.length} package(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'Everything is up to date.',
  );
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
