import request from 'supertest';
import type { Bundle, FhirResource } from 'fhir/r4.js';
import {
  ALLERGY_FHIR,
  APPOINTMENT_STATUS_FHIR,
  CONDITION_FHIR,
  FHIR_JSON_CONTENT_TYPE,
  LOINC_SYSTEM,
  MESSAGES,
  patientIdentifierSystem,
  SNOMED_SYSTEM,
  UCUM_SYSTEM,
  VITAL_FHIR,
} from '@medora/shared';
import { CHEST_PAIN_RECORD } from '../src/summary/summary.fixtures.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';
import { registeredPatient } from './booking-helpers.js';
import { fhirSchemaErrors } from './support/fhir-schema.js';
import { fhirBaseErrors, ipsRuleErrors } from './support/fhir-ips-rules.js';

/** `GET /api/patients/{uid}/fhir`, the record as a FHIR R4 Bundle. */

let t: TestApp;
const APP_URL = 'https://medora.example';

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { PUBLIC_APP_URL: APP_URL } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Every intake section: allergies (coded, text-only, free text), conditions, medicines, surgery. */
const RICH_RECORD = {
  ...CHEST_PAIN_RECORD,
  allergyList: ['Penicillin', 'Peanuts', 'Dust'],
  allergies: 'Ibuprofen: swelling',
  chronicOther: 'Gout',
  medicationClasses: ['Blood pressure medicines', 'Diabetes medicines', 'Other'],
  medicationOther: 'Allopurinol',
  pastSurgeries: 'Yes',
  surgeryTypes: ['Orthopedic'],
  surgeryRegions: ['Legs or feet'],
  surgeryOther: 'Knee arthroscopy',
  surgeryDate: '2-5 years ago',
  surgeryRecovery: 'Good',
};

const FOLLOW_UP = {
  ...RICH_RECORD,
  visitType: 'Follow-up Visit',
  followUpChange: 'Worse',
  followUpNewSymptoms: ['Cough'],
  followUpNotes: 'Started ramipril last week.',
};

const exportOf = (caller: TestUser | null, uid: string, format?: string) => {
  const req = request(t.http).get(`/api/patients/${uid}/fhir${format ? `?format=${format}` : ''}`);
  return caller ? req.set(authHeader(caller)) : req;
};

async function save(user: TestUser, data: object, kind?: string) {
  const res = await request(t.http)
    .post('/api/patients')
    .set(authHeader(user))
    .send(kind ? { uid: user.uid, data, kind } : { uid: user.uid, data });
  expect([200, 201]).toContain(res.status);
}

/** A doctor account with an approved doctor record; with an appointment of `status` when given. */
async function doctorWith(
  patientUid: string,
  status: string | null,
  name = 'Dr. Export',
  minutes = 30,
): Promise<TestUser> {
  const doctor = await signUpUser();
  await request(t.http).post('/api/users').set(authHeader(doctor)).send({ uid: doctor.uid, role: 'doctor' });
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO doctors (user_id, name, specialty, clinic, verification_status, onboarding_completed,
                          consultation_duration)
     VALUES ((SELECT id FROM users WHERE firebase_uid = $1), $2, 'Cardiology', 'Heart Clinic', 'approved', true, $3)
     RETURNING id`,
    [doctor.uid, name, minutes],
  );
  if (status) {
    await t.dataSource.query(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, clinic, specialty, doctor_name,
                                 cancelled_by, cancel_reason)
       VALUES ($1, $2, now() + interval '2 days' + random() * interval '1 day', $3, 'Heart Clinic', 'Cardiology', $4,
               CASE WHEN $3 = 'Cancelled' THEN 'patient' END, CASE WHEN $3 = 'Cancelled' THEN 'Feeling better' END)`,
      [patientUid, row!.id, status, name],
    );
  }
  return doctor;
}

async function addDocuments(uid: string) {
  await t.dataSource.query(
    `WITH doc AS (
       INSERT INTO documents (patient_uid, name, type, content_type, size, file_url)
       VALUES ($1, 'ecg.pdf', 'Medical Report', 'application/pdf', 4, '') RETURNING id
     )
     INSERT INTO document_files (document_id, bytes) SELECT id, '\\x25504446'::bytea FROM doc`,
    [uid],
  );
  // A metadata-only record: no bytes, so no link.
  await t.dataSource.query(
    `INSERT INTO documents (patient_uid, name, type, content_type, size, file_url)
     VALUES ($1, 'letter.pdf', 'chronicConditions', NULL, NULL, '')`,
    [uid],
  );
}

