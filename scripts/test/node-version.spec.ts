import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requiredNodeMajor, runningNodeMajor } from '../lib/node-version';

const root = path.resolve(__dirname, '..', '..');

describe('the Node the tests run on', () => {
  it('reads the major from .nvmrc, which the package manifests agree with', () => {
    const major = requiredNodeMajor(root);
    const engines = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        engines: { node: string };
      }
    ).engines;
    expect(engines.node).toBe(`>=${major}`);
  });

  it('refuses an .nvmrc that does not hold a major', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nvmrc-'));
    writeFileSync(path.join(dir, '.nvmrc'), 'lts/*\n');
    expect(() => requiredNodeMajor(dir)).toThrow('.nvmrc must hold a Node major, got "lts/*"');
  });

  // npm sets npm_lifecycle_event for `npm test`; a file run on its own may be on any Node.
  const underNpmTest = /^test(:\w+)?$/.test(process.env.npm_lifecycle_event ?? '');
  (underNpmTest ? it : it.skip)('runs under `npm test` on that major (production’s)', () => {
    expect(runningNodeMajor()).toBe(requiredNodeMajor(root));
  });
});
