import { PageLink as Link } from '../../../components/page-link';
import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';
import css from '../landing.module.css';

/** The landing page's own sticky header (the shell renders none on `/`). */
export function SiteHeader() {
  const { header, brand } = LANDING;
  return (
    <header className={css.header}>
      <div className={css.container}>
        <Link to="/" className={css.logo} aria-label={header.homeLabel}>
          <Icon name="heart" />
          <span>{brand}</span>
        </Link>
        <nav className={css.nav} aria-label={header.navLabel}>
          <Link to={header.login.to} className={`${css.button} ${css.buttonGhost}`}>
            {header.login.label}
          </Link>
          <Link to={header.getStarted.to} className={`${css.button} ${css.buttonPrimary}`}>
            {header.getStarted.label}
          </Link>
        </nav>
      </div>
    </header>
  );
}
