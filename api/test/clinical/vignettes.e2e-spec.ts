import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import {
  ALL_QUESTIONS,
  chronicFollowUp,
  FLAG_CONCEPT_IDS,
  MESSAGES,
  pregnancyQuestionApplies,
  profileFacts,
  pruneAnswers,
  startReturning,
  symptomFollowUp,
  urgencyRank,
  type FlagConcept,
  type FlagUrgency,
  type IntakeAnswers,
  type PatientResponse,
  type SummaryFlag,
} from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from '../helpers.js';

/*
 * The vignette harness: every case of the independent corpus (cases/*.json, written from published
 * guidance by someone who has not read the rules) is entered through the API as a new patient, the
 * way the intake page sends it, and the summary the patient and the doctor read after the last visit
 * is scored. Sensitivity = expected flags found (concept, urgency at least as urgent) ÷ expected;
 * a benign case (no expected flag) raising any flag is a false alarm. The suite fails below 95 %
 * sensitivity, above 10 % false alarms, or with fewer than 150 cases.
 */

interface Case {
  id: string;
  title: string;
  source: string;
  patient: { ageYears: number; gender: string };
  visits: { answers: IntakeAnswers }[];
  expect: {
    flags: { concept: FlagConcept; urgency: FlagUrgency }[];
    notFlags: FlagConcept[];
    crisis?: boolean;
  };
}

const here = dirname(fileURLToPath(import.meta.url));
const CASES_DIR = join(here, 'cases');
const MIN_CASES = 150;
const MIN_SENSITIVITY = 0.95;
const MAX_FALSE_ALARM_RATE = 0.1;

function loadCases(): Case[] {
  let files: string[];
  try {
    files = readdirSync(CASES_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    // No corpus yet: the count check below fails with a clear number.
    files = [];
  }
  return files.sort().flatMap((f) => JSON.parse(readFileSync(join(CASES_DIR, f), 'utf8')) as Case[]);
}

/**
 * The harness's "now", fixed once when the suite loads: the API computes ages with the process clock
 * (which the test runner may move, MEDORA_TEST_CLOCK), so the birthday sits 100 days before this
 * instant and every age is the case's `ageYears` for the whole run, whatever day it is.
 */
const NOW = new Date();
/** Birthday 100 days before NOW, so `ageYears` is the age on NOW. */
function dobFor(ageYears: number): string {
  const d = new Date(NOW.getTime() - 100 * 86_400_000);
  d.setUTCFullYear(d.getUTCFullYear() - ageYears);
  return d.toISOString().slice(0, 10);
}

const questionByField = new Map(ALL_QUESTIONS.map((q) => [q.field, q]));
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The first option of each required detail question of the chosen topics that the case left out. */
function fillTopicDefaults(a: IntakeAnswers, topics: ReturnType<typeof symptomFollowUp>[]): void {
  for (const topic of topics) {
    for (const q of topic?.questions ?? []) {
      if (a[q.field] !== undefined || q.optional || !q.options?.length) continue;
      a[q.field] = q.type === 'multiselect' ? [q.options[0]!] : q.options[0]!;
    }
  }
}

/** Visit 1 as the intake sends it: the case's answers over the harness defaults. */
function firstVisit(c: Case): IntakeAnswers {
  const a: IntakeAnswers = {
    name: 'Vignette Patient',
    gender: c.patient.gender,
    dob: dobFor(c.patient.ageYears),
    heightWeight: { heightFeet: 5, heightInches: 7, weight: 70 },
    visitType: 'New Appointment',
    allergyList: ['None'],
    chronicConditions: ['None'],
    medicationClasses: ['None'],
    riskMedicines: ['None of these'],
    pastSurgeries: 'No',
    smokingStatus: 'Never',
    alcoholUse: 'None',
    hasChildren: 'No',
    travelAbroad: 'No',
    ...c.visits[0]!.answers,
  };
  if (a.pregnancyStatus === undefined && pregnancyQuestionApplies(a, NOW)) a.pregnancyStatus = 'No';
  fillTopicDefaults(a, [...list(a.symptoms), ...list(a.additionalSymptoms)].map(symptomFollowUp));
  fillTopicDefaults(a, list(a.chronicConditions).map(chronicFollowUp));
  return pruneAnswers(a, NOW);
}

/** A later visit as the intake page sends a follow-up: the stored profile's facts and the answers. */
function laterVisit(stored: IntakeAnswers, answers: IntakeAnswers): IntakeAnswers {
  const a: IntakeAnswers = { ...startReturning(profileFacts(stored), 'followUp'), ...answers };
  if (a.pregnancyStatus === undefined && pregnancyQuestionApplies(a, NOW)) a.pregnancyStatus = 'No';
  if (a.travelAbroad === undefined) a.travelAbroad = 'No';
  if (a.followUpChange === undefined) a.followUpChange = 'About the same';
  fillTopicDefaults(a, list(a.followUpNewSymptoms).map(symptomFollowUp));
  return pruneAnswers(a, NOW);
}

interface Outcome {
  c: Case;
  flags: SummaryFlag[];
  found: { concept: FlagConcept; urgency: FlagUrgency; ok: boolean; underTriaged: boolean }[];
  notFlagsRaised: FlagConcept[];
  crisisShown: boolean;
  saidNoRedFlags: boolean;
  hadFreeText: boolean;
  error?: string;
}

const FREE_TEXT = ALL_QUESTIONS.filter(
  (q) => (q.type === 'text' || q.type === 'textarea') && q.field !== 'name',
).map((q) => q.field);

let t: TestApp;
const cases = loadCases();
const outcomes: Outcome[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function run(c: Case): Promise<Outcome> {
  const user: TestUser = await signUpUser();
  await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role: 'patient' });
  let crisisShown = false;
  let hadFreeText = false;
  let last: PatientResponse | null = null;
  for (const [i, visit] of c.visits.entries()) {
    const data = i === 0 ? firstVisit(c) : laterVisit(last!.data, visit.answers);
    hadFreeText ||= [...FREE_TEXT, 'followUpNotes'].some(
      (f) => typeof data[f] === 'string' && String(data[f]).trim() !== '',
    );
    const res = await request(t.http)
      .post('/api/patients')
      .set(authHeader(user))
      .send({ uid: user.uid, data, ...(i === 0 ? {} : { kind: 'follow-up' }) });
    if (res.status !== 201 && res.status !== 200) {
      throw new Error(`visit ${i + 1} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 400)}`);
    }
    crisisShown ||= Boolean((res.body as PatientResponse).crisis);
    last = (await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user)))
      .body as PatientResponse;
  }
  const summary = last!.aiSummary!;
  const flags = [...(summary.flags ?? []), ...(summary.previousFlags ?? [])];
  const found = c.expect.flags.map((e) => {
    const same = flags.filter((f) => f.concept === e.concept);
    const ok = same.some((f) => urgencyRank(f.urgency) <= urgencyRank(e.urgency));
    return { ...e, ok, underTriaged: !ok && same.length > 0 };
  });
  return {
    c,
    flags,
    found,
    notFlagsRaised: c.expect.notFlags.filter((n) => flags.some((f) => f.concept === n)),
    crisisShown,
    saidNoRedFlags: summary.text.includes(MESSAGES.summaryRedFlagsNone),
    hadFreeText,
  };
}

