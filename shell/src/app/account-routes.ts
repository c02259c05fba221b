/**
 * The paths of the signed-in areas. Dependency-free: the entry chunk (index.ts) reads it to start
 * loading Firebase Auth with the boot chunks on these paths.
 */

/** Routes that carry the patient header bar. */
export const PATIENT_ROUTES = ['/dashboard', '/form', '/book-appointment', '/settings'];

/** The staff's routes, with the same header bar. */
export const STAFF_ROUTES = ['/admin', '/provider-dashboard', '/doctor-onboarding'];

/** Every route with the account header: bell and account menu. */
export const ACCOUNT_ROUTES = [...PATIENT_ROUTES, ...STAFF_ROUTES];

export const isAccountPath = (pathname: string): boolean =>
  ACCOUNT_ROUTES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
