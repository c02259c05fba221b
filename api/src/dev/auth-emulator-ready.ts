/**
 * How long the demo accounts wait at boot for the Auth emulator. `npm start` boots the API beside the
 * emulator instead of after it (Postgres, migrations and Nest need no emulator), so the emulator may
 * still be starting when the accounts are created; on a busy machine it takes about 20 s.
 */
export const AUTH_EMULATOR_WAIT_MS = 90_000;

/**
 * Resolves once the Auth emulator at `host` (FIREBASE_AUTH_EMULATOR_HOST, `host:port`) answers HTTP,
 * any status; rejects with what to check when it has not answered within `timeoutMs`.
 */
export async function waitForAuthEmulator(
  host: string,
  timeoutMs = AUTH_EMULATOR_WAIT_MS,
  pollMs = 250,
): Promise<void> {
  const url = `http://${host}/`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let problem: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(Math.min(2_000, timeoutMs)) });
      await res.arrayBuffer();
      return;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      problem = cause?.code ?? (error instanceof Error ? error.message : String(error));
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `The Auth emulator at ${url} did not answer within ${timeoutMs / 1000} s (${problem}), ` +
          'so the demo accounts cannot be created: start it (npm start does) or correct ' +
          'FIREBASE_AUTH_EMULATOR_HOST',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
