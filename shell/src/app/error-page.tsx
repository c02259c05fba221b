import { Link } from '@medora/shared/router';
import { errorMessage, MESSAGES } from '@medora/shared';
import css from '../components/status-page.module.css';
import { useRuntimeConfig } from '../model/runtime-config';

/** What a render error anywhere in the page shows (AppRoutes in routes.tsx); details only in local mode. */
export function RootErrorPage({ error }: { error: unknown }) {
  const { mode } = useRuntimeConfig();
  const detail = errorMessage(error);
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
