import { Link } from '@medora/shared/router';
import { useStore } from 'zustand';
import { House, LayoutDashboard } from 'lucide-react';
import { authStore, MESSAGES } from '@medora/shared';
import css from '../components/status-page.module.css';
import { dashboardPathFor } from '../model/dashboard-path';

/**
 * Unknown paths (inside the layout, under the header): what happened and a way home; a
 * signed-in account is offered its own dashboard (the staff's too).
 */
export function NotFoundPage() {
  const dashboard = useStore(authStore, (s) => (s.profile ? dashboardPathFor(s.profile) : null));
  return (
    <main className={css.page}>
      <div className={css.card}>
        <p className={css.code} aria-hidden="true">
          404
        </p>
        <h1>{MESSAGES.pageNotFound}</h1>
        <p>{MESSAGES.notFoundText}</p>
        <div className={css.actions}>
          {dashboard && (
            <Link to={dashboard} className="md-button md-primary">
              <LayoutDashboard aria-hidden="true" size={18} />
              {MESSAGES.goToDashboard}
            </Link>
          )}
          <Link to="/" className={dashboard ? 'md-button' : 'md-button md-primary'}>
            <House aria-hidden="true" size={18} />
            {MESSAGES.goHome}
          </Link>
        </div>
      </div>
    </main>
  );
}
