import { expect, test, type APIRequestContext } from '@playwright/test';
import { newPatient } from '../support/accounts';
import { submitApplication } from '../support/applicant';
import {
  loginThroughUi,
  signInInEmulator,
  signInWithSession,
  signUpVerifiedInEmulator,
} from '../support/auth';
import { sql } from '../support/db';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * An admin suspends an approved doctor through the API; the doctor signs in and is
 * told so with the admin's reason (not a generic error), and patients can no longer book them.
 */

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A fresh account made admin the way the API tests do it (the server reads the role from its users row). */
async function adminToken(request: APIRequestContext): Promise<string> {
  const user = await signUpVerifiedInEmulator();
  const res = await request.post('/api/users', {
    headers: bearer(user.idToken),
    data: { uid: user.uid, role: 'patient' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await sql(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
  return user.idToken;
}

async function version(id: string): Promise<number> {
  const [row] = await sql<{ version: number }>(`SELECT version FROM doctors WHERE id = $1`, [id]);
  return Number(row!.version);
}

test('a suspended doctor is told why at sign-in, and patients no longer see them', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Dr. Paused ${Date.now().toString(36)}`;
  const doctor = await submitApplication(request, name, { licenseNumber: `LIC-K2-${Date.now()}` });
  const doctorToken = await signInInEmulator(doctor);
  const own = await request.get(`/api/doctors/${doctor.uid}`, { headers: bearer(doctorToken) });
  const id = ((await own.json()) as { data: { id: string } }).data.id;
  const admin = await adminToken(request);
  const approve = await request.post(`/api/admin/doctors/${id}/approve`, {
    headers: bearer(admin),
    data: { version: await version(id) },
  });
  expect(approve.status(), await approve.text()).toBe(200);
  const schedule = await request.put('/api/provider/schedule', {
    headers: bearer(doctorToken),
    data: {
      availableDays: WEEK,
      timeSlots: Object.fromEntries(WEEK.map((d) => [d, ['09:00 AM', '10:30 AM']])),
      timeZone: 'America/New_York',
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(200);

  // A patient's booking list offers the approved doctor...
  const patient = await newPatient(request, true);
  const patientPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInWithSession(patientPage, patient, '/dashboard');
  await expect(patientPage).toHaveURL(/\/dashboard$/);
  await patientPage.goto('/book-appointment');
  await expect(patientPage.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
  const card = patientPage.getByRole('button', { name: new RegExp(name) });
  await expect(card).toBeVisible();

  // ...until an admin suspends them.
  const suspend = await request.post(`/api/admin/doctors/${id}/suspend`, {
    headers: bearer(admin),
    data: { version: await version(id), reason: 'Licence under investigation.' },
  });
  expect(suspend.status(), await suspend.text()).toBe(200);
  await patientPage.reload();
  await expect(patientPage.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
  await expect(patientPage.getByRole('heading', { name: '1. Select a doctor' })).toBeVisible();
  await expect(card).toHaveCount(0);

  // The doctor signs in: the notice with the reason, not the dashboard's generic error.
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await loginThroughUi(page, doctor.email, doctor.password);
  await expect(page.getByRole('heading', { name: 'Account suspended' })).toBeVisible();
  await expect(page).toHaveURL(/\/doctor-onboarding$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your account is suspended' })).toHaveText(
    'Your account is suspended: Licence under investigation. Contact support.',
  );
  await expect(page.getByText('Only approved doctors and providers can open')).toHaveCount(0);

  // Opening the dashboard by its address ends on the same notice.
  await page.goto('/provider-dashboard');
  await expect(page).toHaveURL(/\/doctor-onboarding$/);
  await expect(page.getByRole('heading', { name: 'Account suspended' })).toBeVisible();

  await page.goto('/doctor-onboarding');
  await expect(page.getByRole('heading', { name: 'Account suspended' })).toBeVisible();
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, 'suspended-doctor');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Account suspended' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await expectAccessible(page, { include: null });
});
