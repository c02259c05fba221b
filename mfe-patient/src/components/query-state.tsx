import type { ReactNode } from 'react';
import { formatMessage, MESSAGES } from '@medora/shared';
import common from './patient.module.css';

interface QueryStateProps {
  /** Nothing to show yet (a first load; a refetch keeps the content on screen). */
  loading: boolean;
  /** A failed load with nothing to show instead: the error's text. */
  error?: string | null;
  onRetry?: () => void;
  /** The loaded list is empty: `emptyContent` is shown. */
  empty?: boolean;
  emptyContent?: ReactNode;
  loadingText?: string;
  children?: ReactNode;
}

/** Loading, error and empty states of this remote's server data, the same on every tab. */
export function QueryState({
  loading,
  error = null,
  onRetry,
  empty = false,
  emptyContent,
  loadingText = MESSAGES.loading,
  children,
}: QueryStateProps) {
  if (loading) {
    return (
      <p role="status" className="md-muted">
        {loadingText}
      </p>
    );
  }
  if (error !== null) {
    return (
      <div role="alert" className={common.error}>
        <p>{formatMessage('dashboardLoadFailed', { message: error })}</p>
        {onRetry && (
          <button type="button" className={`md-button ${common.buttonSecondary}`} onClick={onRetry}>
            {MESSAGES.retry}
          </button>
        )}
      </div>
    );
  }
  if (empty) return <div className={common.empty}>{emptyContent}</div>;
  return <>{children}</>;
}
