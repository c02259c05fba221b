import type { DoctorProfileForm, DoctorProfileUpdate } from '@medora/shared';

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The `PATCH /api/doctors/{uid}/profile` body: only what differs from `before` (the address as a
 * whole when any of its parts changed), or null when nothing did.
 */
export function profileUpdate(
  before: DoctorProfileForm,
  after: DoctorProfileForm,
): DoctorProfileUpdate | null {
  const out: DoctorProfileUpdate = {};
  const changed = (key: keyof DoctorProfileForm) => before[key] !== after[key];
  if (changed('specialty')) out.specialty = after.specialty as DoctorProfileUpdate['specialty'];
  if (!same(before.subSpecialties, after.subSpecialties)) out.subSpecialties = [...after.subSpecialties];
  if (after.licenseNumber.trim() !== before.licenseNumber.trim())
    out.licenseNumber = after.licenseNumber.trim();
  if (after.bio.trim() !== before.bio.trim()) out.bio = after.bio.trim();
  if (after.clinic.trim() !== before.clinic.trim()) out.clinic = after.clinic.trim();
  if ((['street', 'city', 'state', 'zipCode'] as const).some((k) => after[k].trim() !== before[k].trim())) {
    out.clinicAddress = {
      street: after.street.trim() || undefined,
      city: after.city.trim(),
      state: after.state.trim(),
      zipCode: after.zipCode.trim() || undefined,
    };
  }
  if (Number(after.consultationFee) !== Number(before.consultationFee))
    out.consultationFee = Number(after.consultationFee);
  if (Number(after.consultationDuration) !== Number(before.consultationDuration))
    out.consultationDuration = Number(after.consultationDuration);
  if (!same(list(before.languages), list(after.languages))) out.languages = list(after.languages);
  if (changed('acceptingNewPatients')) out.acceptingNewPatients = after.acceptingNewPatients;
  return Object.keys(out).length ? out : null;
}
