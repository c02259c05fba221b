import { PageLink as Link } from '../../../components/page-link';
import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';

export function SiteFooter() {
  const { footer, brand } = LANDING;
  return (
    <footer className="lp-footer">
      <div className="lp-container">
        <div className="lp-footer-grid">
          <div>
            <p className="lp-logo">
              <Icon name="heart" />
              <span>{brand}</span>
            </p>
            <p>{footer.tagline}</p>
          </div>
          <nav aria-labelledby="lp-footer-links">
            <h2 id="lp-footer-links">{footer.quickLinksTitle}</h2>
            <ul>
              {footer.quickLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2>{footer.contactTitle}</h2>
            <p>{footer.contactText}</p>
            <p>
              <a href={`mailto:${footer.supportEmail}`}>{footer.supportEmail}</a>
            </p>
          </div>
        </div>
        <p className="lp-footer-bottom">{footer.copyright}</p>
      </div>
    </footer>
  );
}
