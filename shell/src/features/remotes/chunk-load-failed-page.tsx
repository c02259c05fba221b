import { House, RotateCw } from 'lucide-react';
import { formatMessage, MESSAGES } from '@medora/shared';
import css from '../../components/status-page.module.css';
import { classifyRemoteFailure } from './failure-type';
import { RemoteContractError } from './remote-contract-plugin';
import { remoteNameOf } from './remote-name';

export interface ChunkLoadFailedPageProps {
  request: string;
  error: unknown;
  onRetry: () => void;
  /** Inside another page (the dashboard's Book tab): a section under that page's heading. */
  embedded?: boolean;
}

/**
 * The 'Loading chunk failed' page: what happened in plain words, Retry, a way home,
 * and the failure type and remote for support under a collapsed 'Details' (no module ids
 * such as `mfe_patient/DashboardPage` on screen).
 */
export function ChunkLoadFailedPage({ request, error, onRetry, embedded }: ChunkLoadFailedPageProps) {
  const type = classifyRemoteFailure(error);
  const remote = remoteNameOf(request);
  // A refused remote: no connection problem to check, the message names the remote and both versions.
  const text = error instanceof RemoteContractError ? error.text : MESSAGES.chunkLoadFailedText;
  if (embedded) {
    return (
      <section role="alert" className={css.embedded} data-remote={remote}>
        <h2>{MESSAGES.chunkLoadFailed}</h2>
        <FailureDetails text={text} type={type} remote={remote} onRetry={onRetry} />
      </section>
    );
  }
  return (
    <main role="alert" className={css.page} data-remote={remote}>
      <div className={css.card}>
        <h1>{MESSAGES.chunkLoadFailed}</h1>
        <FailureDetails text={text} type={type} remote={remote} onRetry={onRetry} home />
      </div>
    </main>
  );
}

function FailureDetails({
  text,
  type,
  remote,
  onRetry,
  home,
}: {
  text: string;
  type: string;
  remote: string;
  onRetry: () => void;
  home?: boolean;
}) {
  return (
    <>
      <p>{text}</p>
      <div className={css.actions}>
        <button type="button" className="md-button md-primary" onClick={onRetry}>
          <RotateCw aria-hidden="true" size={18} />
          {MESSAGES.retry}
        </button>
        {/* A full load of the home page: this page may be here because the app's own code is stale. */}
        {home && (
          <a href="/" className="md-button">
            <House aria-hidden="true" size={18} />
            {MESSAGES.goHome}
          </a>
        )}
      </div>
      <details className={css.details}>
        <summary>{MESSAGES.supportDetails}</summary>
        <p data-testid="failure-type">{formatMessage('failureType', { type })}</p>
        <p data-testid="failed-remote">{formatMessage('remoteFailed', { remote })}</p>
      </details>
    </>
  );
}
