import { Link } from '@medora/shared/router';
import { MESSAGES } from '@medora/shared';
import { AccountMenu, useDashboardPath } from './account-menu';
import { NotificationBell } from './notification-bell';
import css from './header.module.css';

function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className={css.logo}>
      <span aria-hidden="true" className={css.logoMark}>
        +
      </span>
      {MESSAGES.appName}
    </Link>
  );
}

/**
 * The header bar of the signed-in areas (the same frame for patients, doctors,
 * providers and admins): logo → the account's own dashboard, notification bell, account menu.
 */
export function AccountHeader() {
  const dashboard = useDashboardPath();
  return (
    <header className={css.header}>
      <Logo to={dashboard ?? '/dashboard'} />
      <div className={css.actions}>
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}

/** The header of every other shell page: the logo back to the landing page. */
export function SiteHeader() {
  return (
    <header className={css.header}>
      <Logo to="/" />
    </header>
  );
}
