import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// docs/configuration.md is generated from the env schema (api/src/config/) and the runtime config
// (shared/) by scripts/docs-config.ts; the committed page must be what the code generates today.
const root = path.resolve(__dirname, '../..');
const page = path.join(root, 'docs/configuration.md');

function check(file?: string) {
  const result = spawnSync(
    process.execPath,
    [require.resolve('tsx/cli'), 'scripts/docs-config.ts', '--check', ...(file ? [file] : [])],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` generates from the code', () => {
    const { status, output } = check();
    if (status !== 0) throw new Error(`${output.trim()}\n(run \`npm run docs:config\` and commit the page)`);
    expect(output).toContain('is up to date');
  }, 120_000);

  it('is refused when it differs from the code, with the command that fixes it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-config-'));
    try {
      const stale = path.join(dir, 'configuration.md');
      writeFileSync(
        stale,
        readFileSync(page, 'utf8').replace('`BOOKING_MAX_PER_HOUR`', '`BOOKING_MAX_PER_DAY`'),
      );
      const { status, output } = check(stale);
      expect(status).toBe(1);
      expect(output).toContain('run `npm run docs:config`');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('lists every API variable with its default, and marks what production requires', () => {
    const text = readFileSync(page, 'utf8');
    // Taken from the schema's source, not from the generator, so a variable it drops is noticed.
    const source = readFileSync(path.join(root, 'api/src/config/config.ts'), 'utf8');
    const schema = source.slice(
      source.indexOf('export const envSchema'),
      source.indexOf('\n});', source.indexOf('export const envSchema')),
    );
    const names = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(40);
    for (const name of names) expect(text).toContain(`| \`${name}\` |`);
    expect(text).toMatch(/\| `BOOKING_MAX_PER_HOUR` \| `5` \|/);
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'MAIL_FROM', 'MAIL_LINK_SECRET', 'PUBLIC_APP_URL']) {
      expect(text).toMatch(new RegExp(`\\| \`${name}\` \\|[^\\n]*\\*\\*required\\*\\*`));
    }
    expect(text).not.toMatch(/\| `API_PORT` \|[^\n]*\*\*required\*\*/);
  });
});
