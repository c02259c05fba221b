// A printable patient summary read from an International Patient Summary document (FHIR R4 Bundle of
// type `document`, http://hl7.org/fhir/uv/ips/): Medora's own `?format=ips` export or one from another
// system. Generic on purpose: it reads the Composition's sections and what they reference, not Medora's
// intake, so the page shows what a receiving clinic would see.

/** One section of the summary as printed: its title and one line per entry (or why it is empty). */
export interface IpsPrintSection {
  title: string;
  lines: string[];
  /** The section's emptyReason in words, when it has no entries. */
  emptyReason: string | null;
}

export interface IpsPrint {
  title: string;
  patientName: string | null;
  birthDate: string | null;
  /** The Composition's date (ISO). */
  date: string | null;
  author: string | null;
  sections: IpsPrintSection[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A CodeableConcept in words: its text, else its first coding's display, else its first code. */
function concept(v: unknown): string | null {
  if (!isObject(v)) return null;
  const coding = list(v.coding).filter(isObject);
  return str(v.text) ?? str(coding.find((c) => str(c.display))?.display) ?? str(coding[0]?.code);
}

function quantity(v: unknown): string | null {
  if (!isObject(v) || typeof v.value !== 'number') return null;
  const unit = str(v.unit) ?? str(v.code);
  return unit ? `${v.value} ${unit}` : String(v.value);
}

/** One entry's line: what it is and, where the resource says, how much or how often. */
function entryLine(resource: Json): string | null {
  switch (resource.resourceType) {
    case 'AllergyIntolerance':
    case 'Condition':
    case 'Procedure':
      return concept(resource.code);
    case 'MedicationStatement':
    case 'MedicationRequest': {
      const name = concept(resource.medicationCodeableConcept);
      const dosage = list(resource.dosage ?? resource.dosageInstruction)
        .filter(isObject)
        .map((d) => str(d.text))
        .filter((t): t is string => t !== null);
      return name ? [name, ...dosage].join(', ') : null;
    }
    case 'Observation': {
      const what = concept(resource.code);
      const value =
        quantity(resource.valueQuantity) ??
        str(resource.valueString) ??
        concept(resource.valueCodeableConcept);
      return what ? (value ? `${what}: ${value}` : what) : null;
    }
    default:
      return concept(resource.code);
  }
}

/** The summary to print, or null when `bundle` is not an IPS-shaped document (no Composition first). */
export function ipsPrint(bundle: unknown): IpsPrint | null {
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle' || bundle.type !== 'document') return null;
  const entries = list(bundle.entry).filter(isObject);
  const composition = entries[0]?.resource;
  if (!isObject(composition) || composition.resourceType !== 'Composition') return null;
  const byUrl = new Map<string, Json>();
  for (const e of entries) {
    const url = str(e.fullUrl);
    if (url && isObject(e.resource)) byUrl.set(url, e.resource);
    // A relative reference ("Patient/123") resolves like the Bundle's own resolution rules.
    if (isObject(e.resource) && str(e.resource.id)) {
      byUrl.set(`${String(e.resource.resourceType)}/${String(e.resource.id)}`, e.resource);
    }
  }
  const resolve = (ref: unknown): Json | null => {
    const reference = isObject(ref) ? str(ref.reference) : null;
    return reference ? (byUrl.get(reference) ?? null) : null;
  };
  const patient = resolve(composition.subject);
  const name = list(patient?.name).filter(isObject)[0];
  const given = list(name?.given).map(str).filter(Boolean).join(' ');
  const patientName = str(name?.text) ?? (str([given, str(name?.family)].filter(Boolean).join(' ')) || null);
  const author = list(composition.author).map((a) => resolve(a)?.name ?? (isObject(a) ? a.display : null));
  return {
    title: str(composition.title) ?? 'International Patient Summary',
    patientName,
    birthDate: str(patient?.birthDate),
    date: str(composition.date),
    author: author.map(str).find((a) => a !== null) ?? null,
    sections: list(composition.section)
      .filter(isObject)
      .map((s) => {
        const lines = list(s.entry)
          .map(resolve)
          .filter((r): r is Json => r !== null)
          .map(entryLine)
          .filter((l): l is string => l !== null);
        return {
          title: str(s.title) ?? concept(s.code) ?? '',
          lines,
          emptyReason: lines.length ? null : concept(s.emptyReason),
        };
      }),
  };
}
