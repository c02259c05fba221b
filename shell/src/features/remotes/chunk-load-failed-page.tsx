import { formatMessage, MESSAGES } from '@medora/shared';
import css from '../../components/status-page.module.css';
import { classifyRemoteFailure } from './failure-type';
import { remoteNameOf } from './remote-name';

export interface ChunkLoadFailedPageProps {
  request: string;
  error: unknown;
  onRetry: () => void;
  /** Inside another page (the dashboard's Book tab): a section under that page's heading. */
  embedded?: boolean;
}

/** The 'Loading chunk failed' page (ARCHITECTURE rule 3): which remote, why, and a Retry. */
export function ChunkLoadFailedPage({ request, error, onRetry, embedded }: ChunkLoadFailedPageProps) {
  const type = classifyRemoteFailure(error);
  const remote = remoteNameOf(request);
  if (embedded) {
    return (
      <section role="alert" data-remote={remote}>
        <h2>{MESSAGES.chunkLoadFailed}</h2>
        <FailureDetails type={type} remote={remote} request={request} onRetry={onRetry} />
      </section>
    );
  }
  return (
    <main role="alert" className={css.page} data-remote={remote}>
      <h1>{MESSAGES.chunkLoadFailed}</h1>
      <FailureDetails type={type} remote={remote} request={request} onRetry={onRetry} />
    </main>
  );
}

function FailureDetails({
  type,
  remote,
  request,
  onRetry,
}: {
  type: string;
  remote: string;
  request: string;
  onRetry: () => void;
}) {
  return (
    <>
      <p data-testid="failure-type">{formatMessage('failureType', { type })}</p>
      <p data-testid="failed-remote">{formatMessage('remoteFailed', { remote })}</p>
      <p>
        <code>{request}</code>
      </p>
      <button type="button" onClick={onRetry}>
        {MESSAGES.retry}
      </button>
    </>
  );
}
