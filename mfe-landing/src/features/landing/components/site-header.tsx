import { PageLink as Link } from '../../../components/page-link';
import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';

/** The landing page's own sticky header (the shell renders none on `/`). */
export function SiteHeader() {
  const { header, brand } = LANDING;
  return (
    <header className="lp-header">
      <div className="lp-container">
        <Link to="/" className="lp-logo" aria-label={header.homeLabel}>
          <Icon name="heart" />
          <span>{brand}</span>
        </Link>
        <nav className="lp-nav" aria-label={header.navLabel}>
          <Link to={header.login.to} className="lp-button lp-button--ghost">
            {header.login.label}
          </Link>
          <Link to={header.getStarted.to} className="lp-button lp-button--primary">
            {header.getStarted.label}
          </Link>
        </nav>
      </div>
    </header>
  );
}
