import { PageLink as Link } from '../../../components/page-link';
import { LANDING } from '../../../content/landing-content';
import { Icon } from '../../../components/icons';

export function Hero() {
  const { hero } = LANDING;
  return (
    <section className="lp-hero" aria-labelledby="lp-hero-title">
      <div className="lp-container">
        <div>
          <p className="lp-eyebrow">{hero.eyebrow}</p>
          <h1 id="lp-hero-title">{hero.title}</h1>
          <p className="lp-lead">{hero.lead}</p>
          <div className="lp-hero-actions">
            <Link to={hero.cta.to} className="lp-button lp-button--primary lp-button--large">
              {hero.cta.label}
              <Icon name="check" />
            </Link>
            <p className="lp-reassurance">
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

/** A record card and a calendar, drawn in SVG; fixed viewBox so it never shifts the layout. */
function HeroIllustration({ label }: { label: string }) {
  return (
    <svg
      className="lp-illustration"
      viewBox="0 0 480 400"
      width="480"
      height="400"
      role="img"
      aria-label={label}
    >
      <defs>
        <linearGradient id="lp-hero-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ccfbf1" />
          <stop offset="1" stopColor="#e0f2fe" />
        </linearGradient>
      </defs>
      <circle cx="250" cy="200" r="180" fill="url(#lp-hero-bg)" />
      <g transform="translate(70 70)">
        <rect width="250" height="270" rx="22" fill="#ffffff" stroke="#e2e8f0" strokeWidth="2" />
        <circle cx="52" cy="58" r="26" fill="#ccfbf1" />
        <path
          d="M52 46a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM36 82a16 16 0 0 1 32 0"
          fill="none"
          stroke="#0f766e"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <rect x="92" y="42" width="120" height="12" rx="6" fill="#0f172a" opacity="0.85" />
        <rect x="92" y="64" width="84" height="10" rx="5" fill="#94a3b8" />
        <rect x="26" y="112" width="198" height="2" fill="#e2e8f0" />
        <path
          d="M30 160h36l12-26 20 52 12-26h40"
          fill="none"
          stroke="#0f766e"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="168" y="146" width="56" height="28" rx="14" fill="#f0fdfa" stroke="#99f6e4" />
        <rect x="180" y="157" width="32" height="6" rx="3" fill="#0f766e" />
        <rect x="26" y="204" width="150" height="10" rx="5" fill="#cbd5e1" />
        <rect x="26" y="226" width="118" height="10" rx="5" fill="#e2e8f0" />
      </g>
      <g transform="translate(262 178)">
        <rect width="170" height="160" rx="20" fill="#ffffff" stroke="#e2e8f0" strokeWidth="2" />
        <path d="M0 20a20 20 0 0 1 20-20h130a20 20 0 0 1 20 20v22H0z" fill="#0f766e" />
        <rect x="40" y="-10" width="8" height="24" rx="4" fill="#115e59" />
        <rect x="122" y="-10" width="8" height="24" rx="4" fill="#115e59" />
        <g fill="#e2e8f0">
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
        <rect x="54" y="92" width="22" height="18" rx="5" fill="#0f766e" />
        <path
          d="M59 101l4 4 8-8"
          fill="none"
          stroke="#ffffff"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <g transform="translate(372 70)">
        <circle cx="30" cy="30" r="30" fill="#ffffff" stroke="#99f6e4" strokeWidth="2" />
        <path d="M30 44s-14-8.5-14-19a8 8 0 0 1 14-5.2A8 8 0 0 1 44 25c0 10.5-14 19-14 19z" fill="#14b8a6" />
      </g>
    </svg>
  );
}
