import { ACCOUNT_KEYS, readAccountFlag, rememberViaDoctorArrival } from '@medora/shared';

/** `?doctor=1` or `?ref=doctor` marks a patient arriving via a doctor. */
export function arrivesViaDoctor(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('doctor') === '1' || params.get('ref') === 'doctor';
}

/**
 * Stores the flag for the signed-in account, or, before sign-in, until an account claims
 * it: per uid, so another account on the same browser does not inherit it.
 */
export function rememberViaDoctor(uid: string | null): void {
  rememberViaDoctorArrival(uid);
}

export function isViaDoctor(uid: string): boolean {
  return readAccountFlag(ACCOUNT_KEYS.viaDoctor(uid));
}
