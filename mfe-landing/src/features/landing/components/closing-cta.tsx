import { PageLink as Link } from '../../../components/page-link';
import { LANDING } from '../../../content/landing-content';
import css from '../landing.module.css';

export function ClosingCta() {
  const { closing } = LANDING;
  return (
    <section className={css.closing} aria-labelledby="lp-closing-title">
      <div className={css.container}>
        <div className={css.closingPanel}>
          <h2 id="lp-closing-title">{closing.title}</h2>
          <p>{closing.text}</p>
          <Link to={closing.cta.to} className={`${css.button} ${css.buttonLight} ${css.buttonLarge}`}>
            {closing.cta.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
