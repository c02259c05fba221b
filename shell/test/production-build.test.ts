/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const shellDir = path.resolve(__dirname, '..');

/** Strings only the local tools contain: the mailbox route, the demo sign-in call, the emulator's mail API. */
const LOCAL_ONLY_MARKERS = ['/dev/mailbox', '/dev/demo-session', 'demo-session', 'oobCodes'];

describe('a production build of the shell (MEDORA_TARGET=production)', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'medora-shell-prod-'));
  let files: string[] = [];

  beforeAll(() => {
    execFileSync('npx', ['tsx', '../scripts/webpack.ts', 'build', '--out', out], {
      cwd: shellDir,
      env: { ...process.env, MEDORA_TARGET: 'production' },
      stdio: 'pipe',
    });
    files = readdirSync(out).filter((f) => f.endsWith('.js'));
  }, 180_000);

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('emits the app', () => {
    expect(readdirSync(out)).toContain('index.html');
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(LOCAL_ONLY_MARKERS)('contains no %s in any emitted script', (marker) => {
    const hits = files.filter((f) => readFileSync(path.join(out, f), 'utf8').includes(marker));
    expect(hits).toEqual([]);
  });
});
