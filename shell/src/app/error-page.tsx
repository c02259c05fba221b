import { isRouteErrorResponse, Link, useRouteError } from '@medora/shared/router';
import { errorMessage, MESSAGES } from '@medora/shared';
import css from '../components/status-page.module.css';
import { useRuntimeConfig } from '../model/runtime-config';

/** The router's default error element; details only in local mode. */
export function RootErrorPage() {
  const error = useRouteError();
  const { mode } = useRuntimeConfig();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error);
  return (
    <main role="alert" className={css.page}>
      <div className={css.card}>
        <h1>{MESSAGES.unexpectedError}</h1>
        {mode === 'local' && <pre className={css.detail}>{detail}</pre>}
        <div className={css.actions}>
          <Link to="/" className="md-button md-primary">
            {MESSAGES.goHome}
          </Link>
        </div>
      </div>
    </main>
  );
}
