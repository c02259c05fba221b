import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughUi, signUpVerifiedInEmulator, type EmulatorUser } from '../support/auth';
import { sql } from '../support/db';
import { tinyPdf } from '../support/accounts';
import { MINIMAL_INTAKE_RECORD as RECORD } from '../support/records';
import { expectAccessible, SHOTS, shotAtWidths } from '../support/screens';

/**
 * A doctor reads the documents of a patient they see: the appointment card lists them (type, date,
 * size), 'View' opens one in the page and 'Download' downloads it, each list, view and download on the
 * audit trail — at 1366 and 390 px, axe clean. The doctor signs in at the 'Patient' card, so the
 * dashboard also says that the account's own role decided where it went.
 */

const ZONE = 'America/Chicago';
const DOCTOR = 'Dr. Dora Docs';
const PATIENT = RECORD.name;
const PDF = tinyPdf('Blood test: haemoglobin 13.5 g/dL');

const auth = (user: EmulatorUser) => ({ Authorization: `Bearer ${user.idToken}` });

async function registered(request: APIRequestContext, role: 'patient' | 'doctor'): Promise<EmulatorUser> {
  const user = await signUpVerifiedInEmulator();
  const res = await request.post('/api/users', { headers: auth(user), data: { uid: user.uid, role } });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** At 390 px: no sideways scroll, and every control on the cards is at least 44 px tall. */
async function expectPhoneFit(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const fit = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    small: [...document.querySelectorAll('article :is(button, summary)')]
      .filter((e) => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 44)
      .map((e) => `${e.tagName} ${e.textContent?.trim() ?? ''}`),
  }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(fit.small).toEqual([]);
  if (size) await page.setViewportSize(size);
}

test("the doctor's appointment card shows the patient's documents: view in the page, download, audited", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const doctorUser = await registered(request, 'doctor');
  const [doctorRow] = await sql<{ id: string }>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, schedule, verification_status,
                          is_available, onboarding_completed, credentials_verified)
     SELECT u.id, $2, u.email, 'Family Medicine', 'Docs Clinic', $3, '{}'::jsonb, 'approved', true, true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [doctorUser.uid, DOCTOR, ZONE],
  );

  const patient = await registered(request, 'patient');
  const saved = await request.post('/api/patients', {
    headers: auth(patient),
    data: { uid: patient.uid, data: RECORD },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const uploaded = await request.post(`/api/patients/${patient.uid}/documents`, {
    headers: auth(patient),
    multipart: {
      file: { name: 'blood-test-results.pdf', mimeType: 'application/pdf', buffer: PDF },
      type: 'Medical Report',
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const named = await request.post(`/api/patients/${patient.uid}/documents`, {
    headers: auth(patient),
    data: { name: 'letter-from-gp.pdf', type: 'medications' },
  });
  expect(named.status(), await named.text()).toBe(201);
  // Tomorrow, 10:00 in the clinic's zone.
  await sql(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
     VALUES ($1, $2, (date_trunc('day', now() AT TIME ZONE '${ZONE}') + interval '1 day 10 hours')
             AT TIME ZONE '${ZONE}', 'Review of results', 'Docs Clinic', 'Family Medicine', $3)`,
    [patient.uid, doctorRow!.id, DOCTOR],
  );

  // The notice about the card chosen at sign-in is under test: the UI sign-in.
  await loginThroughUi(page, doctorUser.email, doctorUser.password);
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  // Signed in at 'Patient': the account's role decided, and the screen says so.
  await expect(page.getByRole('region', { name: 'About your sign-in' })).toHaveText(
    /You chose “Patient”, but this is a doctor account, so Medora opened your doctor pages\./,
  );

  const card = page.getByRole('article', { name: new RegExp(`^Appointment with ${PATIENT} on `) });
  await card.getByText('Documents', { exact: true }).click();
  const list = card.getByRole('list', { name: `Documents of ${PATIENT}` });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const pdfRow = list.getByRole('listitem').filter({ hasText: 'blood-test-results.pdf' });
  await expect(pdfRow).toContainText('Medical report');
  await expect(list.getByRole('listitem').filter({ hasText: 'letter-from-gp.pdf' })).toContainText(
    'Name only, no file',
  );
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, 'provider-documents-card');
  await expectPhoneFit(page);
  // The card alone at phone width, for review at full size.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.screenshot({ path: `${SHOTS}/provider-documents-card-only-390.png` });
  await page.setViewportSize({ width: 1366, height: 900 });

  let popups = 0;
  page.on('popup', () => (popups += 1));
  await pdfRow.getByRole('button', { name: 'View: blood-test-results.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'blood-test-results.pdf' });
  await expect(preview.getByTestId('file-preview')).toHaveAttribute('data-content-type', 'application/pdf');
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, 'provider-documents-preview');
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toHaveCount(0);

  const download = page.waitForEvent('download');
  await pdfRow.getByRole('button', { name: 'Download: blood-test-results.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('blood-test-results.pdf');
  expect(Buffer.compare(readFileSync(await file.path()), PDF)).toBe(0);
  expect(popups).toBe(0);

  // The list, the view and the download are the doctor's rows on the audit trail.
  const rows = await sql<{ action: string; outcome: string }>(
    `SELECT action, outcome FROM audit_log
      WHERE actor_uid = $1 AND resource_type = 'document' AND detail = $2`,
    [doctorUser.uid, `patient ${patient.uid}`],
  );
  const seen = rows.map((r) => `${r.action}:${r.outcome}`);
  expect(seen).toContain('list:allowed');
  expect(seen.filter((r) => r === 'download:allowed')).toHaveLength(2);
});
