/**
 * The landing page's stylesheet, rendered once in a <style> element by the page (no CSS loader, no
 * extra request). Spec §1/§9: page content is scaled to 85 percent. Scaling with `transform` or `zoom`
 * blurs text, breaks `position: sticky` and leaves layout gaps, so instead every length is written in
 * rem and multiplied by LANDING_SCALE here: the page lays out natively at 85 % and still follows the
 * reader's own browser font size.
 */
export const LANDING_SCALE = 0.85;

/** `r(2)` → '1.7rem': a length in the page's scaled rem. */
export const r = (n: number): string => `${Number((n * LANDING_SCALE).toFixed(4))}rem`;

/** Media queries cannot use custom properties; em in a media query is the browser's 16 px. */
const wide = '(min-width: 56em)';
const medium = '(min-width: 36em)';

export const LANDING_CSS = `
.lp {
  --lp-scale: ${LANDING_SCALE};
  --lp-teal: #0f766e;
  --lp-teal-dark: #115e59;
  --lp-teal-soft: #ccfbf1;
  --lp-sky: #e0f2fe;
  --lp-ink: #0f172a;
  --lp-text: #334155;
  --lp-muted: #475569;
  --lp-line: #e2e8f0;
  --lp-card: #ffffff;
  position: relative;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-size: ${r(1)};
  line-height: 1.6;
  color: var(--lp-text);
  background: linear-gradient(180deg, #f0fdfa 0, #f8fafc ${r(40)}, #ffffff 100%);
  overflow-wrap: break-word;
}
.lp *, .lp *::before, .lp *::after { box-sizing: border-box; }
/* Zero-specificity reset, so every rule below wins over it. */
:where(.lp) :where(h1, h2, h3, p, ol, ul, blockquote) { margin: 0; }
.lp a { color: var(--lp-teal); }
.lp a:focus-visible { outline: ${r(0.1875)} solid #0ea5e9; outline-offset: ${r(0.1875)}; border-radius: ${r(0.375)}; }
.lp-container { width: 100%; max-width: ${r(76)}; margin: 0 auto; padding: 0 ${r(1.25)}; }

/* Sticky header: a direct child of .lp, outside any clipping box, so sticky keeps working. */
.lp-header {
  position: sticky; top: 0; z-index: 20;
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: saturate(180%) blur(8px);
  border-bottom: 1px solid var(--lp-line);
}
.lp-header .lp-container { display: flex; align-items: center; justify-content: space-between; gap: ${r(0.75)}; min-height: ${r(4)}; }
.lp-logo { display: inline-flex; align-items: center; gap: ${r(0.5)}; font-weight: 700; font-size: ${r(1.35)}; color: var(--lp-ink) !important; text-decoration: none; letter-spacing: -0.01em; }
.lp-logo svg { width: ${r(2)}; height: ${r(2)}; }
.lp-nav { display: flex; align-items: center; gap: ${r(0.5)}; }

.lp-button {
  display: inline-flex; align-items: center; justify-content: center; gap: ${r(0.5)};
  min-height: ${r(2.75)}; padding: ${r(0.625)} ${r(1.25)};
  border-radius: 999px; border: 1px solid transparent;
  font-weight: 600; font-size: ${r(1)}; line-height: 1.2; text-decoration: none; white-space: nowrap;
  transition: background-color 0.15s ease, box-shadow 0.15s ease, transform 0.15s ease;
}
.lp-button--primary { background: var(--lp-teal); color: #ffffff !important; box-shadow: 0 ${r(0.25)} ${r(0.75)} rgba(15, 118, 110, 0.25); }
.lp-button--primary:hover { background: var(--lp-teal-dark); }
.lp-button--ghost { color: var(--lp-teal-dark) !important; border-color: #99f6e4; background: #ffffff; }
.lp-button--ghost:hover { background: #f0fdfa; }
.lp-button--light { background: #ffffff; color: var(--lp-teal-dark) !important; }
.lp-button--light:hover { background: #f0fdfa; }
.lp-button--large { min-height: ${r(3.25)}; padding: ${r(0.875)} ${r(1.75)}; font-size: ${r(1.125)}; }
.lp-button svg { width: ${r(1.25)}; height: ${r(1.25)}; }

/* Everything below the header; the floating icons live in this box and never widen the page. */
.lp-body { position: relative; isolation: isolate; }
.lp-floaters { position: absolute; inset: 0; overflow: hidden; z-index: -1; pointer-events: none; }
.lp-floater { position: absolute; color: var(--lp-teal); opacity: 0.14; animation: lp-float 9s ease-in-out infinite alternate; }
.lp-floater:nth-child(3n) { color: #0284c7; opacity: 0.12; animation-duration: 12s; }
.lp-floater:nth-child(4n) { animation-duration: 15s; animation-direction: alternate-reverse; }
@keyframes lp-float {
  from { transform: translate3d(0, 0, 0) rotate(0deg); }
  to { transform: translate3d(0, ${r(-1.5)}, 0) rotate(10deg); }
}
@media (prefers-reduced-motion: reduce) {
  .lp-floater { animation: none; }
  .lp-button { transition: none; }
}

.lp-section { padding: ${r(4)} 0; }
.lp-section-head { max-width: ${r(44)}; margin: 0 auto ${r(2.5)}; text-align: center; }
.lp-section-head h2, .lp-vision h2 { font-size: clamp(${r(1.75)}, 4vw, ${r(2.5)}); line-height: 1.2; color: var(--lp-ink); letter-spacing: -0.02em; }
.lp-section-head p { margin-top: ${r(0.75)}; font-size: ${r(1.125)}; color: var(--lp-muted); }

.lp-hero { padding: ${r(3.5)} 0 ${r(3)}; }
.lp-hero .lp-container { display: grid; gap: ${r(2.5)}; align-items: center; }
@media ${wide} { .lp-hero .lp-container { grid-template-columns: 1.15fr 1fr; } }
.lp-eyebrow { display: inline-block; padding: ${r(0.25)} ${r(0.75)}; border-radius: 999px; background: var(--lp-teal-soft); color: var(--lp-teal-dark); font-weight: 600; font-size: ${r(0.875)}; }
.lp-hero h1 { margin-top: ${r(1)}; font-size: clamp(${r(2.125)}, 5.2vw, ${r(3.5)}); line-height: 1.1; color: var(--lp-ink); letter-spacing: -0.025em; }
.lp-lead { margin-top: ${r(1.25)}; font-size: ${r(1.2)}; max-width: ${r(36)}; }
.lp-hero-actions { display: flex; flex-wrap: wrap; align-items: center; gap: ${r(1)}; margin-top: ${r(2)}; }
.lp-reassurance { display: flex; align-items: center; gap: ${r(0.5)}; font-size: ${r(0.95)}; color: var(--lp-muted); }
.lp-reassurance svg { flex: none; width: ${r(1.25)}; height: ${r(1.25)}; color: var(--lp-teal); }
.lp-illustration { width: 100%; max-width: ${r(30)}; height: auto; margin: 0 auto; display: block; }

.lp-cards { display: grid; gap: ${r(1.25)}; list-style: none; padding: 0; }
@media ${medium} {
  .lp-cards--3 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .lp-cards--3 > :last-child { grid-column: 1 / -1; }
}
@media ${wide} {
  .lp-cards--3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .lp-cards--3 > :last-child { grid-column: auto; }
}
.lp-card {
  position: relative; min-width: 0;
  padding: ${r(1.75)}; border-radius: ${r(1.25)};
  background: var(--lp-card); border: 1px solid var(--lp-line);
  box-shadow: 0 ${r(0.125)} ${r(0.25)} rgba(15, 23, 42, 0.04), 0 ${r(0.75)} ${r(2)} rgba(15, 23, 42, 0.05);
}
.lp-card--soon { background: linear-gradient(180deg, #f8fafc, #ffffff); border-style: dashed; border-color: #cbd5e1; }
.lp-card-icon { display: inline-grid; place-items: center; width: ${r(3)}; height: ${r(3)}; border-radius: ${r(0.875)}; background: var(--lp-teal-soft); color: var(--lp-teal-dark); }
.lp-card--soon .lp-card-icon { background: var(--lp-sky); color: #075985; }
.lp-card-icon svg { width: ${r(1.625)}; height: ${r(1.625)}; }
.lp-card h3 { margin-top: ${r(1)}; font-size: ${r(1.3)}; line-height: 1.3; color: var(--lp-ink); }
.lp-audience { margin-top: ${r(0.25)}; font-size: ${r(0.875)}; font-weight: 600; color: var(--lp-teal-dark); text-transform: uppercase; letter-spacing: 0.06em; }
.lp-card--soon .lp-audience { color: #075985; }
.lp-card p.lp-description { margin-top: ${r(0.75)}; }
.lp-badge { position: absolute; top: ${r(1.5)}; right: ${r(1.5)}; padding: ${r(0.2)} ${r(0.7)}; border-radius: 999px; background: #fef3c7; color: #92400e; font-size: ${r(0.8)}; font-weight: 700; }
.lp-points { list-style: none; padding: 0; margin-top: ${r(1.25)}; display: grid; gap: ${r(0.5)}; }
.lp-points li { display: flex; gap: ${r(0.5)}; align-items: flex-start; }
.lp-points svg { flex: none; width: ${r(1.25)}; height: ${r(1.25)}; margin-top: ${r(0.15)}; color: var(--lp-teal); }
.lp-card--soon .lp-points svg { color: #64748b; }
.lp-note { margin-top: ${r(1.25)}; padding: ${r(0.75)} ${r(1)}; border-radius: ${r(0.75)}; background: #f0fdfa; font-size: ${r(0.925)}; color: var(--lp-teal-dark); }

.lp-steps { list-style: none; padding: 0; display: grid; gap: ${r(1.25)}; counter-reset: lp-step; }
@media ${medium} { .lp-steps { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media ${wide} { .lp-steps { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.lp-step { min-width: 0; padding: ${r(1.5)}; border-radius: ${r(1.25)}; background: rgba(255, 255, 255, 0.85); border: 1px solid var(--lp-line); }
.lp-step-number { display: inline-grid; place-items: center; width: ${r(2.5)}; height: ${r(2.5)}; border-radius: 50%; background: var(--lp-teal); color: #ffffff; font-weight: 700; font-size: ${r(1.125)}; }
.lp-step h3 { margin-top: ${r(0.875)}; font-size: ${r(1.2)}; color: var(--lp-ink); }
.lp-step p { margin-top: ${r(0.5)}; }

.lp-benefits { background: rgba(240, 253, 250, 0.7); border-top: 1px solid #ccfbf1; border-bottom: 1px solid #ccfbf1; }
.lp-cards--4 { gap: ${r(1.25)}; }
@media ${medium} { .lp-cards--4 { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media ${wide} { .lp-cards--4 { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.lp-benefit { padding: ${r(1.5)}; }
.lp-benefit h3 { font-size: ${r(1.2)}; }
.lp-benefit p { margin-top: ${r(0.5)}; }

.lp-vision { text-align: center; }
.lp-vision .lp-container { max-width: ${r(52)}; }
.lp-vision p { margin-top: ${r(1.25)}; font-size: ${r(1.2)}; }
.lp-vision blockquote { margin-top: ${r(1.75)}; padding: ${r(1.25)} ${r(1.5)}; border-radius: ${r(1)}; background: #ffffff; border: 1px solid var(--lp-line); color: var(--lp-ink); font-size: ${r(1.25)}; font-weight: 600; font-style: italic; }

.lp-closing { padding: 0 0 ${r(4.5)}; }
.lp-closing-panel {
  padding: ${r(3)} ${r(1.5)}; border-radius: ${r(1.5)}; text-align: center; color: #ffffff;
  background: linear-gradient(135deg, #0f766e 0%, #0e7490 100%);
  box-shadow: 0 ${r(1)} ${r(2.5)} rgba(14, 116, 144, 0.25);
}
.lp-closing h2 { font-size: clamp(${r(1.75)}, 4vw, ${r(2.375)}); line-height: 1.2; color: #ffffff; }
.lp-closing p { margin: ${r(0.75)} auto ${r(1.75)}; max-width: ${r(34)}; font-size: ${r(1.15)}; color: #f0fdfa; }

.lp-footer { background: var(--lp-ink); color: #cbd5e1; padding: ${r(3)} 0 ${r(2)}; }
.lp-footer-grid { display: grid; gap: ${r(2)}; }
@media ${medium} { .lp-footer-grid { grid-template-columns: 2fr 1fr 1.5fr; } }
.lp-footer .lp-logo { color: #ffffff !important; }
.lp-footer p { margin-top: ${r(0.75)}; }
.lp-footer h2 { font-size: ${r(1)}; color: #ffffff; text-transform: uppercase; letter-spacing: 0.08em; }
.lp-footer ul { list-style: none; padding: 0; margin-top: ${r(0.75)}; display: grid; gap: ${r(0.5)}; }
.lp-footer a { color: #5eead4; }
.lp-footer a:hover { color: #99f6e4; }
.lp-footer-bottom { margin-top: ${r(2.5)}; padding-top: ${r(1.25)}; border-top: 1px solid #1e293b; font-size: ${r(0.9)}; color: #94a3b8; }

@media (max-width: 26em) {
  .lp-nav .lp-button { padding: ${r(0.5)} ${r(0.875)}; }
  .lp-logo { font-size: ${r(1.2)}; }
}
`;
