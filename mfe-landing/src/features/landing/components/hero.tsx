import { PageLink as Link } from '../../../components/page-link';
import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';
import css from '../landing.module.css';

export function Hero() {
  const { hero } = LANDING;
  return (
    <section className={css.hero} aria-labelledby="lp-hero-title">
      <div className={css.container}>
        <div>
          <p className={css.eyebrow}>{hero.eyebrow}</p>
          <h1 id="lp-hero-title">{hero.title}</h1>
          <p className={css.lead}>{hero.lead}</p>
          <div className={css.heroActions}>
            <Link to={hero.cta.to} className={`${css.button} ${css.buttonPrimary} ${css.buttonLarge}`}>
              {hero.cta.label}
              <Icon name="check" />
            </Link>
            <p className={css.reassurance}>
              <Icon name="lock" />
              {hero.reassurance}
            </p>
          </div>
        </div>
        <HeroIllustration label={hero.illustrationLabel} />
      </div>
    </section>
  );
}

/**
 * A record card and a calendar, drawn in SVG; fixed viewBox so it never shifts the layout. Colours
 * come from the design tokens through the `svg*` classes.
 */
function HeroIllustration({ label }: { label: string }) {
  return (
    <svg
      className={css.illustration}
      viewBox="0 0 480 400"
      width="480"
      height="400"
      role="img"
      aria-label={label}
    >
      <defs>
        <linearGradient id="lp-hero-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" className={css.svgTintStop} />
          <stop offset="1" className={css.svgInfoTint} />
        </linearGradient>
      </defs>
      <circle cx="250" cy="200" r="180" fill="url(#lp-hero-bg)" />
      <g transform="translate(70 70)">
        <rect width="250" height="270" rx="22" className={css.svgPanel} />
        <circle cx="52" cy="58" r="26" className={css.svgTint} />
        <path
          d="M52 46a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM36 82a16 16 0 0 1 32 0"
          className={css.svgLine}
          strokeWidth="4"
        />
        <rect x="92" y="42" width="120" height="12" rx="6" className={css.svgInk} opacity="0.85" />
        <rect x="92" y="64" width="84" height="10" rx="5" className={css.svgMuted} />
        <rect x="26" y="112" width="198" height="2" className={css.svgRule} />
        <path d="M30 160h36l12-26 20 52 12-26h40" className={css.svgLine} strokeWidth="5" />
        <rect x="168" y="146" width="56" height="28" rx="14" className={css.svgChip} />
        <rect x="180" y="157" width="32" height="6" rx="3" className={css.svgAccent} />
        <rect x="26" y="204" width="150" height="10" rx="5" className={css.svgStrong} />
        <rect x="26" y="226" width="118" height="10" rx="5" className={css.svgRule} />
      </g>
      <g transform="translate(262 178)">
        <rect width="170" height="160" rx="20" className={css.svgPanel} />
        <path d="M0 20a20 20 0 0 1 20-20h130a20 20 0 0 1 20 20v22H0z" className={css.svgAccent} />
        <rect x="40" y="-10" width="8" height="24" rx="4" className={css.svgAccentDark} />
        <rect x="122" y="-10" width="8" height="24" rx="4" className={css.svgAccentDark} />
        <g className={css.svgRule}>
          <rect x="20" y="60" width="22" height="18" rx="5" />
          <rect x="54" y="60" width="22" height="18" rx="5" />
          <rect x="88" y="60" width="22" height="18" rx="5" />
          <rect x="122" y="60" width="22" height="18" rx="5" />
          <rect x="20" y="92" width="22" height="18" rx="5" />
          <rect x="88" y="92" width="22" height="18" rx="5" />
          <rect x="122" y="92" width="22" height="18" rx="5" />
          <rect x="20" y="124" width="22" height="18" rx="5" />
          <rect x="54" y="124" width="22" height="18" rx="5" />
        </g>
        <rect x="54" y="92" width="22" height="18" rx="5" className={css.svgAccent} />
        <path d="M59 101l4 4 8-8" className={css.svgCheck} />
      </g>
      <g transform="translate(372 70)">
        <circle cx="30" cy="30" r="30" className={css.svgBadge} />
        <path
          d="M30 44s-14-8.5-14-19a8 8 0 0 1 14-5.2A8 8 0 0 1 44 25c0 10.5-14 19-14 19z"
          className={css.svgHeart}
        />
      </g>
    </svg>
  );
}
