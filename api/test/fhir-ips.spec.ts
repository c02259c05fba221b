import type {
  AllergyIntolerance,
  Bundle,
  Composition,
  Condition,
  FhirResource,
  MedicationStatement,
} from 'fhir/r4.js';
import { IPS_LOINC, NONE_KNOWN_FHIR, SNOMED_SYSTEM, ipsPrint, type IntakeAnswers } from '@medora/shared';
import { CHEST_PAIN_RECORD } from '../src/summary/summary.fixtures.js';
import { buildFhirBundle, buildIpsDocument, type FhirExportRows } from '../src/patients/fhir-export.js';
import { fhirBaseErrors, ipsRuleErrors } from './support/fhir-ips-rules.js';

/**
 * The export's mapping, pure (no database): the IPS document against base FHIR R4 (Medplum's offline
 * validator) and the IPS rules (http://hl7.org/fhir/uv/ips/), and the fixes the collection shares.
 */

const APP = 'https://medora.example';
const NOW = new Date('2026-11-27T12:00:00.000Z');
const UPDATED = new Date('2026-11-20T09:00:00.000Z');
let counter = 0;
const newId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
const options = { appUrl: APP, now: NOW, newId };

function rowsOf(data: IntakeAnswers | null, extra: Partial<FhirExportRows> = {}): FhirExportRows {
  return {
    uid: 'patient-uid-1',
    email: 'robert@example.com',
    profile: data ? { data, updatedAt: UPDATED } : null,
    visits: [],
    appointments: [],
    documents: [],
    ...extra,
  };
}

const resources = (b: Bundle) => (b.entry ?? []).map((e) => e.resource as FhirResource);
function ofType<K extends FhirResource['resourceType']>(b: Bundle, type: K) {
  return resources(b).filter((r): r is Extract<FhirResource, { resourceType: K }> => r.resourceType === type);
}
const sectionOf = (b: Bundle, code: string) =>
  (b.entry![0]!.resource as Composition).section!.find((s) => s.code?.coding?.[0]?.code === code)!;

const NONE_RECORD: IntakeAnswers = {
  name: 'Nina None',
  dob: '1990-01-01',
  allergyList: ['None'],
  chronicConditions: ['None'],
  medicationClasses: ['None'],
};

