/**
 * The paths of the signed-in areas and the sign-in screens. Dependency-free: the entry chunk
 * (index.ts) reads them to start loading a route's code with the boot chunks.
 */

/** Routes that carry the patient header bar. */
export const PATIENT_ROUTES = ['/dashboard', '/form', '/book-appointment', '/settings'];

/** The staff's routes, with the same header bar. */
export const STAFF_ROUTES = ['/admin', '/provider-dashboard', '/doctor-onboarding'];

/** Every route with the account header: bell and account menu. */
export const ACCOUNT_ROUTES = [...PATIENT_ROUTES, ...STAFF_ROUTES];

export const isAccountPath = (pathname: string): boolean =>
  ACCOUNT_ROUTES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * The sign-in screens. Their first paint (the role choice, the form) needs no Firebase, so it loads
 * once the screen is shown (`StartAuthWhenShown` in layout.tsx), not beside the screen's own code.
 */
export const SIGN_IN_PATHS = ['/patient-login', '/provider-login'];
