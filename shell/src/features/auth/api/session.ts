import { ApiError, api, authStore, type SessionProfile, type SignupRole } from '@medora/shared';
import type { DoctorLookup, PatientLookup } from '../model/login-routing';

/** Loads `GET /api/me` into the auth store: the server is the authority on role and access. */
export async function fetchSession(): Promise<SessionProfile> {
  const me = await api.me();
  const profile: SessionProfile = { ...me.user, registered: me.registered, access: me.access };
  if (authStore.getState().user?.uid === me.user.uid) authStore.getState().setProfile(profile);
  return profile;
}

/** Creates the user record when sign-up could not (POST /api/users is idempotent); the server keeps its role. */
export async function ensureRegistered(role: SignupRole): Promise<SessionProfile> {
  const profile = await fetchSession();
  if (profile.registered) return profile;
  await api.createUser({ uid: profile.uid, role });
  return fetchSession();
}

/** `GET /api/doctors/{uid}`: 404 → no record; any other failure → 'error' (not onboarded). */
export async function lookupDoctor(uid: string): Promise<DoctorLookup> {
  try {
    const res = await api.getDoctor(uid);
    if (!res.exists) return { kind: 'missing' };
    return {
      kind: 'found',
      onboardingCompleted: res.data?.onboardingCompleted === true,
      verificationStatus: res.data?.verificationStatus ?? null,
      suspended: Boolean(res.data?.suspension),
    };
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? { kind: 'missing' } : { kind: 'error' };
  }
}

/** `GET /api/patients/{uid}`: 404 means a new patient. */
export async function lookupPatient(uid: string): Promise<PatientLookup> {
  try {
    const res = await api.getPatient(uid);
    return res.exists === false ? 'missing' : 'found';
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? 'missing' : 'error';
  }
}
