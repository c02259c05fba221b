import request from 'supertest';
import type { Bundle, FhirResource } from 'fhir/r4.js';
import {
  FHIR_IMPORT_MAX_ENTRIES,
  formatMessage,
  MESSAGES,
  NONE_KNOWN_FHIR,
  SNOMED_SYSTEM,
  type FhirImportResult,
  type ImportedRecordItem,
  type ImportedRecordsPage,
} from '@medora/shared';
import { encodeCursor } from '../src/common/keyset-cursor.js';
import { CHEST_PAIN_RECORD } from '../src/summary/summary.fixtures.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';
import { registeredPatient } from './booking-helpers.js';
import { fhirSchemaErrors } from './support/fhir-schema.js';
import { fhirBaseErrors, ipsRuleErrors } from './support/fhir-ips-rules.js';

/** `POST /api/patients/{uid}/fhir`: a record from another system, its items confirmed one by one. */

let t: TestApp;
const APP_URL = 'https://medora.example';

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { PUBLIC_APP_URL: APP_URL } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Allergies (coded and free text), conditions, medicines, height and weight; no surgery. */
const RECORD = {
  ...CHEST_PAIN_RECORD,
  allergyList: ['Penicillin', 'Peanuts', 'Dust'],
  allergies: 'Ibuprofen: swelling',
  chronicOther: 'Gout',
  medicationOther: 'Allopurinol',
};

const KINDS = ['AllergyIntolerance', 'Condition', 'MedicationStatement', 'Observation'] as const;

const exportOf = async (user: TestUser, format: 'collection' | 'ips') => {
  const res = await request(t.http)
    .get(`/api/patients/${user.uid}/fhir?format=${format}`)
    .set(authHeader(user));
  expect(res.status).toBe(200);
  return res.body as Bundle;
};
const importInto = (user: TestUser, body: unknown) =>
  request(t.http)
    .post(`/api/patients/${user.uid}/fhir`)
    .set(authHeader(user))
    .send(body as object);
const listOf = (caller: TestUser, uid: string) =>
  request(t.http).get(`/api/patients/${uid}/fhir/imported`).set(authHeader(caller));
const decide = (caller: TestUser, uid: string, id: string, decision: 'confirm' | 'dismiss') =>
  request(t.http).post(`/api/patients/${uid}/fhir/imported/${id}/${decision}`).set(authHeader(caller));

const resources = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource as FhirResource);

/** Keys in order: jsonb keeps an object's keys in its own order, which says nothing about the content. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * What a round trip must keep: each kept resource's codes, texts, statuses and values, without its
 * id, timestamps, the patient it is about and the tag that says it was imported.
 */
function clinicalContent(bundle: Bundle): Record<string, string[]> {
  const dropped = new Set([
    'id',
    'meta',
    'patient',
    'subject',
    'informationSource',
    'recordedDate',
    'dateAsserted',
    'effectiveDateTime',
  ]);
  const out: Record<string, string[]> = {};
  for (const kind of KINDS) {
    out[kind] = resources(bundle)
      .filter((r) => r.resourceType === kind)
      .map((r) =>
        JSON.stringify(canonical(Object.fromEntries(Object.entries(r).filter(([k]) => !dropped.has(k))))),
      )
      .sort();
  }
  return out;
}

async function auditOf(actorUid: string, action: string) {
  return t.dataSource.query<{ outcome: string; detail: string | null; resource_type: string }[]>(
    `SELECT outcome, detail, resource_type FROM audit_log WHERE actor_uid = $1 AND action = $2
      ORDER BY created_at, id`,
    [actorUid, action],
  );
}

describe('FHIR import: round trip', () => {
  let source: TestUser;

  beforeAll(async () => {
    source = await registeredPatient(t);
    const res = await request(t.http)
      .post('/api/patients')
      .set(authHeader(source))
      .send({ uid: source.uid, data: RECORD });
    expect(res.status).toBe(201);
  }, 60_000);

  it.each(['collection', 'ips'] as const)(
    'a %s export imported into a fresh account, all confirmed, exports the same clinical content',
    async (format) => {
      const first = await exportOf(source, format);
      const before = clinicalContent(first);
      // The record really has each kind: the comparison below is not between empty lists.
      for (const kind of KINDS) expect(before[kind]!.length).toBeGreaterThan(0);

      const fresh = await registeredPatient(t);
      const imported = await importInto(fresh, first);
      expect(imported.status).toBe(201);
      const result = imported.body as FhirImportResult;
      const expected = KINDS.reduce((n, k) => n + before[k]!.length, 0);
      expect(result.imported).toBe(expected);
      expect(result.items.every((i) => i.status === 'pending')).toBe(true);
      if (format === 'ips') {
        expect(result.items[0]!.sourceName).toBe('Medora');
        expect(result.items[0]!.sourceIdentifier).toBe(
          `${first.identifier!.system}|${first.identifier!.value}`,
        );
      }
      expect(result.items.find((i) => i.text === 'Penicillin')).toMatchObject({
        kind: 'allergy',
        codeSystem: SNOMED_SYSTEM,
        absence: false,
      });

      // Nothing pending is exported.
      const pending = await exportOf(fresh, format);
      for (const kind of KINDS) expect(clinicalContent(pending)[kind]).toEqual([]);

      for (const item of result.items) {
        const res = await decide(fresh, fresh.uid, item.id, 'confirm');
        expect(res.status).toBe(200);
        expect((res.body as ImportedRecordItem).status).toBe('confirmed');
      }
      const again = await exportOf(fresh, format);
      expect(clinicalContent(again)).toEqual(before);
      for (const r of resources(again).filter((x) => (KINDS as readonly string[]).includes(x.resourceType))) {
        expect(r.meta?.tag).toEqual([
          { system: `${APP_URL}/fhir/tags`, code: 'imported', display: 'Imported from another system' },
        ]);
      }
      expect(fhirSchemaErrors(again).slice(0, 5)).toEqual([]);
      expect(fhirBaseErrors(again)).toEqual([]);
      // The fresh account never answered the intake, so its Patient has no name (ips-pat-1): that is
      // the account's, not the import's; every other IPS rule must hold.
      if (format === 'ips') {
        expect(ipsRuleErrors(again).filter((e) => !e.startsWith('ips-pat-1:'))).toEqual([]);
      }
    },
    60_000,
  );
});