const resources = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource as FhirResource);
function ofType<K extends FhirResource['resourceType']>(bundle: Bundle, type: K) {
  return resources(bundle).filter(
    (r): r is Extract<FhirResource, { resourceType: K }> => r.resourceType === type,
  );
}

async function auditRows(actorUid: string, uid: string) {
  return t.dataSource.query<{ action: string; resource_type: string; outcome: string }[]>(
    `SELECT action, resource_type, outcome FROM audit_log
      WHERE actor_uid = $1 AND resource_id = $2 AND action = 'export' ORDER BY created_at, id`,
    [actorUid, uid],
  );
}

function expectValid(bundle: unknown) {
  const errors = fhirSchemaErrors(bundle);
  expect(errors.slice(0, 5)).toEqual([]);
}

describe('FHIR R4 export', () => {
  let rich: TestUser;
  let bookedDoctor: TestUser;
  let cancelledDoctor: TestUser;
  let bundle: Bundle;

  beforeAll(async () => {
    rich = await registeredPatient(t);
    await save(rich, RICH_RECORD);
    await save(rich, FOLLOW_UP, 'follow-up');
    bookedDoctor = await doctorWith(rich.uid, 'Scheduled', 'Dr. Booked', 45);
    cancelledDoctor = await doctorWith(rich.uid, 'Cancelled', 'Dr. Cancelled');
    await addDocuments(rich.uid);
    const res = await exportOf(rich, rich.uid);
    expect(res.status).toBe(200);
    bundle = res.body as Bundle;
  }, 60_000);

  it('the schema check can fail: a wrong code or an unknown field is refused', () => {
    expect(fhirSchemaErrors({ resourceType: 'Patient', gender: 'boy' })).not.toEqual([]);
    expect(fhirSchemaErrors({ resourceType: 'Bundle', type: 'collection', entries: [] })).not.toEqual([]);
    expect(fhirSchemaErrors({ resourceType: 'Patient', gender: 'female' })).toEqual([]);
  });

  it('answers a schema-valid Bundle of type collection as an application/fhir+json file', async () => {
    const res = await exportOf(rich, rich.uid);
    expect(res.headers['content-type']).toContain(FHIR_JSON_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?medora-health-record-\d{4}-\d{2}-\d{2}\.json"?$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    expectValid(bundle);
    for (const e of bundle.entry!) expect(e.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(new Set(bundle.entry!.map((e) => e.fullUrl)).size).toBe(bundle.entry!.length);
  });

  it('has the Patient, and every reference points at it inside the bundle', () => {
    const [patient, ...others] = ofType(bundle, 'Patient');
    expect(others).toEqual([]);
    expect(patient!.identifier).toEqual([{ system: patientIdentifierSystem(APP_URL), value: rich.uid }]);
    expect(patient!.name).toEqual([{ text: 'Robert Mendes' }]);
    expect(patient!.gender).toBe('male');
    expect(patient!.birthDate).toBe('1967-03-14');
    expect(patient!.telecom).toEqual([{ system: 'email', value: rich.email.toLowerCase() }]);
    const patientUrl = bundle.entry!.find(
      (e) => e.resource === patient || e.resource?.resourceType === 'Patient',
    )!.fullUrl;
    const refs = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) expect(r).toBe(`"reference":"${patientUrl}"`);
  });

  it('every resource has an id, and its fullUrl is the urn:uuid of that id', () => {
    for (const e of bundle.entry!) expect(e.fullUrl).toBe(`urn:uuid:${e.resource!.id}`);
  });

  it('codes allergies and conditions from the shared table; text for what has no code', () => {
    const allergies = ofType(bundle, 'AllergyIntolerance');
    expect(allergies.map((a) => a.code?.text)).toEqual([
      'Penicillin',
      'Peanuts',
      'Dust',
      'Ibuprofen: swelling',
    ]);
    for (const option of ['Penicillin', 'Peanuts'] as const) {
      const a = allergies.find((x) => x.code?.text === option)!;
      expect(a.code!.coding).toEqual([{ system: SNOMED_SYSTEM, ...ALLERGY_FHIR[option].snomed! }]);
      expect(a.category).toEqual([ALLERGY_FHIR[option].category]);
      expect(a.patient.reference).toMatch(/^urn:uuid:/);
    }
    expect(ALLERGY_FHIR.Dust.snomed).toBeNull();
    expect(allergies.find((x) => x.code?.text === 'Dust')!.code!.coding).toBeUndefined();

    const conditions = ofType(bundle, 'Condition');
    expect(conditions.map((c) => c.code?.text)).toEqual(['Diabetes', 'Hypertension', 'Gout']);
    expect(conditions[0]!.code!.coding).toEqual([{ system: SNOMED_SYSTEM, ...CONDITION_FHIR.Diabetes! }]);
    // Born 1967-03-14, 5-10 years with diabetes: onset aged 49-54 (on a moved clock, 50-55 at most).
    expect(conditions[0]!.onsetString).toBeUndefined();
    expect(conditions[0]!.onsetRange!.high!.value! - conditions[0]!.onsetRange!.low!.value!).toBe(5);
    expect(conditions[0]!.onsetRange!.low).toMatchObject({ unit: 'a', code: 'a' });
    expect(conditions[2]!.code!.coding).toBeUndefined();
  });

  it('lists each named drug once (no kinds of medicine) and the past surgery', () => {
    const meds = ofType(bundle, 'MedicationStatement').map((m) => m.medicationCodeableConcept?.text);
    expect(meds).toEqual([
      'Metformin 1000 mg twice daily',
      'Empagliflozin 10 mg daily',
      'Ramipril 5 mg daily',
      'Allopurinol',
    ]);
    const [surgery, ...more] = ofType(bundle, 'Procedure');
    expect(more).toEqual([]);
    expect(surgery).toMatchObject({
      status: 'completed',
      code: { text: 'Orthopedic surgery' },
      performedString: '2-5 years ago',
      bodySite: [{ text: 'Legs or feet' }],
      note: [{ text: 'Knee arthroscopy' }],
    });
  });

  it('has height, weight and BMI with LOINC codes and UCUM units, height converted to cm', () => {
    const obs = ofType(bundle, 'Observation');
    const by = (code: string) => obs.find((o) => o.code.coding?.[0]?.code === code)!;
    for (const vital of Object.values(VITAL_FHIR)) {
      const o = by(vital.code);
      expect(o.code.coding![0]!.system).toBe(LOINC_SYSTEM);
      expect(o.valueQuantity).toMatchObject({ unit: vital.unit, code: vital.unit, system: UCUM_SYSTEM });
      expect(o.status).toBe('final');
      expect(o.category?.[0]?.coding?.[0]?.code).toBe('vital-signs');
    }
    // 5 ft 10 in = 70 in = 177.8 cm; 96 kg; BMI 96 / 1.778² = 30.4.
    expect(by(VITAL_FHIR.height.code).valueQuantity!.value).toBe(177.8);
    expect(by(VITAL_FHIR.weight.code).valueQuantity!.value).toBe(96);
    expect(by(VITAL_FHIR.bmi.code).valueQuantity!.value).toBe(30.4);
  });

  it('has a QuestionnaireResponse per visit with that visit’s answers', () => {
    const responses = ofType(bundle, 'QuestionnaireResponse');
    expect(responses).toHaveLength(2);
    for (const r of responses) expect(r.status).toBe('completed');
    const first = responses[0]!.item!.map((i) => i.linkId);
    expect(first).toEqual(expect.arrayContaining(['symptoms', 'chestPainLevel']));
    const symptoms = responses[0]!.item!.find((i) => i.linkId === 'symptoms')!;
    expect(symptoms.answer).toEqual([{ valueString: 'Chest Pain' }, { valueString: 'Shortness of Breath' }]);
    expect(symptoms.text).toBe('What symptoms bring you in today?');
    const second = responses[1]!.item!.map((i) => i.linkId);
    expect(second).toEqual(expect.arrayContaining(['followUpChange', 'followUpNewSymptoms']));
    expect(second).not.toContain('chestPainLevel');
  });

  it('has the appointments with FHIR statuses (a cancelled one included) and the doctor as display', () => {
    const appts = ofType(bundle, 'Appointment');
    expect(appts.map((a) => a.status).sort()).toEqual(
      [APPOINTMENT_STATUS_FHIR.Scheduled, APPOINTMENT_STATUS_FHIR.Cancelled].sort(),
    );
    const cancelled = appts.find((a) => a.status === 'cancelled')!;
    expect(cancelled.cancelationReason).toEqual({ text: 'Feeling better' });
    expect(cancelled.participant.map((p) => p.actor?.display).filter(Boolean)).toEqual(['Dr. Cancelled']);
    // Each ends after the doctor's own consultation length, as its .ics does (45 and the default 30).
    const minutes = (a: (typeof appts)[number]) => (Date.parse(a.end!) - Date.parse(a.start!)) / 60_000;
    expect(minutes(appts.find((a) => a.status === 'booked')!)).toBe(45);
    expect(minutes(cancelled)).toBe(30);
  });

  it('has the documents with a link to the authenticated download (only when there are bytes)', async () => {
    const docs = ofType(bundle, 'DocumentReference');
    expect(docs.map((d) => d.content[0]!.attachment.title).sort()).toEqual(['ecg.pdf', 'letter.pdf']);
    const ecg = docs.find((d) => d.content[0]!.attachment.title === 'ecg.pdf')!;
    expect(ecg.content[0]!.attachment).toMatchObject({ contentType: 'application/pdf', size: 4 });
    const url = ecg.content[0]!.attachment.url!;
    // Absolute (a link in a file must work outside Medora), and behind the same sign-in as the app.
    expect(url).toMatch(new RegExp(`^${APP_URL}/api/patients/${rich.uid}/documents/[0-9a-f-]+/file$`));
    const path = url.slice(APP_URL.length);
    expect((await request(t.http).get(path).set(authHeader(rich))).status).toBe(200);
    expect((await request(t.http).get(path)).status).toBe(401);
    const letter = docs.find((d) => d.content[0]!.attachment.title === 'letter.pdf')!;
    expect(letter.content[0]!.attachment.url).toBeUndefined();
    expect(letter.type).toEqual({ text: expect.not.stringMatching(/^chronicConditions$/) });
  });

  it('format=ips answers an International Patient Summary document (base R4 and IPS rules)', async () => {
    const res = await exportOf(rich, rich.uid, 'ips');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain(FHIR_JSON_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toMatch(
      /filename="?medora-patient-summary-\d{4}-\d{2}-\d{2}\.json"?$/,
    );
    const ips = res.body as Bundle;
    expect(ips.type).toBe('document');
    expect(ips.entry![0]!.resource!.resourceType).toBe('Composition');
    expect(fhirBaseErrors(ips)).toEqual([]);
    expect(ipsRuleErrors(ips)).toEqual([]);
    expectValid(ips);
  });

  it('an unknown format is a 400 with the catalogue message', async () => {
    const res = await exportOf(rich, rich.uid, 'pdf');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(MESSAGES.fhirFormatInvalid);
  });

  it('an almost empty record is a valid Bundle too (a Patient and nothing else)', async () => {
    const empty = await registeredPatient(t);
    const res = await exportOf(empty, empty.uid);
    expect(res.status).toBe(200);
    expectValid(res.body);
    expect(resources(res.body as Bundle).map((r) => r.resourceType)).toEqual(['Patient']);
  });

  it('authorises like the record and audits every read, allowed or denied', async () => {
    const other = await registeredPatient(t);
    const unbooked = await doctorWith(rich.uid, null);
    expect((await exportOf(null, rich.uid)).status).toBe(401);
    expect((await exportOf(other, rich.uid)).status).toBe(403);
    expect((await exportOf(cancelledDoctor, rich.uid)).status).toBe(403);
    expect((await exportOf(unbooked, rich.uid)).status).toBe(403);
    const asDoctor = await exportOf(bookedDoctor, rich.uid);
    expect(asDoctor.status).toBe(200);
    expectValid(asDoctor.body);

    expect(await auditRows(rich.uid, rich.uid)).toEqual(
      expect.arrayContaining([{ action: 'export', resource_type: 'profile', outcome: 'allowed' }]),
    );
    expect(await auditRows(bookedDoctor.uid, rich.uid)).toEqual([
      { action: 'export', resource_type: 'profile', outcome: 'allowed' },
    ]);
    for (const denied of [other, cancelledDoctor, unbooked]) {
      expect(await auditRows(denied.uid, rich.uid)).toEqual([
        { action: 'export', resource_type: 'profile', outcome: 'denied' },
      ]);
    }
  });
});
