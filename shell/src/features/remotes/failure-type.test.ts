import { classifyRemoteFailure } from './failure-type';
import { RemoteContractError } from './remote-contract-plugin';

function chunkLoadError(type: string): Error {
  return Object.assign(new Error(`Loading chunk 123 failed.\n(${type}: http://x/123.js)`), {
    name: 'ChunkLoadError',
    type,
    request: 'http://x/123.js',
  });
}

// Messages as the federation runtime 2.9.2 builds them: `[ Federation Runtime ]: <desc> #RUNTIME-00x … <cause>`.
const runtimeError = (code: string, cause: string) =>
  new Error(`[ Federation Runtime ]: Failed to load. #${code}\n args: {} \n ${cause}`);

describe('classifyRemoteFailure', () => {
  it.each(['missing', 'timeout', 'error'])('returns the type of a ChunkLoadError (%s)', (type) => {
    expect(classifyRemoteFailure(chunkLoadError(type))).toBe(type);
  });

  it('treats a manifest answered with HTTP 404 as missing', () => {
    expect(
      classifyRemoteFailure(
        runtimeError('RUNTIME-003', 'RemoteHttpError: HTTP 404 for /remotes/booking/mf-manifest.json'),
      ),
    ).toBe('missing');
  });

  it('treats a manifest answered with HTTP 502 as error', () => {
    expect(
      classifyRemoteFailure(
        runtimeError('RUNTIME-003', 'RemoteHttpError: HTTP 502 for /remotes/booking/mf-manifest.json'),
      ),
    ).toBe('error');
  });

  it('reads the status of an error that carries one', () => {
    expect(classifyRemoteFailure(Object.assign(new Error('x'), { status: 404 }))).toBe('missing');
    expect(classifyRemoteFailure(Object.assign(new Error('x'), { status: 503 }))).toBe('error');
  });

  it('treats a manifest fetch aborted by its timeout as timeout', () => {
    expect(classifyRemoteFailure(runtimeError('RUNTIME-003', 'TimeoutError: signal timed out'))).toBe(
      'timeout',
    );
  });

  it('treats an entry script that timed out as timeout', () => {
    expect(
      classifyRemoteFailure(
        runtimeError('RUNTIME-008', 'ScriptNetworkError: Script "http://x/remoteEntry.js" timed out.'),
      ),
    ).toBe('timeout');
  });

  it('treats an entry script that failed to load as error', () => {
    expect(
      classifyRemoteFailure(
        runtimeError(
          'RUNTIME-008',
          'ScriptNetworkError: Failed to load script "http://x/remoteEntry.js" - the script URL is unreachable',
        ),
      ),
    ).toBe('error');
  });

  it('treats a manifest that failed on the network as error', () => {
    expect(classifyRemoteFailure(runtimeError('RUNTIME-003', 'TypeError: Failed to fetch'))).toBe('error');
  });

  it('treats something that is not a remote (#RUNTIME-001) as invalid', () => {
    expect(classifyRemoteFailure(runtimeError('RUNTIME-001', ''))).toBe('invalid');
  });

  it('treats a remote refused for its @medora/shared version as incompatible', () => {
    expect(classifyRemoteFailure(new RemoteContractError('booking', '1.0.0', '2.0.0'))).toBe('incompatible');
  });

  it('treats anything else as error', () => {
    expect(classifyRemoteFailure(new Error('boom'))).toBe('error');
    expect(classifyRemoteFailure('boom')).toBe('error');
    expect(classifyRemoteFailure(null)).toBe('error');
  });
});
