/**
 * `npm start` (production builds) and `npm run dev` (webpack-dev-server with hot reload): everything
 * on one machine behind one origin. Ctrl-C stops every child process.
 */
import path from 'node:path';
import { Stack } from './lib/stack.js';

async function main(): Promise<void> {
  const started = Date.now();
  const dev = process.argv.includes('--dev');
  const stack = new Stack({
    root: path.resolve(__dirname, '..'),
    dev,
    env: process.env,
    log: (l) => console.log(l),
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Medora…`);
    stack.stop().then(
      () => process.exit(0),
      (e: Error) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  try {
    await stack.start();
  } catch (error) {
    console.error(`\nMedora could not start: ${(error as Error).message}`);
    await stack.stop();
    process.exit(1);
  }
  console.log(
    `\nMedora is running (${dev ? 'development' : 'production build'}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s:\n${stack.describe()}\n\nOpen ${stack.origin} — press Ctrl-C to stop.`,
  );
}

void main();
