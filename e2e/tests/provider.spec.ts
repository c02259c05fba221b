import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { loginThroughUi, signInWithSession, uniqueEmail } from '../support/auth';
import { sql } from '../support/db';
import { dayLabel } from '../support/dates';
import { AUTH_EMULATOR_URL } from '../support/stack';
import { MINIMAL_INTAKE_RECORD as RECORD } from '../support/records';
import { expectAccessible, shot, shotAtWidths } from '../support/screens';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A one-page PDF the browser's viewer renders (the admin's in-page preview). */
const PAGE_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 120] /Contents 4 0 R',
    '/Resources << /Font << /F1 5 0 R >> >> >> endobj',
    '4 0 obj << /Length 44 >> stream',
    'BT /F1 18 Tf 20 60 Td (Medical degree) Tj ET',
    'endstream endobj',
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);
const file = (name: string, buffer: Buffer, mimeType: string) => ({ name, buffer, mimeType });

async function emulator(path: string, body: object, auth?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.ok, JSON.stringify(json)).toBe(true);
  return json;
}

/** Signs in through the emulator's REST API and marks the address verified; returns uid and a fresh token. */
async function verifiedToken(email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const first = await emulator('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  await emulator('accounts:update', { localId: first.localId, emailVerified: true }, 'Bearer owner');
  const again = await emulator('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: again.localId as string, idToken: again.idToken as string };
}

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a doctor applies, an admin approves, the doctor completes a visit with a prescription', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('doctor');
  const password = 'secret123';
  const name = `Dr. Test ${Date.now().toString(36)}`;

  // 1. Sign-up: the account, then the four steps with real files.
  await page.goto('/doctor-signup?role=doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Doctor sign up' })).toBeVisible();
  await shotAtWidths(page, 'provider-signup-account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }),
  ).toBeVisible();
  await shotAtWidths(page, 'provider-signup-personal-error');
  await page.getByLabel('Full name *').fill(name);
  await page.getByLabel('Phone *').fill('5551234567');
  await page.getByLabel('Gender *').selectOption('Female');
  await page.getByLabel('Date of birth *').fill('1980-01-02');
  await shotAtWidths(page, 'provider-signup-personal');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Professional Details' })).toBeVisible();
  // The 16 specialties only: a select, not free text.
  await page.getByLabel('Specialty *').selectOption('General Medicine');
  await page.getByLabel('Qualification *').fill('MD');
  await page.getByLabel('Years of experience *').fill('8');
  await page.getByLabel('License number *').fill('MA-778899');
  await page.getByLabel('NPI number (optional)').fill('1234567890');
  await shotAtWidths(page, 'provider-signup-professional');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Clinic Information' })).toBeVisible();
  await page.getByLabel('Clinic name *').fill('Harbor Family Clinic');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please fill in clinic name, city, and state' }),
  ).toBeVisible();
  await shotAtWidths(page, 'provider-signup-clinic-error');
  await page.getByLabel('City *').fill('Boston');
  await page.getByLabel('State *').fill('MA');
  await shotAtWidths(page, 'provider-signup-clinic');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Upload Documents' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Please upload Medical Degree, Medical License, and Identity Proof' }),
  ).toBeVisible();
  await shotAtWidths(page, 'provider-signup-documents-error');
  await page.getByLabel('Medical Degree *').setInputFiles(file('degree.pdf', PDF, 'application/pdf'));
  await page.getByLabel('Medical License *').setInputFiles(file('license.png', PNG, 'image/png'));
  await page.getByLabel('Identity Proof *').setInputFiles(file('passport.pdf', PDF, 'application/pdf'));
  await shotAtWidths(page, 'provider-signup-documents');
  // An unverified address cannot apply; once verified (here through the emulator, as the
  // mailbox link would), the same click goes through without signing in again.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'Please verify your email address first: open the verification link we sent you, then try again.',
    }),
  ).toBeVisible();
  await verifiedToken(email, password);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
  await expect(page.getByText('2-3 business days')).toBeVisible();
  await shotAtWidths(page, 'provider-submitted');
  await expectAccessible(page);

  // Pending: the record says so, and logging in shows the under-review message and signs out.
  const doctor = await verifiedToken(email, password);
  const own = await request.get(`/api/doctors/${doctor.uid}`, {
    headers: { Authorization: `Bearer ${doctor.idToken}` },
  });
  expect(await own.json()).toMatchObject({
    exists: true,
    data: { onboardingCompleted: true, verificationStatus: 'pending' },
  });
  const pendingPage = await freshPage(browser);
  await loginThroughUi(pendingPage, email, password);
  await expect(toast(pendingPage, /under review/)).toBeVisible();
  await expect(pendingPage).toHaveURL(/\/patient-login$/);
  await pendingPage.context().close();

  // 2. The admin reviews the documents and approves.
  const admin = await freshPage(browser);
  await signInWithSession(admin, 'admin', '/admin');
  await expect(admin).toHaveURL(/\/admin$/);
  const application = admin.getByRole('article', { name: `Application of ${name}` });
  await expect(application).toBeVisible();
  // The documents load when the admin opens them.
  await application.getByRole('button', { name: /^Show \d+ documents?$/ }).click();
  await expect(application).toContainText('Medical Degree: degree.pdf (Medical School)');
  await expect(application).toContainText('Medical License: license.png (Medical Board)');
  await expect(admin.getByRole('region', { name: 'Pending applications' })).not.toContainText('…');
  await application.scrollIntoViewIfNeeded();
  await shot(admin, 'provider-admin-queue');
  await shotAtWidths(admin, 'provider-admin-queue');
  await expectAccessible(admin);
  await application.getByRole('button', { name: `Reject ${name}` }).click();
  await expect(admin.getByRole('dialog', { name: `Reject ${name}` })).toBeVisible();
  await shot(admin, 'provider-admin-reject-dialog');
  await shotAtWidths(admin, 'provider-admin-reject-dialog');
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await application.getByRole('button', { name: `Approve ${name}` }).click();
  // An approval is confirmed first.
  await admin
    .getByRole('dialog', { name: `Approve ${name}?` })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(toast(admin, `${name} approved: bookable once they set their weekly hours.`)).toBeVisible();
  await expect(application).toHaveCount(0);
  await admin.context().close();

  // 3. The doctor logs in to the provider dashboard and sets a weekly schedule (UTC, every day 09:00 AM).
  // A fresh browser: the sign-up left this one signed in as the applicant.
  const doc = await freshPage(browser);
  await signInWithSession(doc, { email, password }, '/provider-dashboard');
  await expect(doc).toHaveURL(/\/provider-dashboard$/);
  await expect(doc.getByRole('heading', { level: 1, name: 'Provider dashboard' })).toBeVisible();
  // Weekly hours generate the slots (09:00–12:00 in 90-minute slots: 09:00 and 10:30 AM).
  await expect(doc.getByRole('heading', { name: 'Set your weekly hours' })).toBeVisible();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await doc.getByRole('checkbox', { name: `Open on ${day}` }).check();
    await doc.getByLabel(`${day} to`, { exact: true }).fill('12:00');
    await doc.getByLabel(`${day} slot length`).selectOption('90');
  }
  await doc.getByLabel('Clinic time zone').fill('UTC');
  await doc.getByRole('button', { name: 'Save schedule' }).click();
  await expect(toast(doc, 'Schedule saved. Patients see the new times now.')).toBeVisible();
  await doc.getByRole('heading', { name: 'Weekly schedule' }).scrollIntoViewIfNeeded();
  await shot(doc, 'provider-schedule');

  // 4. A patient with an intake books this doctor (through the API).
  const patientEmail = uniqueEmail('patient');
  await emulator('accounts:signUp', { email: patientEmail, password, returnSecureToken: true });
  const patient = await verifiedToken(patientEmail, password);
  const auth = { Authorization: `Bearer ${patient.idToken}` };
  expect(
    (
      await request.post('/api/users', { headers: auth, data: { uid: patient.uid, role: 'patient' } })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post('/api/patients', { headers: auth, data: { uid: patient.uid, data: RECORD } })
    ).status(),
  ).toBe(201);
  const listed = (await (await request.get('/api/doctors')).json()) as {
    id: string;
    name: string;
    clinic: string;
    specialty: string;
  }[];
  const mine = listed.find((d) => d.name === name)!;
  expect(mine).toBeTruthy();
  const day = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const bookAt = async (time: string) => {
    const booked = await request.post('/api/appointments', {
      headers: auth,
      data: {
        uid: patient.uid,
        date: `${day} at ${time}`,
        doctorId: mine.id,
        doctor: mine.name,
        clinic: mine.clinic,
        specialty: mine.specialty,
        notes: 'Recurring headaches',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    return ((await booked.json()) as { id: string }).id;
  };
  const appointmentId = await bookAt('09:00 AM');
  await bookAt('10:30 AM');

  // 5. The doctor sees the bookings with the summary. An upcoming visit cannot be closed yet,
  // only cancelled — with a reason, asked for in a dialog.
  await doc.reload();
  // Cards are named with readable dates, and the summary opens on demand.
  const when = (time: string) => `${dayLabel(day)}, ${time} UTC`;
  const card = doc.getByRole('article', { name: `Appointment with Dana Whitfield on ${when('9:00 AM')}` });
  await expect(card).toBeVisible();
  await card.getByText('Clinical summary').click();
  await expect(card.getByRole('region', { name: 'Summary of Dana Whitfield' })).toBeVisible();
  await expect(card).toContainText('Headache');
  await expect(card.getByRole('button', { name: 'Mark Completed' })).toHaveCount(0);
  const second = doc.getByRole('article', { name: `Appointment with Dana Whitfield on ${when('10:30 AM')}` });
  await second.getByRole('button', { name: 'Cancel appointment' }).click();
  const cancelDialog = doc.getByRole('dialog', { name: 'Cancel the appointment with Dana Whitfield' });
  await expect(cancelDialog.getByLabel('Reason (shown to the patient)')).toBeFocused();
  await doc.keyboard.press('Escape');
  await expect(doc.getByRole('dialog')).toHaveCount(0);
  await second.getByRole('button', { name: 'Cancel appointment' }).click();
  await cancelDialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(cancelDialog.getByRole('alert')).toHaveText('Please give a reason for the cancellation.');
  await cancelDialog.getByLabel('Reason (shown to the patient)').fill('The clinic is closed that afternoon');
  await expect(cancelDialog.getByRole('alert')).toHaveCount(0);
  await shot(doc, 'provider-doctor-cancel-dialog');
  await expectAccessible(doc);
  await cancelDialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toast(doc, 'Appointment cancelled. The patient has been notified.')).toBeVisible();
  // Cancelled: listed with the patient's name (whose visit it was), without summary or intake, with
  // the reason.
  const cancelled = doc.getByRole('article', {
    name: `Appointment with Dana Whitfield on ${when('10:30 AM')}`,
  });
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).toContainText('The clinic is closed that afternoon');
  await expect(cancelled.getByRole('region', { name: /^Summary of/ })).toHaveCount(0);
  await expect(doc.getByRole('region', { name: 'Upcoming' })).toContainText('1');
  const bell = (await (await request.get('/api/notifications', { headers: auth })).json()) as {
    items: { title: string; message: string }[];
  };
  expect(bell.items).toContainEqual(
    expect.objectContaining({
      title: 'Appointment cancelled by your doctor',
      // The patient reads dates with weekday and the clinic's zone named.
      message: expect.stringMatching(
        new RegExp(
          `^${name} cancelled your appointment on \\w{3} ${Number(day.slice(8))} \\w{3} ${day.slice(0, 4)}, ` +
            '10:30 AM UTC: The clinic is closed that afternoon$',
        ),
      ),
    }),
  );
  await card.getByText('Intake details').click();
  await shot(doc, 'provider-dashboard');
  await shotAtWidths(doc, 'provider-dashboard');
  await expectAccessible(doc);
  await card
    .getByLabel('Attach prescription')
    .setInputFiles(file('prescription.pdf', PDF, 'application/pdf'));
  await expect(toast(doc, 'Prescription attached for Dana Whitfield.')).toBeVisible();
  // 'View' opens the prescription in the page (a preview dialog), not in a new tab.
  await card.getByRole('button', { name: 'View prescription' }).click();
  const rxDialog = doc.getByRole('dialog', { name: 'Prescription for Dana Whitfield' });
  await expect(rxDialog.getByTestId('file-preview')).toHaveAttribute('src', /^blob:/);
  await rxDialog.getByRole('button', { name: 'Close' }).click();
  await expect(rxDialog).toHaveCount(0);
  // The visit's start time passes (set in the database rather than waiting): now it can be closed.
  // A minute ago: still inside today's window at any hour but the first minute of the day.
  await sql(`UPDATE appointments SET starts_at = now() - interval '1 minute' WHERE id = $1`, [appointmentId]);
  await doc.reload();
  const started = doc.getByRole('article', { name: /^Appointment with Dana Whitfield on / });
  await started.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(toast(doc, 'Dana Whitfield: Completed')).toBeVisible();
  await expect(started.getByRole('button', { name: 'Undo Completed' })).toBeVisible();
  await expect(doc.getByRole('region', { name: 'Completed' })).toContainText('1');
  await shot(doc, 'provider-dashboard-completed');

  // 6. The patient downloads that prescription from their dashboard (the button sends the ID token).
  const patientPage = await freshPage(browser);
  await signInWithSession(patientPage, { email: patientEmail, password }, '/dashboard');
  await expect(patientPage).toHaveURL(/\/dashboard/);
  await patientPage.goto('/dashboard?tab=appointments&sub=history');
  // The cancelled visit's details carry the doctor's reason.
  await patientPage
    .getByRole('button', {
      name: new RegExp(
        `^Details: ${name}, \\w{3} ${Number(day.slice(8))} \\w{3} ${day.slice(0, 4)}, 10:30 AM UTC$`,
      ),
    })
    .click();
  const dialog = patientPage.getByRole('dialog', { name: 'Appointment details' });
  await expect(dialog).toContainText('Cancelled by your doctor: The clinic is closed that afternoon');
  await patientPage.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await patientPage
    .getByTestId('appointment-item')
    .filter({ hasText: 'Completed' })
    .getByRole('button', { name: new RegExp(`^Details: ${name}, `) })
    .click();
  const download = patientPage.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download Prescription' }).click();
  const saved = await (await download).path();
  expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

  const rx = await request.get(`/api/appointments/${appointmentId}/prescription`, { headers: auth });
  expect(rx.status()).toBe(200);
  expect(rx.headers()['content-type']).toBe('application/pdf');
  expect((await rx.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const appointment = await request.get(`/api/appointments/${appointmentId}`, { headers: auth });
  expect(await appointment.json()).toMatchObject({
    status: 'Completed',
    prescriptionUrl: `/api/appointments/${appointmentId}/prescription`,
  });
});

test('the onboarding page renders all five steps with Consultation Details', async ({ page }) => {
  await page.goto('/doctor-signup?role=provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare Provider sign up' })).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail('provider'));
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  // Signed in with a draft-free account: /doctor-onboarding shows the five labels.
  await page.goto('/doctor-onboarding');
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(5);
  // Named for the account's role, and the unverified address is mentioned before step 1, not at upload.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Healthcare Provider onboarding');
  const verify = page.getByRole('region', { name: 'Verify your e-mail address first' });
  await expect(verify).toBeVisible();
  await expect(verify.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  expect(
    await verify.evaluate(
      (notice) =>
        !!(
          notice.compareDocumentPosition(document.querySelector('form h2')!) &
          Node.DOCUMENT_POSITION_FOLLOWING
        ),
    ),
  ).toBe(true);
  await expect(page.getByRole('list', { name: 'Steps' })).toContainText('Consultation Details');
  await shotAtWidths(page, 'provider-onboarding');
});

