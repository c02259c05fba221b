import {
  chronicConditionsOf,
  currentSymptomsOf,
  filterDoctorsForConditions,
  sampleDoctors,
  specialtiesForSymptoms,
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
  /** Listed by the spec's chronic-condition filter (§6); the others show under "Show all doctors". */
  forConditions: boolean;
  /** The specialty fits the patient's current symptoms (issue 15 §5): "Suggested for your symptoms". */
  suggested: boolean;
}

export interface LoadedDoctors {
  /** Every bookable doctor, suggested ones first (otherwise in the order the source gave). */
  doctors: BookableDoctor[];
  source: 'context' | 'public' | 'samples';
  /** The patient's current symptoms that point to a specialty (for the note above the list). */
  symptoms: string[];
}

type Listed = Omit<BookableDoctor, 'forConditions' | 'suggested'>;

const keyOf = (d: PublicDoctor) => d.id ?? `${d.name}|${d.clinic}`;

const fromPublic = (d: PublicDoctor): Listed => ({
  ...d,
  key: keyOf(d),
  visitCount: 0,
  lastVisitDate: null,
  takenSlots: {},
});

/**
 * Marks the list: the spec's chronic-condition filter (§6) decides which doctors show by default; a
 * doctor whose specialty fits a current symptom is suggested, shown by default too, and comes first.
 */
function marked(list: Listed[], profile: unknown): { doctors: BookableDoctor[]; symptoms: string[] } {
  const forConditions = new Set(filterDoctorsForConditions(list, chronicConditionsOf(profile)));
  const symptoms = currentSymptomsOf(profile).filter((s) => specialtiesForSymptoms([s]).size > 0);
  const wanted = specialtiesForSymptoms(symptoms);
  const doctors = list.map((d) => {
    const suggested = wanted.has(d.specialty);
    return { ...d, suggested, forConditions: forConditions.has(d) || suggested };
  });
  return {
    doctors: [...doctors.filter((d) => d.suggested), ...doctors.filter((d) => !d.suggested)],
    symptoms,
  };
}

/**
 * Spec §7 and §6: doctors with this patient's context, marked by the specialties of the patient's
 * chronic conditions and current symptoms; when that call fails, `GET /api/doctors`; when that fails
 * too, the sample doctors without schedules, and when a list comes back empty, the samples with
 * schedules. The patient profile is optional (404 or any error: no conditions, no symptoms).
 */
export async function loadDoctors(
  client: Pick<ApiClient, 'doctorsWithContext' | 'listDoctors' | 'getPatient'>,
  uid: string,
): Promise<LoadedDoctors> {
  const profile = client.getPatient(uid).catch(() => null);
  let list: Listed[];
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
      list = sampleDoctors({ withSchedules: false }).map(fromPublic);
      return { ...marked(list, null), source: 'samples' };
    }
  }
  if (list.length === 0) {
    return { ...marked(sampleDoctors({ withSchedules: true }).map(fromPublic), null), source: 'samples' };
  }
  return { ...marked(list, await profile), source };
}
