/**
 * `npm run bench:start`: measures how long `npm start` takes to a usable page (the landing page rendered
 * in headless Chromium), first from a clean state (no build output, no data, no build cache) and then a
 * second time. Prints the figures; it asserts nothing (targets: first ≤ 90 s, second ≤ 20 s). Each
 * line `npm start` prints is echoed with the seconds since its start, so the phases show where time goes.
 * Ports: offset 20000, or BENCH_PORT_OFFSET.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FRONTENDS } from './lib/build.js';
import { launchChromium } from './lib/bench/web.js';

const root = path.resolve(__dirname, '..');
const OFFSET = Number(process.env.BENCH_PORT_OFFSET || 20000);
const url = `http://localhost:${8080 + OFFSET}/`;

async function startOnce(dataDir: string): Promise<number> {
  const started = Date.now();
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT_OFFSET: String(OFFSET), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`;
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim()) console.log(`${elapsed()}  ${line}`);
        if (line.includes('Medora is running')) resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
  const browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
  const seconds = (Date.now() - started) / 1000;
  console.log(`${elapsed()}  landing page rendered`);
  await browser.close();
  process.kill(-child.pid!, 'SIGINT');
  await new Promise((r) => child.once('exit', r));
  return seconds;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medora-bench-start-'));
  // The root's cache too: the compiler's build info there (node_modules/.cache/tsc) would make tsc
  // skip emitting the deleted dist folders. A fresh clone has none of these.
  for (const pkg of ['.', 'shared', 'api', ...FRONTENDS]) {
    if (pkg !== '.') rmSync(path.join(root, pkg, 'dist'), { recursive: true, force: true });
    rmSync(path.join(root, pkg, 'node_modules', '.cache'), { recursive: true, force: true });
  }
  const first = await startOnce(dataDir);
  const second = await startOnce(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  console.log('\n| start | to a usable page | target |');
  console.log('|---|---|---|');
  console.log(`| first (clean: no build, no data) | ${first.toFixed(1)} s | ≤ 90 s |`);
  console.log(`| second (built, data kept) | ${second.toFixed(1)} s | ≤ 20 s |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