describe('clinical vignette corpus', () => {
  it(`loads at least ${MIN_CASES} cases that state expectations in the concept vocabulary`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);
    for (const c of cases) {
      for (const f of c.expect.flags)
        expect([c.id, FLAG_CONCEPT_IDS.includes(f.concept)]).toEqual([c.id, true]);
      for (const n of c.expect.notFlags) expect([c.id, FLAG_CONCEPT_IDS.includes(n)]).toEqual([c.id, true]);
      for (const v of c.visits) {
        for (const field of Object.keys(v.answers)) {
          expect([
            c.id,
            field,
            questionByField.has(field) ||
              ['followUpChange', 'followUpNewSymptoms', 'followUpNotes', 'name', 'visitType'].includes(field),
          ]).toEqual([c.id, field, true]);
        }
      }
    }
  });

  it('enters every case through the API and reads the summary after the last visit', async () => {
    for (const c of cases) {
      try {
        outcomes.push(await run(c));
      } catch (error) {
        outcomes.push({
          c,
          flags: [],
          found: c.expect.flags.map((e) => ({ ...e, ok: false, underTriaged: false })),
          notFlagsRaised: [],
          crisisShown: false,
          saidNoRedFlags: false,
          hadFreeText: false,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    expect(outcomes.filter((o) => o.error).map((o) => `${o.c.id}: ${o.error}`)).toEqual([]);
  }, 1_800_000);

  it(`finds at least ${MIN_SENSITIVITY * 100} % of expected flags and alarms on at most ${MAX_FALSE_ALARM_RATE * 100} % of benign cases`, () => {
    const expected = outcomes.flatMap((o) => o.found.map((f) => ({ ...f, id: o.c.id })));
    const found = expected.filter((f) => f.ok).length;
    const sensitivity = expected.length ? found / expected.length : 0;
    const benign = outcomes.filter((o) => o.c.expect.flags.length === 0);
    const falseAlarms = benign.filter((o) => o.flags.length > 0);
    const falseAlarmRate = benign.length ? falseAlarms.length / benign.length : 0;
    const missesByConcept = new Map<string, string[]>();
    for (const m of expected.filter((f) => !f.ok)) {
      missesByConcept.set(m.concept, [
        ...(missesByConcept.get(m.concept) ?? []),
        m.underTriaged ? `${m.id} (under-triaged)` : m.id,
      ]);
    }
    const report = [
      `Vignettes: ${outcomes.length} cases, ${expected.length} expected flags, ${benign.length} benign`,
      `Sensitivity: ${found}/${expected.length} = ${(sensitivity * 100).toFixed(1)} %`,
      `False alarms on benign cases: ${falseAlarms.length}/${benign.length} = ${(falseAlarmRate * 100).toFixed(1)} %` +
        (falseAlarms.length
          ? ` (${falseAlarms.map((o) => `${o.c.id}: ${o.flags.map((f) => f.concept).join('+')}`).join(', ')})`
          : ''),
      `Misses by concept:${missesByConcept.size ? '' : ' none'}`,
      ...[...missesByConcept].map(([concept, ids]) => `  ${concept}: ${ids.join(', ')}`),
      `notFlags raised: ${
        outcomes
          .filter((o) => o.notFlagsRaised.length)
          .map((o) => `${o.c.id} (${o.notFlagsRaised.join(', ')})`)
          .join(', ') || 'none'
      }`,
    ].join('\n');
    console.log(report);
    expect(outcomes.length).toBeGreaterThanOrEqual(MIN_CASES);
    expect(sensitivity).toBeGreaterThanOrEqual(MIN_SENSITIVITY);
    expect(falseAlarmRate).toBeLessThanOrEqual(MAX_FALSE_ALARM_RATE);
  });

  it('shows crisis information for every case that expects it', () => {
    const missing = outcomes.filter((o) => o.c.expect.crisis === true && !o.crisisShown).map((o) => o.c.id);
    expect(missing).toEqual([]);
  });

  it('never says "No red flags found" over free text', () => {
    expect(outcomes.filter((o) => o.hadFreeText && o.saidNoRedFlags).map((o) => o.c.id)).toEqual([]);
  });
});
