/** localStorage key of the viaDoctor flag (spec §2, §6). */
export const VIA_DOCTOR_KEY = 'viaDoctor';

/** `?doctor=1` or `?ref=doctor` marks a patient arriving via a doctor (spec §2 Login screen). */
export function arrivesViaDoctor(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('doctor') === '1' || params.get('ref') === 'doctor';
}

export function rememberViaDoctor(storage: Storage = localStorage): void {
  storage.setItem(VIA_DOCTOR_KEY, 'true');
}

export function isViaDoctor(storage: Storage = localStorage): boolean {
  return storage.getItem(VIA_DOCTOR_KEY) === 'true';
}
