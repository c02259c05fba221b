import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInWithSession, signUpVerifiedInEmulator, type EmulatorUser } from '../support/auth';
import { dayLabel, earlierTodaySql, escapeRegExp } from '../support/dates';
import { sql } from '../support/db';
import { tinyPdf } from '../support/accounts';
import { MINIMAL_INTAKE_RECORD as RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * The doctor's day: upcoming appointments grouped by clinic day with readable dates, the
 * clinical summary collapsed, Completed / No-Show only after the start (with the reason shown before)
 * and an undo, a cancellation with a reason the patient is told, and a prescription that 'View' opens
 * in the page and 'Download' downloads — at 1366 and 390 px, axe clean on the whole page.
 */

const ZONE = 'America/Chicago';
const DOCTOR = 'Dr. Ines Day';
const PATIENT = RECORD.name;
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: EVERY_DAY,
  timeSlots: Object.fromEntries(EVERY_DAY.map((d) => [d, ['09:00 AM', '11:30 AM']])),
};
const PDF = tinyPdf('Amoxicillin 500 mg, three times daily for 7 days');

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

/** 'YYYY-MM-DD' `days` after today in the clinic's zone. */
function clinicDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function registered(request: APIRequestContext, role: 'patient' | 'doctor'): Promise<EmulatorUser> {
  const user = await signUpVerifiedInEmulator();
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${user.idToken}` },
    data: { uid: user.uid, role },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

const auth = (user: EmulatorUser) => ({ Authorization: `Bearer ${user.idToken}` });

/** At 390 px: no sideways scroll, and every control on the appointment cards is at least 44 px tall. */
async function expectPhoneFit(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('article :is(button, summary, label:has(input[type="file"]))')]
      .filter((e) => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 44)
      .map((e) => `${e.tagName} ${e.textContent?.trim() ?? ''}`),
  );
  expect(small).toEqual([]);
  if (size) await page.setViewportSize(size);
}

test("the doctor's day: by day, summary folded, closing rules, cancel with reason, files in the page", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const doctorUser = await registered(request, 'doctor');
  const [doctorRow] = await sql<{ id: string }>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, schedule, verification_status,
                          is_available, onboarding_completed, credentials_verified)
     SELECT u.id, $2, u.email, 'Family Medicine', 'Day Clinic', $3, $4::jsonb, 'approved', true, true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [doctorUser.uid, DOCTOR, ZONE, JSON.stringify(SCHEDULE)],
  );
  const doctorId = doctorRow!.id;

  const patient = await registered(request, 'patient');
  const saved = await request.post('/api/patients', {
    headers: auth(patient),
    data: { uid: patient.uid, data: RECORD },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  const insert = async (startsAt: string, params: unknown[] = []) => {
    const [row] = await sql<{ id: string }>(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
       VALUES ($1, $2, ${startsAt}, 'Follow-up', 'Day Clinic', 'Family Medicine', $3) RETURNING id`,
      [patient.uid, doctorId, DOCTOR, ...params],
    );
    return row!.id;
  };
  const wall = `($4 || ' ' || $5)::timestamp AT TIME ZONE '${ZONE}'`;
  const first = clinicDate(1);
  const second = clinicDate(2);
  const upcoming = await insert(wall, [first, '09:00']);
  await insert(wall, [first, '11:30']);
  const toCancel = await insert(wall, [second, '09:00']);
  // Started a minute ago, or at midnight in the first minute of the clinic's day: today's window.
  await insert(earlierTodaySql(ZONE, 1));

  await signInWithSession(page, doctorUser, '/provider-dashboard');
  await expect(page).toHaveURL(/\/provider-dashboard$/);

  // Grouped by clinic day, headed 'Fri 27 Nov · 2 appointments', each card with a readable date.
  const day1 = page.getByRole('region', { name: `Appointments on ${dayLabel(first)}` });
  await expect(day1.getByRole('heading', { level: 3 })).toHaveText(`${dayLabel(first)} · 2 appointments`);
  const day2 = page.getByRole('region', { name: `Appointments on ${dayLabel(second)}` });
  await expect(day2.getByRole('heading', { level: 3 })).toHaveText(`${dayLabel(second)} · 1 appointment`);
  const at = (day: string, time: string) =>
    new RegExp(`^Appointment with ${PATIENT} on ${escapeRegExp(dayLabel(day))}, ${time} C[SD]T$`);
  const nine = day1.getByRole('article', { name: at(first, '9:00 AM') });
  await expect(nine).toBeVisible();
  await expect(day1.getByRole('article', { name: at(first, '11:30 AM') })).toBeVisible();

  // The clinical summary is folded on every card until the doctor opens it.
  await expect(page.getByRole('region', { name: `Summary of ${PATIENT}` }).first()).toBeHidden();
  await nine.getByText('Clinical summary').click();
  await expect(nine.getByRole('region', { name: `Summary of ${PATIENT}` })).toBeVisible();
  await expect(nine.getByRole('region', { name: `Summary of ${PATIENT}` })).toContainText('Headache');

  // Not started: no Completed / No-Show, and the card says from when.
  await expect(nine.getByRole('button', { name: 'Mark Completed' })).toHaveCount(0);
  await expect(nine.getByTestId('close-from')).toContainText(`(${dayLabel(first)}, 9:00 AM C`);

  // Cancel with a reason; the patient's bell says so, with the reason.
  const cancelCard = day2.getByRole('article');
  await cancelCard.getByRole('button', { name: 'Cancel appointment' }).click();
  const cancelDialog = page.getByRole('dialog', { name: `Cancel the appointment with ${PATIENT}` });
  await cancelDialog.getByLabel('Reason (shown to the patient)').fill('The doctor is at a conference');
  await expectAccessible(page, { include: null });
  await cancelDialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toast(page, 'Appointment cancelled. The patient has been notified.')).toBeVisible();
  const bell = (await (await request.get('/api/notifications', { headers: auth(patient) })).json()) as {
    items: { id: string; title: string; message: string }[];
  };
  const told = bell.items.find((n) => n.id === `cancelled:${toCancel}`);
  expect(told?.title).toBe('Appointment cancelled by your doctor');
  expect(told?.message).toMatch(new RegExp(`^${DOCTOR} cancelled .*: The doctor is at a conference$`));

  // The started visit: Completed, then undone within the window, then Completed again.
  const past = page.getByRole('article', { name: new RegExp(`^Appointment with ${PATIENT} on `) }).filter({
    has: page.getByRole('button', { name: 'Mark Completed' }),
  });
  await expect(past).toHaveCount(1);
  await past.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(toast(page, `${PATIENT}: Completed`)).toBeVisible();
  const closed = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Undo Completed' }) });
  await expect(closed.getByTestId('undo-until')).toContainText('You can undo this until');
  await closed.getByRole('button', { name: 'Undo Completed' }).click();
  await expect(toast(page, 'The appointment is Scheduled again.')).toBeVisible();
  await expect(past.getByRole('button', { name: 'Mark Completed' })).toBeVisible();
  // The API still refuses to close an upcoming visit (the UI hides the button, the server decides).
  const early = await request.patch(`/api/provider/appointments/${upcoming}/status`, {
    headers: auth(doctorUser),
    data: { status: 'Completed' },
  });
  expect(early.status()).toBe(409);
  await past.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(closed.getByRole('button', { name: 'Undo Completed' })).toBeVisible();

  // The prescription: 'View' opens it in the page, 'Download' downloads it (no new tab either way).
  await closed.getByLabel('Attach prescription').setInputFiles({
    name: 'prescription.pdf',
    buffer: PDF,
    mimeType: 'application/pdf',
  });
  await expect(toast(page, `Prescription attached for ${PATIENT}.`)).toBeVisible();
  let popups = 0;
  page.on('popup', () => (popups += 1));
  await shotAtWidths(page, 'doctor-day-dashboard');
  await expectPhoneFit(page);
  await expectAccessible(page, { include: null });

  await closed.getByRole('button', { name: 'View prescription' }).click();
  const preview = page.getByRole('dialog', { name: `Prescription for ${PATIENT}` });
  await expect(preview.getByTestId('file-preview')).toHaveAttribute('src', /^blob:/);
  await expect(preview.getByTestId('file-preview')).toHaveAttribute('data-content-type', 'application/pdf');
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, 'doctor-day-preview');
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    right: document.querySelector('dialog[open] > *')?.getBoundingClientRect().right ?? 0,
  }));
  expect(fits.scroll).toBeLessThanOrEqual(fits.client);
  expect(fits.right).toBeLessThanOrEqual(fits.client);
  await expectAccessible(page, { include: null });
  await page.setViewportSize({ width: 1366, height: 900 });
  // Chrome's PDF viewer takes the keyboard once it loads; the dialog's own Close button closes it.
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toHaveCount(0);
  await expect(closed.getByRole('button', { name: 'View prescription' })).toBeFocused();

  const download = page.waitForEvent('download');
  await closed.getByRole('button', { name: 'Download prescription' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('prescription.pdf');
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  expect(popups).toBe(0);
});
