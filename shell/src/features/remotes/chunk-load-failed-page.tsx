import { formatMessage, MESSAGES } from '@medora/shared';
import { classifyRemoteFailure } from './failure-type';
import { remoteNameOf } from './remote-name';

export interface ChunkLoadFailedPageProps {
  request: string;
  error: unknown;
  onRetry: () => void;
}

/** The 'Loading chunk failed' page (ARCHITECTURE rule 3): which remote, why, and a Retry. */
export function ChunkLoadFailedPage({ request, error, onRetry }: ChunkLoadFailedPageProps) {
  const type = classifyRemoteFailure(error);
  const remote = remoteNameOf(request);
  return (
    <main role="alert" style={{ padding: '2rem' }} data-remote={remote}>
      <h1>{MESSAGES.chunkLoadFailed}</h1>
      <p data-testid="failure-type">{formatMessage('failureType', { type })}</p>
      <p data-testid="failed-remote">{formatMessage('remoteFailed', { remote })}</p>
      <p>
        <code>{request}</code>
      </p>
      <button type="button" onClick={onRetry}>
        {MESSAGES.retry}
      </button>
    </main>
  );
}