describe('IPS document (format=ips)', () => {
  const ips = buildIpsDocument(rowsOf(CHEST_PAIN_RECORD), options);

  it('is valid base FHIR R4 (Medplum validateResource, core invariants included)', () => {
    expect(fhirBaseErrors(ips)).toEqual([]);
  });

  it('keeps every IPS rule checked here', () => {
    expect(ipsRuleErrors(ips)).toEqual([]);
  });

  it('the base validator can fail: a document without an identifier breaks bdl-9', () => {
    const { identifier: _dropped, ...withoutId } = ips;
    expect(fhirBaseErrors(withoutId).join(' ')).toMatch(/bdl-9/);
  });

  it('is a document: identifier, timestamp, the Composition first with type, subject, author, custodian, title', () => {
    expect(ips).toMatchObject({
      type: 'document',
      identifier: { system: `${APP}/fhir/document-id` },
      timestamp: NOW.toISOString(),
    });
    const composition = ips.entry![0]!.resource as Composition;
    expect(composition.type.coding).toEqual([{ system: 'http://loinc.org', ...IPS_LOINC.document }]);
    expect(composition.subject?.reference).toBe(
      ips.entry!.find((e) => e.resource?.resourceType === 'Patient')!.fullUrl,
    );
    expect(composition.date).toBe(NOW.toISOString());
    expect(composition.title).toBe('International Patient Summary of Robert Mendes');
    const org = ips.entry!.find((e) => e.resource?.resourceType === 'Organization')!;
    expect(composition.author).toEqual([{ reference: org.fullUrl, display: 'Medora' }]);
    expect(composition.custodian?.reference).toBe(org.fullUrl);
    // A summary, not the whole record: no visits, appointments or documents.
    expect(resources(ips).map((r) => r.resourceType)).not.toEqual(
      expect.arrayContaining(['QuestionnaireResponse']),
    );
  });

  it('has the three required sections with entries; each MedicationStatement has effective[x]', () => {
    for (const code of [IPS_LOINC.medications.code, IPS_LOINC.allergies.code, IPS_LOINC.problems.code]) {
      const s = sectionOf(ips, code);
      expect(s.entry!.length).toBeGreaterThan(0);
      expect(s.emptyReason).toBeUndefined();
      expect(s.text!.div).toMatch(/^<div xmlns="http:\/\/www\.w3\.org\/1999\/xhtml">/);
    }
    for (const m of ofType(ips, 'MedicationStatement'))
      expect(m.effectiveDateTime).toBe(UPDATED.toISOString());
  });

  it('explicit None answers are entries with the IPS "no known …" codes, not empty sections', () => {
    const doc = buildIpsDocument(rowsOf(NONE_RECORD), options);
    expect(ipsRuleErrors(doc)).toEqual([]);
    expect(fhirBaseErrors(doc)).toEqual([]);
    const codeOf = (r: { code?: { coding?: { code?: string }[] } }) => r.code?.coding?.[0]?.code;
    expect(ofType(doc, 'AllergyIntolerance').map(codeOf)).toEqual([NONE_KNOWN_FHIR.allergies.code]);
    expect(ofType(doc, 'Condition').map(codeOf)).toEqual([NONE_KNOWN_FHIR.conditions.code]);
    expect(ofType(doc, 'MedicationStatement').map((m) => m.medicationCodeableConcept?.coding?.[0])).toEqual([
      { system: SNOMED_SYSTEM, ...NONE_KNOWN_FHIR.medications },
    ]);
    for (const code of [IPS_LOINC.medications.code, IPS_LOINC.allergies.code, IPS_LOINC.problems.code]) {
      expect(sectionOf(doc, code).emptyReason).toBeUndefined();
    }
  });

  it('an intake never answered gives emptyReason "unavailable" (as the IPS no-information example does)', () => {
    const doc = buildIpsDocument(rowsOf({ name: 'Una Known' }), options);
    expect(ipsRuleErrors(doc)).toEqual([]);
    expect(fhirBaseErrors(doc)).toEqual([]);
    for (const code of [IPS_LOINC.medications.code, IPS_LOINC.allergies.code, IPS_LOINC.problems.code]) {
      expect(sectionOf(doc, code).emptyReason?.coding?.[0]?.code).toBe('unavailable');
      expect(sectionOf(doc, code).entry).toBeUndefined();
    }
  });

  it('the rules resolve references as a Bundle does: RESTful fullUrls with relative references pass too', () => {
    // Several of the IG's own examples are written so (fullUrl https://…/fhir/Patient/x, reference Patient/x).
    let json = JSON.stringify(ips);
    for (const e of ips.entry!) {
      const local = `${e.resource!.resourceType}/${e.resource!.id}`;
      json = json
        .split(`"fullUrl":"${e.fullUrl}"`)
        .join(`"fullUrl":"https://fhir.example/r4/${local}"`)
        .split(`"reference":"${e.fullUrl}"`)
        .join(`"reference":"${local}"`);
    }
    const restful = JSON.parse(json) as Bundle;
    expect(restful.entry![1]!.fullUrl).toMatch(/^https:\/\/fhir\.example\/r4\/Patient\//);
    expect(ipsRuleErrors(restful)).toEqual([]);
    // …and a relative reference to nothing in the bundle is still caught.
    (restful.entry![0]!.resource as Composition).subject = { reference: 'Patient/elsewhere' };
    expect(ipsRuleErrors(restful).join('\n')).toMatch(/Composition-uv-ips subject/);
  });

  describe('the IPS rules can fail, each on the rule it cites', () => {
    const clone = () => JSON.parse(JSON.stringify(ips)) as Bundle;
    it.each<[string, (b: Bundle) => void, RegExp]>([
      ['a collection', (b) => void (b.type = 'collection'), /Bundle-uv-ips type/],
      ['no timestamp', (b) => void delete b.timestamp, /Bundle-uv-ips timestamp/],
      ['the Composition second', (b) => void b.entry!.reverse(), /entry\[composition\]/],
      [
        'a second Composition',
        (b) => void b.entry!.push({ ...b.entry![0]!, fullUrl: 'urn:uuid:x' }),
        /bdl-ips-1/,
      ],
      [
        'no allergies section',
        (b) => {
          const c = b.entry![0]!.resource as Composition;
          c.section = c.section!.filter((s) => s.code?.coding?.[0]?.code !== IPS_LOINC.allergies.code);
        },
        /sectionAllergies/,
      ],
      [
        'a problems section with neither entry nor emptyReason',
        (b) => void delete sectionOf(b, IPS_LOINC.problems.code).entry,
        /ips-comp-1/,
      ],
      [
        'a medication without effective[x]',
        (b) => void delete ofType(b, 'MedicationStatement')[0]!.effectiveDateTime,
        /MedicationStatement-uv-ips effective/,
      ],
      ['a Patient without a name', (b) => void delete ofType(b, 'Patient')[0]!.name, /ips-pat-1/],
      [
        'a section pointing at the wrong kind of resource',
        (b) => {
          const s = sectionOf(b, IPS_LOINC.allergies.code);
          s.entry = [{ reference: b.entry!.find((e) => e.resource?.resourceType === 'Condition')!.fullUrl! }];
        },
        /sectionAllergies\.entry/,
      ],
    ])('%s', (_name, breakIt, rule) => {
      const b = clone();
      breakIt(b);
      expect(ipsRuleErrors(b).join('\n')).toMatch(rule);
    });
  });
});

describe('the printable summary produced from the IPS (ipsPrint)', () => {
  const ips = buildIpsDocument(rowsOf(CHEST_PAIN_RECORD), options);
  const printed = ipsPrint(ips)!;
  const sectionLines = (code: string) =>
    printed.sections.find((s) => s.title === sectionOf(ips, code).title)?.lines ?? [];
  const words = (c?: { text?: string; coding?: { display?: string }[] }) =>
    c?.text ?? c?.coding?.[0]?.display;

  it('prints the patient and every section of the Composition, in its order', () => {
    const patient = ofType(ips, 'Patient')[0]!;
    expect(printed.patientName).toBe(patient.name?.[0]?.text);
    expect(printed.birthDate).toBe(patient.birthDate);
    expect(printed.author).toBe('Medora');
    expect(printed.sections.map((s) => s.title)).toEqual(
      (ips.entry![0]!.resource as Composition).section!.map((s) => s.title),
    );
  });

  it('lists each allergy, problem and medicine the document holds, with the dosage text', () => {
    expect(sectionLines(IPS_LOINC.allergies.code)).toEqual(
      ofType(ips, 'AllergyIntolerance').map((a) => words(a.code)),
    );
    expect(sectionLines(IPS_LOINC.problems.code)).toEqual(ofType(ips, 'Condition').map((c) => words(c.code)));
    expect(sectionLines(IPS_LOINC.medications.code)).toEqual(
      ofType(ips, 'MedicationStatement').map((m) =>
        [words(m.medicationCodeableConcept), ...(m.dosage ?? []).map((d) => d.text)]
          .filter(Boolean)
          .join(', '),
      ),
    );
    expect(sectionLines(IPS_LOINC.medications.code).length).toBeGreaterThan(0);
  });

  it('prints "no known" entries as entries, and an unanswered section with its empty reason', () => {
    const none = ipsPrint(buildIpsDocument(rowsOf(NONE_RECORD), options))!;
    expect(none.sections.flatMap((s) => s.lines)).toEqual(
      expect.arrayContaining([NONE_KNOWN_FHIR.allergies.display, NONE_KNOWN_FHIR.medications.display]),
    );
    const unanswered = ipsPrint(buildIpsDocument(rowsOf({ name: 'Una Known' }), options))!;
    const allergies = unanswered.sections.find(
      (s) => s.title === sectionOf(ips, IPS_LOINC.allergies.code).title,
    )!;
    expect(allergies.lines).toEqual([]);
    expect(allergies.emptyReason).toBeTruthy();
  });

  it('refuses what is not an IPS document (a collection, a bare resource)', () => {
    expect(ipsPrint(buildFhirBundle(rowsOf(CHEST_PAIN_RECORD), options))).toBeNull();
    expect(ipsPrint({ resourceType: 'Patient' })).toBeNull();
    expect(ipsPrint(null)).toBeNull();
  });
});

describe('FHIR collection (format=collection)', () => {
  const rows = rowsOf(
    { ...CHEST_PAIN_RECORD, allergyList: ['Tree Nuts'], allergies: '' },
    {
      appointments: [
        {
          id: '7d0c1f0e-0000-4000-8000-000000000045',
          startsAt: new Date('2026-12-01T09:00:00.000Z'),
          status: 'Scheduled',
          clinic: 'Heart Clinic',
          specialty: 'Cardiology',
          doctorName: 'Dr. Long',
          cancelReason: null,
          minutes: 45,
        },
      ],
      documents: [
        {
          id: '7d0c1f0e-0000-4000-8000-0000000000d0',
          name: 'ecg.pdf',
          type: 'Medical Report',
          contentType: 'application/pdf',
          size: 4,
          uploadedAt: UPDATED,
          hasFile: true,
        },
      ],
    },
  );
  const bundle = buildFhirBundle(rows, options);

  it('is valid base FHIR R4 and every resource has an id that its urn:uuid fullUrl repeats', () => {
    expect(fhirBaseErrors(bundle)).toEqual([]);
    for (const e of bundle.entry!) {
      expect(e.resource!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(e.fullUrl).toBe(`urn:uuid:${e.resource!.id}`);
    }
  });

  it('identifies the Patient under the deployment URL', () => {
    expect(ofType(bundle, 'Patient')[0]!.identifier).toEqual([
      { system: `${APP}/fhir/patient-id`, value: 'patient-uid-1' },
    ]);
  });

  it('ends a 45-minute appointment 45 minutes after it starts, like its .ics', () => {
    const [a] = ofType(bundle, 'Appointment');
    expect(a).toMatchObject({
      start: '2026-12-01T09:00:00.000Z',
      end: '2026-12-01T09:45:00.000Z',
      minutesDuration: 45,
    });
  });

  it('links a document with an absolute URL of the deployment', () => {
    const [d] = ofType(bundle, 'DocumentReference');
    expect(d!.content[0]!.attachment.url).toBe(
      `${APP}/api/patients/patient-uid-1/documents/7d0c1f0e-0000-4000-8000-0000000000d0/file`,
    );
  });

  it('codes a tree-nut allergy with the International edition concept', () => {
    const [a] = ofType(bundle, 'AllergyIntolerance') as AllergyIntolerance[];
    expect(a!.code!.coding).toEqual([{ system: SNOMED_SYSTEM, code: '91934008', display: 'Allergy to nut' }]);
  });

  it('one MedicationStatement per named drug: no kinds of medicine, no repeats', () => {
    const meds = (ofType(bundle, 'MedicationStatement') as MedicationStatement[]).map(
      (m) => m.medicationCodeableConcept?.text,
    );
    // 'Metformin' (the diabetes follow-up) is already 'Metformin 1000 mg twice daily'; the SGLT2 and
    // ACE inhibitor options and 'Blood pressure medicines' are kinds of medicine.
    expect(meds).toEqual([
      'Metformin 1000 mg twice daily',
      'Empagliflozin 10 mg daily',
      'Ramipril 5 mg daily',
    ]);
  });

  it('a condition’s "how long" becomes the age at onset in years, never a date', () => {
    const [diabetes, hypertension] = ofType(bundle, 'Condition') as Condition[];
    // Born 1967-03-14, answered 2026-11-20 (59): 5-10 years → onset at 49 to 54.
    expect(diabetes!.onsetRange).toEqual({
      low: { value: 49, unit: 'a', system: 'http://unitsofmeasure.org', code: 'a' },
      high: { value: 54, unit: 'a', system: 'http://unitsofmeasure.org', code: 'a' },
    });
    expect(hypertension!.onsetRange?.low?.value).toBe(54);
    expect(diabetes!.onsetString).toBeUndefined();
    const noDob = buildFhirBundle(rowsOf({ ...CHEST_PAIN_RECORD, dob: undefined }), options);
    expect((ofType(noDob, 'Condition')[0] as Condition).onsetString).toBe('5-10 years before 2026-11-20');
  });
});
