import { Link } from '@medora/shared/router';
import { MESSAGES } from '@medora/shared';
import css from './header.module.css';

/** The logo, a link: to the landing page, or to a signed-in account's dashboard. */
export function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className={css.logo}>
      <span aria-hidden="true" className={css.logoMark}>
        +
      </span>
      {MESSAGES.appName}
    </Link>
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