describe('FHIR import: what is kept', () => {
  const subject = { reference: 'urn:uuid:7f8e2d1c-0000-4000-8000-000000000001' };
  const bundle = (entries: object[], type = 'collection') => ({
    resourceType: 'Bundle',
    id: 'elsewhere-1',
    type,
    entry: entries.map((resource) => ({ resource })),
  });

  it('keeps absence statements as such, resolves a Medication reference and drops other references', async () => {
    const user = await registeredPatient(t);
    const res = await importInto(
      user,
      bundle([
        { resourceType: 'Patient', id: 'p1' },
        {
          resourceType: 'AllergyIntolerance',
          code: { coding: [{ system: SNOMED_SYSTEM, ...NONE_KNOWN_FHIR.allergies }] },
          patient: subject,
        },
        { resourceType: 'Medication', id: 'm1', code: { text: 'Atorvastatin 20 mg' } },
        {
          resourceType: 'MedicationStatement',
          status: 'active',
          medicationReference: { reference: 'Medication/m1' },
          subject,
          derivedFrom: [subject],
        },
        {
          resourceType: 'Observation',
          status: 'final',
          code: { text: 'HbA1c' },
          valueQuantity: { value: 6.9, unit: '%' },
          subject,
        },
      ]),
    );
    expect(res.status).toBe(201);
    const items = (res.body as FhirImportResult).items;
    expect(items.map((i) => [i.kind, i.text, i.absence])).toEqual([
      ['allergy', 'No known allergy', true],
      ['medication', 'Atorvastatin 20 mg', false],
      ['observation', 'HbA1c: 6.9 %', false],
    ]);
    expect(items[0]!.sourceBundleId).toBe('elsewhere-1');
    const [stored] = await t.dataSource.query<{ resource: Record<string, unknown> }[]>(
      `SELECT resource FROM imported_record_items WHERE patient_uid = $1 AND kind = 'medication'`,
      [user.uid],
    );
    expect(stored!.resource).toEqual({
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: { text: 'Atorvastatin 20 mg' },
    });
    const rows = await auditOf(user.uid, 'record.import');
    expect(rows).toEqual([
      { outcome: 'allowed', detail: '3 of 5 entries kept (1 absence statements)', resource_type: 'profile' },
    ]);
  });

  it('answers 400 with the catalogue message for each kind of bad Bundle, and audits the refusal', async () => {
    const user = await registeredPatient(t);
    const cases: [unknown, string][] = [
      [{ resourceType: 'Patient' }, MESSAGES.fhirImportNotBundle],
      [[1, 2], MESSAGES.fhirImportNotBundle],
      [bundle([], 'searchset'), MESSAGES.fhirImportWrongType],
      [
        bundle(Array.from({ length: FHIR_IMPORT_MAX_ENTRIES + 1 }, () => ({ resourceType: 'Basic' }))),
        formatMessage('fhirImportTooManyEntries', { max: FHIR_IMPORT_MAX_ENTRIES }),
      ],
      [{ ...bundle([]), entry: [{ fullUrl: 'x' }] }, MESSAGES.fhirImportEntryInvalid],
      [
        bundle([{ resourceType: 'Patient' }, { resourceType: 'Condition', subject }]),
        formatMessage('fhirImportResourceInvalid', { index: 1, resourceType: 'Condition', field: 'code' }),
      ],
      [
        bundle([
          { resourceType: 'MedicationStatement', status: 'active', medicationReference: { reference: 'x' } },
        ]),
        formatMessage('fhirImportResourceInvalid', {
          index: 0,
          resourceType: 'MedicationStatement',
          field: 'medicationReference',
        }),
      ],
      [bundle([{ resourceType: 'Patient' }]), MESSAGES.fhirImportNothing],
    ];
    for (const [body, message] of cases) {
      const res = await importInto(user, body);
      expect({ status: res.status, message: (res.body as { message: string }).message }).toEqual({
        status: 400,
        message,
      });
    }
    // The route's own refusals (after the access check) are audited as rejected; none was stored.
    const rows = await auditOf(user.uid, 'record.import');
    expect(rows.map((r) => r.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    const [{ count }] = await t.dataSource.query<{ count: string }[]>(
      `SELECT count(*) FROM imported_record_items WHERE patient_uid = $1`,
      [user.uid],
    );
    expect(count).toBe('0');
  });
});

describe('FHIR import: who decides', () => {
  it('only the owner imports and decides; a stranger gets 403, another patient’s id 404', async () => {
    const owner = await registeredPatient(t);
    const other = await registeredPatient(t);
    const stranger = await signUpUser();
    const body = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Condition', code: { text: 'Asthma' } } },
        { resource: { resourceType: 'Condition', code: { text: 'Eczema' } } },
      ],
    };
    expect((await importInto(other, body)).status).toBe(201);
    expect(
      (await request(t.http).post(`/api/patients/${owner.uid}/fhir`).set(authHeader(other)).send(body))
        .status,
    ).toBe(403);
    const res = await importInto(owner, body);
    const [asthma, eczema] = (res.body as FhirImportResult).items.sort((a, b) =>
      a.text.localeCompare(b.text),
    );
    const otherItems = ((await listOf(other, other.uid)).body as ImportedRecordsPage).items;

    expect((await decide(other, owner.uid, asthma!.id, 'confirm')).status).toBe(403);
    expect((await decide(owner, owner.uid, otherItems[0]!.id, 'confirm')).status).toBe(404);
    expect((await listOf(stranger, owner.uid)).status).toBe(403);

    expect((await decide(owner, owner.uid, asthma!.id, 'confirm')).status).toBe(200);
    const dismissed = await decide(owner, owner.uid, eczema!.id, 'dismiss');
    expect((dismissed.body as ImportedRecordItem).status).toBe('dismissed');
    const page = (await listOf(owner, owner.uid)).body as ImportedRecordsPage;
    expect(page.nextCursor).toBeNull();
    const list = page.items;
    expect(list.map((i) => [i.text, i.status]).sort()).toEqual([
      ['Asthma', 'confirmed'],
      ['Eczema', 'dismissed'],
    ]);
    expect((await auditOf(owner.uid, 'record.import.confirm')).map((r) => r.outcome)).toEqual([
      'not_found',
      'allowed',
    ]);
    expect((await auditOf(other.uid, 'record.import.confirm')).map((r) => r.outcome)).toEqual(['denied']);
  });
});

