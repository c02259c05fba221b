import { isClinicianRole, isReadyDoctor, type MeAccess, type Role } from '@medora/shared';

/** What `GET /api/doctors/{uid}` told us; any failure other than 404 is 'error'. */
export type DoctorLookup =
  | {
      kind: 'found';
      onboardingCompleted: boolean;
      verificationStatus: string | null;
      /** An admin suspended the approved doctor (no dashboard until reinstated). */
      suspended?: boolean;
    }
  | { kind: 'missing' }
  | { kind: 'error' };

/** What `GET /api/patients/{uid}` told us: 404 means a new patient. */
export type PatientLookup = 'found' | 'missing' | 'error';

export interface LoginRoutingInput {
  /** The server's role (GET /api/me), never the one chosen on the screen. */
  role: Role;
  /** viaDoctor flag from local storage (?doctor=1 or ?ref=doctor). */
  viaDoctor: boolean;
  doctor?: DoctorLookup;
  patient?: PatientLookup;
}

/**
 * The login routing table (docs/product.md#login-routing):
 * - admin → /admin;
 * - doctor or provider → /provider-dashboard only if the doctor record exists, onboarding is completed and
 *   verificationStatus is approved and not suspended; otherwise /doctor-onboarding (also on lookup
 *   error), which tells a suspended doctor why;
 * - patient arriving via a doctor → /form;
 * - other patients → /dashboard, or /form when the patient lookup returns 404.
 */
export function resolveLoginDestination({ role, viaDoctor, doctor, patient }: LoginRoutingInput): string {
  if (role === 'admin') return '/admin';
  if (isClinicianRole(role)) {
    return doctor?.kind === 'found' && isReadyDoctor(doctor) ? '/provider-dashboard' : '/doctor-onboarding';
  }
  if (viaDoctor) return '/form';
  return patient === 'missing' ? '/form' : '/dashboard';
}

/** Where sign-up verification leads. */
export function resolveVerifiedDestination(role: Role): string {
  if (role === 'admin') return '/admin';
  return isClinicianRole(role) ? '/doctor-onboarding' : '/form';
}

export interface RouteAfterLoginDeps {
  uid: string;
  role: Role;
  access: MeAccess;
  viaDoctor: boolean;
  lookupDoctor: (uid: string) => Promise<DoctorLookup>;
  lookupPatient: (uid: string) => Promise<PatientLookup>;
}

/** Runs only the lookups the role needs, then applies the routing table. */
export async function routeAfterLogin(deps: RouteAfterLoginDeps): Promise<string> {
  const { uid, role, access, viaDoctor } = deps;
  if (role === 'admin') return resolveLoginDestination({ role, viaDoctor });
  if (isClinicianRole(role)) {
    // The server already checked the linked, approved record: no second lookup needed.
    const doctor: DoctorLookup = access.providerDashboard
      ? { kind: 'found', onboardingCompleted: true, verificationStatus: 'approved' }
      : await deps.lookupDoctor(uid);
    return resolveLoginDestination({ role, viaDoctor, doctor });
  }
  if (viaDoctor) return resolveLoginDestination({ role, viaDoctor });
  return resolveLoginDestination({ role, viaDoctor, patient: await deps.lookupPatient(uid) });
}
