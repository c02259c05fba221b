import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PACKAGE, buildTasks, FRONTENDS, isStale, TSC_BUILD_ARGS } from '../lib/build';

describe('the builds of npm start and npm run build', () => {
  it('emit the tsc packages without the type check and without trusting the build info', () => {
    const { shared, rest } = buildTasks();
    const api = rest.find((t) => t.pkg === API_PACKAGE)!;
    expect(TSC_BUILD_ARGS).toEqual(['--noCheck', '--incremental', 'false']);
    expect(shared.args).toEqual(TSC_BUILD_ARGS);
    expect(api.args).toEqual(TSC_BUILD_ARGS);
    // webpack's ts-loader already transpiles only; its build script takes no tsc options.
    for (const pkg of FRONTENDS) expect(rest.find((t) => t.pkg === pkg)!.args).toBeUndefined();
  });

  describe('isStale', () => {
    let root: string;
    const task = { pkg: 'demo', inputs: ['demo/src'], output: 'demo/dist/index.js' };
    const at = (file: string, seconds: number) => {
      const t = new Date(Date.UTC(2026, 10, 1, 0, 0, seconds));
      utimesSync(path.join(root, file), t, t);
    };

    beforeEach(() => {
      root = mkdtempSync(path.join(os.tmpdir(), 'medora-build-'));
      mkdirSync(path.join(root, 'demo/src/deep'), { recursive: true });
      mkdirSync(path.join(root, 'demo/dist'), { recursive: true });
      writeFileSync(path.join(root, 'demo/src/deep/a.ts'), '');
      writeFileSync(path.join(root, 'demo/dist/index.js'), '');
      writeFileSync(path.join(root, 'demo/dist/.medora-build-stamp'), '');
      for (const dir of ['demo/src/deep/a.ts', 'demo/src/deep', 'demo/src']) at(dir, 10);
      at('demo/dist/.medora-build-stamp', 20);
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('is false when the stamp is newer than every input', async () => {
      await expect(isStale(root, task)).resolves.toBe(false);
    });

    it('is true when a nested input changed after the build', async () => {
      at('demo/src/deep/a.ts', 30);
      await expect(isStale(root, task)).resolves.toBe(true);
    });

    it('is true when the output or the stamp is missing', async () => {
      rmSync(path.join(root, 'demo/dist/.medora-build-stamp'));
      await expect(isStale(root, task)).resolves.toBe(true);
    });
  });
});
