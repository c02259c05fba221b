import { PageLink as Link } from '../../../components/page-link';
import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';
import css from '../landing.module.css';

export function SiteFooter() {
  const { footer, brand } = LANDING;
  return (
    <footer className={css.footer}>
      <div className={css.container}>
        <div className={css.footerGrid}>
          <div>
            <p className={css.logo}>
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
        <p className={css.footerBottom}>{footer.copyright}</p>
      </div>
    </footer>
  );
}
