/** Polls a URL until it answers (any HTTP status) or the time runs out. */
export async function waitForHttp(url: string, timeoutMs: number, okOnly = false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (!okOnly || res.ok) return;
      lastError = new Error(`status ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${url}: ${String(lastError)}`);
}
