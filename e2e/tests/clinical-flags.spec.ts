import { expect, test, type Page } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { registeredUser } from '../support/accounts';
import { sql } from '../support/db';
import { MINIMAL_INTAKE_RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * The clinical summary as a safety net, in the browser: a red flag with its urgency (in words), the
 * answers that raised it and its guidance on the patient's and the doctor's screens; a flag of an
 * earlier visit carried forward until the doctor marks it reviewed; crisis information right after a
 * self-harm disclosure, staying until the patient continues.
 */

const ZONE = 'America/Chicago';
const DOCTOR = 'Dr. Flora Flag';
const SCHEDULE = { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] } };

/** Visit 1: chest pain with cardiac features (NICE CG95: an emergency). */
const FIRST_VISIT = {
  ...MINIMAL_INTAKE_RECORD,
  name: 'Chris Carter',
  gender: 'Male',
  dob: '1966-03-01',
  hasChildren: undefined,
  medicationClasses: ['None'],
  riskMedicines: ['None of these'],
  travelAbroad: 'No',
  symptoms: ['Chest Pain'],
  chestPainLevel: 'Severe (7-8 out of 10)',
  chestPainDuration: 'Less than 24 hours',
  chestPainType: 'Pressure, squeezing or tightness',
  chestPainLocation: ['Center of the chest', 'Spreads to the left arm'],
  chestPainTriggers: ['Physical exertion'],
  chestPainAssociated: ['Sweating'],
};

/** Visit 2, a follow-up: fainting during exercise is new (NICE CG109: same day). */
const FOLLOW_UP = {
  followUpChange: 'Worse',
  followUpNewSymptoms: ['Fainting'],
  faintingFrequency: 'Once',
  faintingLast: 'Today',
  faintingSituation: 'During exercise',
  faintingWarning: ['Light-headedness or tunnel vision'],
};

/** 'YYYY-MM-DD' `days` after today in the clinic's zone. */
function clinicDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a red flag with its urgency, evidence and guidance for the patient and the doctor; the doctor reviews a carried flag', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const patient = await registeredUser(request, 'patient');
  const auth = { Authorization: `Bearer ${patient.idToken}` };
  const first = await request.post('/api/patients', {
    headers: auth,
    data: { uid: patient.uid, data: FIRST_VISIT },
  });
  expect(first.status(), await first.text()).toBe(201);
  // The follow-up as the intake page sends it: the stored profile's facts and the new answers.
  const stored = (await (await request.get(`/api/patients/${patient.uid}`, { headers: auth })).json()) as {
    data: Record<string, unknown>;
  };
  const { symptoms: _s, ...facts } = stored.data;
  const second = await request.post('/api/patients', {
    headers: auth,
    data: {
      uid: patient.uid,
      kind: 'follow-up',
      data: { ...facts, visitType: 'Follow-up Visit', travelAbroad: 'No', ...FOLLOW_UP },
    },
  });
  expect(second.status(), await second.text()).toBe(200);

  // The patient's summary tab: this visit's flag and the earlier one, urgency in words, evidence.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  const flags = page.getByTestId('summary-red-flags');
  const flag = flags.getByTestId('summary-flag').first();
  await expect(flag).toContainText('Urgency: Same day');
  await expect(flag).toContainText('Fainting: What were you doing? — During exercise');
  await expect(flag).toContainText('Please get seen today');
  const earlier = page.getByTestId('summary-previous-flags');
  await expect(earlier).toContainText('Previously flagged');
  await expect(earlier).toContainText('Urgency: Emergency now');
  await expect(earlier).toContainText(
    'Chest Pain: Where is the pain, and does it spread? — Spreads to the left arm',
  );
  await expect(page.getByTestId('summary-engine')).toHaveText('Written by: Medora rule engine (no AI)');
  await shotAtWidths(page, 'clinical-flags-patient', async () => {
    expect(await noSidewaysScroll(page)).toBe(true);
  });
  await expectAccessible(page);

  // The doctor's card: the same flags with the guidance, and Mark reviewed on the carried one.
  const doctorUser = await registeredUser(request, 'doctor');
  const [doctorRow] = await sql<{ id: string }>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, schedule, verification_status,
                          is_available, onboarding_completed, credentials_verified)
     SELECT u.id, $2, u.email, 'Cardiology', 'Flag Clinic', $3, $4::jsonb, 'approved', true, true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [doctorUser.uid, DOCTOR, ZONE, JSON.stringify(SCHEDULE)],
  );
  await sql(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
     VALUES ($1, $2, ($3 || ' 09:00')::timestamp AT TIME ZONE $4, 'Review', 'Flag Clinic', 'Cardiology', $5)`,
    [patient.uid, doctorRow!.id, clinicDate(1), ZONE, DOCTOR],
  );
  // Another browser context: the doctor's own sign-in, nothing of the patient's.
  const doctorContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const doctorPage = await doctorContext.newPage();
  await signInWithSession(doctorPage, doctorUser, '/provider-dashboard');
  await expect(doctorPage).toHaveURL(/\/provider-dashboard$/);
  const card = doctorPage.getByRole('article', { name: /^Appointment with Chris Carter on / });
  await expect(card.getByText('Most urgent: Same day', { exact: false })).toBeVisible();
  await card.getByText('Clinical summary').click();
  const doctorFlag = card.getByTestId('provider-flag').first();
  await expect(doctorFlag).toContainText('Urgency: Same day');
  await expect(doctorFlag).toContainText('Fainting: What were you doing? — During exercise');
  await expect(doctorFlag).toContainText('Guidance: NICE CG109');
  const carried = card.getByTestId('provider-previous-flags');
  await expect(carried).toContainText('Urgency: Emergency now');
  await expect(carried).toContainText('Guidance: NICE CG95');
  await shotAtWidths(doctorPage, 'clinical-flags-doctor', async () => {
    expect(await noSidewaysScroll(doctorPage)).toBe(true);
  });
  await expectAccessible(doctorPage, { include: null });
  const review = carried.getByRole('button', { name: /^Mark reviewed: / });
  const box = (await review.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await review.click();
  await expect(card.getByTestId('provider-previous-flags')).toHaveCount(0);
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'flag.review' AND actor_uid = $1 AND outcome = 'allowed'`,
    [doctorUser.uid],
  );
  expect(row!.n).toBe(1);
  await doctorContext.close();
});

