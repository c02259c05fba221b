import { MESSAGES } from '@medora/shared';
import css from './status-page.module.css';

/** The accessible 'Loading...' placeholder shown while a remote or a guard is loading. */
export function LoadingStatus() {
  return (
    <p role="status" aria-live="polite" className={css.page}>
      {MESSAGES.loading}
    </p>
  );
}
