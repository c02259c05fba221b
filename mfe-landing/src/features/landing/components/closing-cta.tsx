import { PageLink as Link } from '../../../components/page-link';
import { LANDING } from '../../../content/landing-content';

export function ClosingCta() {
  const { closing } = LANDING;
  return (
    <section className="lp-closing" aria-labelledby="lp-closing-title">
      <div className="lp-container">
        <div className="lp-closing-panel">
          <h2 id="lp-closing-title">{closing.title}</h2>
          <p>{closing.text}</p>
          <Link to={closing.cta.to} className="lp-button lp-button--light lp-button--large">
            {closing.cta.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
