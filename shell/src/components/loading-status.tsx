import { MESSAGES } from '@medora/shared';

/** The accessible 'Loading...' placeholder shown while a remote or a guard is loading. */
export function LoadingStatus() {
  return (
    <p role="status" aria-live="polite" style={{ padding: '2rem' }}>
      {MESSAGES.loading}
    </p>
  );
}
