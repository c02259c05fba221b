import { Link } from 'react-router-dom';
import { AccountMenu } from './account-menu';
import { NotificationBell } from './notification-bell';

function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className="md-logo">
      <span aria-hidden="true" className="md-logo-mark">
        +
      </span>
      Medora
    </Link>
  );
}

/** The patient header bar (spec §2): logo → /dashboard, notification bell, account menu. */
export function PatientHeader() {
  return (
    <header className="md-header">
      <Logo to="/dashboard" />
      <div className="md-header-actions">
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}

/** The header of every other shell page: the logo back to the landing page. */
export function SiteHeader() {
  return (
    <header className="md-header">
      <Logo to="/" />
    </header>
  );
}
