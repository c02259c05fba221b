/**
 * The names the prerendered landing page is served under (prerender.ts builds it; the static servers
 * and the gateways serve and compose it). Kept apart from prerender.ts, which loads webpack.
 */

/** The prerendered page in a remote's build output, next to its manifest. */
export const PRERENDER_FILE = 'prerender.html';
/** The shell's page for `/`, which includes the landing remote's prerendered page. */
export const LANDING_HTML = 'landing.html';
/**
 * The path `landing.html` includes the prerendered page from: each gateway maps it to the landing
 * remote's PRERENDER_FILE (nginx: an internal location, so a client cannot ask for it).
 */
export const LANDING_INCLUDE_PATH = '/__prerender/landing';
