import {
  chronicConditionsOf,
  filterDoctorsForConditions,
  sampleDoctors,
  type ApiClient,
  type DoctorListingItem,
  type PublicDoctor,
} from '@medora/shared';

/**
 * A doctor as the booking flow shows it, whichever source it came from: the public fields (a sample
 * doctor has no id or schedule) with this patient's context from the listing, and a stable key.
 */
export interface BookableDoctor
  extends PublicDoctor, Pick<DoctorListingItem, 'visitCount' | 'lastVisitDate' | 'takenSlots'> {
  key: string;
}

export interface LoadedDoctors {
  doctors: BookableDoctor[];
  source: 'context' | 'public' | 'samples';
}

const keyOf = (d: PublicDoctor) => d.id ?? `${d.name}|${d.clinic}`;

const fromPublic = (d: PublicDoctor): BookableDoctor => ({
  ...d,
  key: keyOf(d),
  visitCount: 0,
  lastVisitDate: null,
  takenSlots: {},
});

/**
 * Spec §7 and §6: doctors with this patient's context, filtered by the specialties of the patient's
 * chronic conditions; when that call fails, `GET /api/doctors`; when that fails too, the sample doctors
 * without schedules, and when a list comes back empty, the samples with schedules. The patient profile
 * is optional (404 or any error: no conditions).
 */
export async function loadDoctors(
  client: Pick<ApiClient, 'doctorsWithContext' | 'listDoctors' | 'getPatient'>,
  uid: string,
): Promise<LoadedDoctors> {
  const conditions = client
    .getPatient(uid)
    .then(chronicConditionsOf)
    .catch(() => [] as string[]);
  let list: BookableDoctor[];
  let source: LoadedDoctors['source'];
  try {
    const context = await client.doctorsWithContext(uid);
    list = context.doctors.map((d) => ({ ...d, key: d.id }));
    source = 'context';
  } catch {
    try {
      list = (await client.listDoctors()).map(fromPublic);
      source = 'public';
    } catch {
      return { doctors: sampleDoctors({ withSchedules: false }).map(fromPublic), source: 'samples' };
    }
  }
  if (list.length === 0) {
    return { doctors: sampleDoctors({ withSchedules: true }).map(fromPublic), source: 'samples' };
  }
  return { doctors: filterDoctorsForConditions(list, await conditions), source };
}
