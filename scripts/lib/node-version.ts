/**
 * The Node major production runs (`.nvmrc`, the one place it is written; the images and the package
 * manifests are checked against it). `npm test` runs on it: on a machine with another Node it takes that
 * major from the npm registry (the `node` package, as `npx -p node@22` does) and runs itself again there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function requiredNodeMajor(root: string): number {
  const text = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  const major = Number(text);
  if (!Number.isInteger(major) || major <= 0) throw new Error(`.nvmrc must hold a Node major, got "${text}"`);
  return major;
}

export function runningNodeMajor(): number {
  return Number(process.versions.node.split('.')[0]);
}

/** The directory holding the `node` binary of `major`, fetched from the npm registry when not cached. */
export function nodeBinDir(major: number): string {
  const bin = execFileSync('npx', ['-y', '-p', `node@${major}`, 'which', 'node'], {
    encoding: 'utf8',
  }).trim();
  return path.dirname(bin);
}

const RERUN_FLAG = 'MEDORA_NODE_RERUN';

/**
 * What a script that must run on `major` does first: null to go on (right Node), else the exit code of
 * the same script run again on that Node. A run that was already moved and still has the wrong Node
 * throws instead of moving again.
 */
export function ensureNodeMajor(root: string, script: string, args: string[]): number | null {
  const major = requiredNodeMajor(root);
  if (runningNodeMajor() === major) return null;
  if (process.env[RERUN_FLAG] === '1') {
    throw new Error(`Running on Node ${process.versions.node} although Node ${major} was put first on PATH`);
  }
  return rerunOnNode(root, major, script, args);
}

/**
 * Runs `script args` with tsx on Node `major` (its bin directory first on PATH, so every child process
 * the script spawns gets that Node too) and returns the exit code.
 */
export function rerunOnNode(root: string, major: number, script: string, args: string[]): number {
  const dir = nodeBinDir(major);
  console.log(`Node ${process.versions.node} here; running on Node ${major} from the npm registry (${dir}).`);
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [script, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`, [RERUN_FLAG]: '1' },
  });
  return result.status ?? 1;
}