describe('FHIR import: what the record’s other readers see', () => {
  it('a doctor caring for the patient lists only the confirmed items, and the patient sees that read', async () => {
    const owner = await registeredPatient(t);
    const res = await importInto(owner, {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Condition', code: { text: 'Asthma' } } },
        { resource: { resourceType: 'Condition', code: { text: 'Eczema' } } },
      ],
    });
    const items = (res.body as FhirImportResult).items;
    const asthma = items.find((i) => i.text === 'Asthma')!;
    expect((await decide(owner, owner.uid, asthma.id, 'confirm')).status).toBe(200);

    const doctor = await signUpUser();
    await request(t.http)
      .post('/api/users')
      .set(authHeader(doctor))
      .send({ uid: doctor.uid, role: 'doctor' });
    await t.dataSource.query(
      `WITH d AS (
         INSERT INTO doctors (user_id, name, specialty, clinic, verification_status, onboarding_completed)
         VALUES ((SELECT id FROM users WHERE firebase_uid = $1), 'Dr. Import', 'Cardiology', 'Heart Clinic',
                 'approved', true)
         RETURNING id
       )
       INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, clinic, specialty, doctor_name)
       SELECT $2, d.id, now() + interval '2 days', 'Scheduled', 'Heart Clinic', 'Cardiology', 'Dr. Import' FROM d`,
      [doctor.uid, owner.uid],
    );
    const seen = await listOf(doctor, owner.uid);
    expect(seen.status).toBe(200);
    expect((seen.body as ImportedRecordsPage).items.map((i) => [i.text, i.status])).toEqual([
      ['Asthma', 'confirmed'],
    ]);
    expect(((await listOf(owner, owner.uid)).body as ImportedRecordsPage).items.length).toBe(2);
    // The doctor's list (confirmed items only) and the owner's are two lists: one's cursor is not the other's.
    const ownersCursor = encodeCursor(
      { list: 'imported-items', uid: owner.uid, confirmedOnly: false },
      { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' },
    );
    const foreign = await request(t.http)
      .get(`/api/patients/${owner.uid}/fhir/imported?cursor=${ownersCursor}`)
      .set(authHeader(doctor));
    expect([foreign.status, foreign.body.message]).toEqual([400, MESSAGES.listCursorInvalid]);

    const log = await request(t.http).get(`/api/patients/${owner.uid}/access-log`).set(authHeader(owner));
    expect((log.body as { items: { what: string }[] }).items.map((e) => e.what)).toContain(
      MESSAGES.accessLogWhatImported,
    );
  });
});