test('crisis information right after a self-harm disclosure, until the patient continues', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The page's clock is ours: the test moves it on to show that nothing redirects.
  await page.clock.install();
  const patient = await registeredUser(request, 'patient');
  const saved = await request.post('/api/patients', {
    headers: { Authorization: `Bearer ${patient.idToken}` },
    data: { uid: patient.uid, data: { ...MINIMAL_INTAKE_RECORD, medicationClasses: ['None'] } },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/form?mode=follow-up');
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'What are your height and weight?' })).toBeVisible();
  await next();
  await expect(page.getByRole('heading', { name: 'Could you be pregnant?' })).toBeVisible();
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await next();
  await expect(
    page.getByRole('heading', { name: 'Have you travelled outside your home country in the last 3 months?' }),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await next();
  await page.getByRole('radio', { name: 'Worse' }).check();
  await next();
  await next();
  await page.getByRole('textbox').fill('I have been planning how to end my life');
  await next();
  await page.getByRole('button', { name: 'Continue to File Upload' }).click();
  await page.getByRole('button', { name: 'Finish & Submit' }).click();

  const crisis = page.getByTestId('crisis-info');
  await expect(crisis.getByRole('heading', { name: 'Please get support now' })).toBeVisible();
  await expect(crisis).toContainText('call 999');
  await expect(crisis).toContainText('Samaritans, 116 123');
  // It stays: five seconds on (the usual redirect is after 800 ms), still here.
  await page.clock.runFor(5000);
  await expect(page).toHaveURL(/\/form/);
  await expect(crisis).toBeVisible();
  await shotAtWidths(page, 'clinical-crisis', async () => {
    expect(await noSidewaysScroll(page)).toBe(true);
  });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue to my dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  // The summary the doctor will read marks it, and the flag is an emergency.
  const flag = page.getByTestId('summary-flag').first();
  await expect(flag).toContainText('Urgency: Emergency now');
  await expect(flag).toContainText('planning how to end');
});
