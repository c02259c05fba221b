import {
  chronicConditionsOf,
  currentSymptomsOf,
  sampleDoctors,
  specialtiesForSymptoms,
  type ApiClient,
  type DoctorListingItem,
  type PublicDoctor,
} from '@medora/shared';

/**
 * A doctor as the booking flow shows it, whichever source it came from: the public fields (a sample
 * doctor has no id or schedule) with this patient's context from the search, and a stable key.
 */
export interface BookableDoctor
  extends PublicDoctor, Pick<DoctorListingItem, 'visitCount' | 'lastVisitDate' | 'nextFreeSlot'> {
  key: string;
  /** The specialty fits the patient's current symptoms: "Suggested for your symptoms". */
  suggested: boolean;
}

/** What the patient's profile tells the search: the chronic conditions, and the symptoms that suggest. */
export interface PatientHints {
  conditions: string[];
  /** The patient's current symptoms that point to a specialty (for the note above the list). */
  symptoms: string[];
}

/** The search as the doctor step sets it (sent to the server). */
export interface DoctorFilters {
  /** The chronic conditions to filter by; empty when "Show all doctors" is on. */
  conditions: string[];
  specialty: string;
  q: string;
}

/** One page of the search. */
export interface DoctorPage {
  doctors: BookableDoctor[];
  source: 'context' | 'public' | 'samples';
  nextCursor: string | null;
}

type Listed = Omit<BookableDoctor, 'suggested'>;

const keyOf = (d: PublicDoctor) => d.id ?? `${d.name}|${d.clinic}`;

const fromPublic = (d: PublicDoctor): Listed => ({
  ...d,
  key: keyOf(d),
  visitCount: 0,
  lastVisitDate: null,
  nextFreeSlot: null,
});

/** The profile's conditions and suggesting symptoms; a missing or unreadable profile gives none. */
export async function loadPatientHints(
  client: Pick<ApiClient, 'getPatient'>,
  uid: string,
): Promise<PatientHints> {
  const profile = await client.getPatient(uid).catch(() => null);
  return {
    conditions: chronicConditionsOf(profile),
    symptoms: currentSymptomsOf(profile).filter((s) => specialtiesForSymptoms([s]).size > 0),
  };
}

/** Marks doctors whose specialty fits a current symptom; the server's order stays. */
function marked(list: Listed[], symptoms: readonly string[]): BookableDoctor[] {
  const wanted = specialtiesForSymptoms(symptoms);
  return list.map((d) => ({ ...d, suggested: wanted.has(d.specialty) }));
}

const unfiltered = (f: DoctorFilters) => f.specialty === '' && f.q.trim() === '';

/**
 * One page of the doctor search (the chronic-condition filter on the server): `GET /api/doctors-with-context`
 * with the filters and `cursor`; when that call fails, the first page of `GET /api/doctors` (no
 * patient context, no next page); when that fails too, the sample doctors without schedules, and when
 * the unfiltered list comes back empty, the samples with schedules.
 */
export async function loadDoctorPage(
  client: Pick<ApiClient, 'doctorsWithContext' | 'listDoctors'>,
  uid: string,
  filters: DoctorFilters,
  symptoms: readonly string[],
  cursor?: string,
): Promise<DoctorPage> {
  let list: Listed[];
  let source: DoctorPage['source'];
  let nextCursor: string | null = null;
  try {
    const page = await client.doctorsWithContext(uid, {
      conditions: filters.conditions,
      specialty: filters.specialty,
      q: filters.q,
      cursor,
    });
    list = page.doctors.map((d) => ({ ...d, key: d.id }));
    nextCursor = page.nextCursor;
    source = 'context';
  } catch {
    try {
      list = (await client.listDoctors({ specialty: filters.specialty, q: filters.q })).map(fromPublic);
      source = 'public';
    } catch {
      return {
        doctors: marked(sampleDoctors({ withSchedules: false }).map(fromPublic), []),
        source: 'samples',
        nextCursor: null,
      };
    }
  }
  if (list.length === 0 && cursor === undefined && unfiltered(filters)) {
    return {
      doctors: marked(sampleDoctors({ withSchedules: true }).map(fromPublic), []),
      source: 'samples',
      nextCursor: null,
    };
  }
  return { doctors: marked(list, symptoms), source, nextCursor };
}
