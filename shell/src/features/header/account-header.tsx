// The texts only this package uses (the message catalogue's shell area), before any module reads them.
import '@medora/shared/messages/shell';
import { AccountMenu, useDashboardPath } from './account-menu';
import { NotificationBell } from './notification-bell';
import css from './header.module.css';
import { Logo } from './site-header';

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
