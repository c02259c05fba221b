import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the local secrets of an install live: beside the embedded server's data, in DATA_DIR. */
export function localSecretsDir(dataDir: string): string {
  return path.join(dataDir, 'secrets');
}

/**
 * A random secret of this install (64 hex characters), generated the first time and read back
 * afterwards from `<DATA_DIR>/secrets/<name>` (mode 0600, folder 0700), so that no secret of a local
 * install is a constant in the source and it survives restarts. Two processes that race on the first
 * run both end with the one that was written first (exclusive create).
 */
export function localSecret(dataDir: string, name: string): string {
  const dir = localSecretsDir(dataDir);
  const file = path.join(dir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    /* not ours: reading still works or says why */
  }
  // Written whole under a temporary name, then linked into place: a reader never sees half a file.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  const value = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(value)) {
    throw new Error(
      `${file} is not a secret this install wrote (64 hex characters): delete it to get a new one`,
    );
  }
  return value;
}
