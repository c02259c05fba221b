/**
 * Why a remote failed to load, for the 'Loading chunk failed' page. The error
 * shapes are those MACHINE-NOTES lists for @module-federation/enhanced 2.9.2:
 * - an exposed chunk: webpack's `ChunkLoadError` with `type` ('missing' | 'timeout' | 'error' …);
 * - the manifest: an Error whose message carries `#RUNTIME-003` and the cause's text (our runtime
 *   plugin puts `HTTP <status>` there, see remote-timeouts-plugin.ts);
 * - the entry script: `#RUNTIME-008` (ScriptNetworkError, also on timeout);
 * - what came back was not a remote: `#RUNTIME-001`;
 * - a remote built against another major of @medora/shared: our `RemoteContractError`
 *   (remote-contract-plugin.ts), thrown as is.
 */
export type FailureType = 'missing' | 'timeout' | 'invalid' | 'incompatible' | 'error' | (string & {});

const MISSING_STATUSES = new Set([404, 410]);

function statusFailure(status: number): FailureType {
  return MISSING_STATUSES.has(status) ? 'missing' : 'error';
}

export function classifyRemoteFailure(error: unknown): FailureType {
  if (typeof error !== 'object' || error === null) return 'error';
  const { name, message, type, status } = error as {
    name?: unknown;
    message?: unknown;
    type?: unknown;
    status?: unknown;
  };
  const text = `${typeof name === 'string' ? name : ''}: ${typeof message === 'string' ? message : ''}`;

  if (name === 'RemoteContractError') return 'incompatible';
  if (name === 'ChunkLoadError') return typeof type === 'string' && type ? type : 'error';
  if (typeof status === 'number') return statusFailure(status);
  if (text.includes('#RUNTIME-001')) return 'invalid';
  const http = /\bHTTP (\d{3})\b/.exec(text);
  if (http) return statusFailure(Number(http[1]));
  if (/TimeoutError|timed out|timeout/i.test(text)) return 'timeout';
  return 'error';
}
