import { MESSAGES } from '@medora/shared';
import css from '../components/status-page.module.css';

/**
 * Shown instead of the app when `/runtime-config.json` is missing or invalid: without
 * it the shell does not know the real Firebase project, and falling back to the demo project would
 * sign people into the wrong place. The reason goes to the console for the operator.
 */
export function RuntimeConfigErrorPage() {
  return (
    <main role="alert" className={css.page}>
      <div className={css.card}>
        <h1>{MESSAGES.runtimeConfigErrorTitle}</h1>
        <p>{MESSAGES.runtimeConfigErrorBody}</p>
        <div className={css.actions}>
          <button type="button" className="md-button md-primary" onClick={() => window.location.reload()}>
            {MESSAGES.runtimeConfigErrorRetry}
          </button>
        </div>
      </div>
    </main>
  );
}