/** An application submitted through the API: account, user record, three credentials, the record. */
async function applyThroughApi(request: APIRequestContext, name: string) {
  const email = uniqueEmail('rejected');
  const password = 'secret123';
  await emulator('accounts:signUp', { email, password, returnSecureToken: true });
  const user = await verifiedToken(email, password);
  const auth = { Authorization: `Bearer ${user.idToken}` };
  expect(
    (await request.post('/api/users', { headers: auth, data: { uid: user.uid, role: 'provider' } })).status(),
  ).toBe(201);
  for (const [type, f] of [
    ['degree', file('degree.pdf', PAGE_PDF, 'application/pdf')],
    ['license', file('license.png', PNG, 'image/png')],
    ['identity', file('id.pdf', PDF, 'application/pdf')],
  ] as const) {
    const res = await request.post(`/api/doctors/${user.uid}/credentials`, {
      headers: auth,
      multipart: { type, documentName: f.name, file: f },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const data = {
    name,
    phone: '5550001111',
    gender: 'Male',
    dob: '1975-05-05',
    specialty: 'Pediatrics',
    qualification: 'MBBS',
    experience: 3,
    licenseNumber: 'EXPIRED-1',
    clinic: 'Little Steps Clinic',
    clinicAddress: { city: 'Austin', state: 'TX' },
  };
  expect(
    (await request.post('/api/doctors', { headers: auth, data: { uid: user.uid, data } })).status(),
  ).toBe(201);
  /** Resubmits with other values, as an applicant would while an admin reads the application. */
  const change = async (changed: Partial<typeof data>) =>
    expect(
      (
        await request.post('/api/doctors', {
          headers: auth,
          data: { uid: user.uid, data: { ...data, ...changed } },
        })
      ).status(),
    ).toBe(201);
  return { email, password, change };
}

test('a rejected applicant sees the reason on next login and can resubmit', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Dr. Rejected ${Date.now().toString(36)}`;
  const applicant = await applyThroughApi(request, name);

  const admin = await freshPage(browser);
  await signInWithSession(admin, 'admin', '/admin');
  const application = admin.getByRole('article', { name: `Application of ${name}` });
  await expect(application).toBeVisible();
  await application.getByRole('button', { name: /^Show \d+ documents?$/ }).click();
  // 'View' opens the credential in the page (a preview dialog) and 'Download' saves it;
  // neither opens a tab.
  let popups = 0;
  const size = admin.viewportSize()!;
  admin.on('popup', () => (popups += 1));
  const view = application.getByRole('button', { name: `View Medical Degree of ${name}` });
  await view.click();
  const preview = admin.getByRole('dialog', { name: `Medical Degree of ${name}` });
  await expect(preview.getByTestId('file-preview')).toHaveAttribute('src', /^blob:/);
  await expect(preview.getByTestId('file-preview')).toHaveAttribute('data-content-type', 'application/pdf');
  await expectAccessible(admin, { include: null });
  await shotAtWidths(admin, 'admin-credential-preview');
  await admin.setViewportSize({ width: 390, height: 844 });
  expect(
    await admin.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  for (const button of await preview.getByRole('button').all())
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(admin, { include: null });
  await admin.setViewportSize(size);
  const fromDialog = admin.waitForEvent('download');
  await preview.getByRole('button', { name: 'Download' }).click();
  expect((await fromDialog).suggestedFilename()).toBe('degree.pdf');
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toHaveCount(0);
  await expect(view).toBeFocused();
  // The licence (an image) previews inline.
  await application.getByRole('button', { name: `View Medical License of ${name}` }).click();
  const image = admin.getByRole('dialog', { name: `Medical License of ${name}` });
  await expect(image.getByRole('img', { name: 'license.png' })).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(image).toHaveCount(0);
  const download = admin.waitForEvent('download');
  await application.getByRole('button', { name: `Download Identity Proof of ${name}` }).click();
  expect((await download).suggestedFilename()).toBe('id.pdf');
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await admin.setViewportSize({ width: 390, height: 844 });
  for (const button of await application.getByRole('listitem').getByRole('button').all())
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(
    await admin.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await shot(admin, 'admin-credential-list-390');
  await admin.setViewportSize(size);
  expect(popups).toBe(0);
  await application.getByRole('button', { name: `Reject ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Reject ${name}` });
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please give a reason for the rejection.');
  // The applicant changes the licence while the admin reads; the decision names the
  // version on screen, so it is refused and the card shows why, with the current values.
  await applicant.change({ licenseNumber: 'CHANGED-2' });
  await dialog.getByLabel('Reason (shown to the applicant)').fill('The license number has expired');
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(application.getByRole('alert')).toHaveText(
    'This application changed after you opened it. Reload it and review the current version before deciding.',
  );
  await expect(application).toContainText('CHANGED-2');
  await shot(admin, 'provider-admin-decision-conflict');
  await application.getByRole('button', { name: `Reject ${name}` }).click();
  await dialog.getByLabel('Reason (shown to the applicant)').fill('The license number has expired');
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(toast(admin, `${name} rejected.`)).toBeVisible();
  await admin.context().close();

  // "On next login": the UI sign-in, which routes the applicant to the onboarding page.
  await loginThroughUi(page, applicant.email, applicant.password);
  await expect(page).toHaveURL(/\/doctor-onboarding$/);
  await expect(page.getByRole('alert').filter({ hasText: 'The license number has expired' })).toBeVisible();
  await expect(page.getByLabel('Full name *')).toHaveValue(name);
  await shotAtWidths(page, 'provider-onboarding-rejected');
  for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Consultation Details' })).toBeVisible();
  await expect(page.getByLabel('Consultation fee (USD) *')).toHaveValue('150');
  await page.getByLabel('Languages (comma-separated) *').fill('English, Spanish');
  await shotAtWidths(page, 'provider-onboarding-consultation');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  // The earlier documents stay on file: only the licence is replaced.
  await expect(page.getByText('The documents of your earlier application stay on file.')).toBeVisible();
  await page
    .getByLabel('Medical License *')
    .setInputFiles(file('license-renewed.pdf', PDF, 'application/pdf'));
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();
  await expect(
    toast(page, 'Application submitted successfully! Your application is under review.'),
  ).toBeVisible();

  // The admin sees the kept documents and the new licence as current, the replaced one superseded.
  const reviewer = await freshPage(browser);
  await signInWithSession(reviewer, 'admin', '/admin');
  await reviewer
    .getByRole('article', { name: `Application of ${name}` })
    .getByRole('button', { name: 'Show 4 documents' })
    .click();
  const current = reviewer.getByRole('list', { name: `Current documents of ${name}` });
  await expect(current).toContainText('license-renewed.pdf');
  await expect(current).toContainText('degree.pdf');
  await expect(current).toContainText('id.pdf');
  await expect(current).not.toContainText('license.png');
  const superseded = reviewer.getByRole('list', { name: `Superseded documents of ${name}` });
  await expect(superseded).toContainText('license.png');
  await expect(superseded).toContainText('Superseded by a resubmission');
  await shot(reviewer, 'provider-admin-superseded-documents');
  await shotAtWidths(reviewer, 'provider-admin-superseded-documents');
  await reviewer.context().close();
});
