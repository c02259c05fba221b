import path from 'node:path';

/** The test stack runs on the default ports shifted by this offset, beside any developer stack. */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 10000);
export const BASE_URL = `http://localhost:${8080 + PORT_OFFSET}`;
export const CONTROL_PORT = 8999 + PORT_OFFSET;
export const CONTROL_URL = `http://127.0.0.1:${CONTROL_PORT}`;
export const AUTH_EMULATOR_URL = `http://127.0.0.1:${9099 + PORT_OFFSET}`;
export const STACK_DATA_DIR = path.resolve(__dirname, '..', '.artifacts', `data-${PORT_OFFSET}`);
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Stops or restarts one frontend server of the running stack (test-only control port). */
export async function controlService(name: string, action: 'stop' | 'start', dir?: string): Promise<void> {
  const res = await fetch(`${CONTROL_URL}/services/${name}/${action}`, {
    method: 'POST',
    body: dir ? JSON.stringify({ dir }) : undefined,
  });
  if (res.status !== 204)
    throw new Error(`control ${action} ${name} failed: ${res.status} ${await res.text()}`);
}
