/**
 * One list of remote module ids (`REMOTE_MODULES` in @medora/shared) and one loader (the
 * shell's `RemoteRoute`, provided to remotes through @medora/shared). No remote loads another remote
 * itself, reads the federation runtime's globals, or spells a federation request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_MODULES } from '../../shared/src/remotes';

const ROOT = path.resolve(__dirname, '..', '..');
const REMOTES = ['mfe-landing', 'mfe-patient', 'mfe-booking', 'mfe-provider'];

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const remoteSources = REMOTES.flatMap((r) => sources(path.join(r, 'src')));

describe('remote loading', () => {
  it('finds the remotes’ sources', () => {
    expect(remoteSources.length).toBeGreaterThan(20);
  });

  it.each([
    ['the federation runtime', /@module-federation\/(enhanced\/runtime|runtime)/],
    ['the federation globals', /__FEDERATION__/],
    ['a federation request literal', /['"`]mfe_[a-z]+\/[A-Za-z]+['"`]/],
  ])('no remote uses %s: they mount remotes through the shell’s remote route', (_what, pattern) => {
    const offenders = remoteSources.filter((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\*|\/\/)/.test(line) && pattern.test(line)),
    );
    expect(offenders).toEqual([]);
  });

  it('every exposed module id names its container and lives once in REMOTE_MODULES', () => {
    const ids = Object.values(REMOTE_MODULES).flatMap((m) => Object.values(m) as string[]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [remote, modules] of Object.entries(REMOTE_MODULES)) {
      for (const [name, id] of Object.entries(modules)) expect(id).toBe(`mfe_${remote}/${name}`);
    }
  });
});
