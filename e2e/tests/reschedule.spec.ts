import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInWithSession, type EmulatorUser } from '../support/auth';
import { dayLabel } from '../support/dates';
import { sql } from '../support/db';
import { MINIMAL_INTAKE_RECORD as RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';
import { registeredUser } from '../support/accounts';

/**
 * Suggested doctors for the current symptoms, "Show all doctors" and search, a fully
 * booked day not selectable, the notes placeholder, dates people can read, and a reschedule end to
 * end: the old slot is free again, the id stays, the doctor sees "Rescheduled from".
 */

const ZONE = 'America/Chicago';
const DOCTOR = 'Dr. Rhea Moss';
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: EVERY_DAY,
  timeSlots: Object.fromEntries(EVERY_DAY.map((d) => [d, ['09:00 AM', '11:30 AM']])),
};
/** A date and time as a patient reads them: 'Fri 27 Nov 2026, 11:30 AM CST' (zone named). */
const READABLE = /(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (AM|PM) C[SD]T/;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

/** 'YYYY-MM-DD' `days` after today in the clinic's zone. */
function clinicDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const auth = (user: EmulatorUser) => ({ Authorization: `Bearer ${user.idToken}` });

/** No serious or critical axe violation on the whole page (header, menus and open dialogs included). */
const expectWholePageAccessible = (page: Page) => expectAccessible(page, { include: null });

/**
 * The page does not scroll sideways, and nothing of this feature reaches past the viewport: every
 * element of the booking flow, the appointment list and an open dialog ends inside it.
 */
async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const { right, client } = await page.evaluate(() => ({
    right: Math.max(
      0,
      ...[
        ...document.querySelectorAll(
          ['[data-testid="booking-flow"]', '[data-testid="appointment-item"]', 'dialog[open]']
            .flatMap((s) => [s, `${s} *`])
            .join(', '),
        ),
      ].map((e) => e.getBoundingClientRect().right + window.scrollX),
    ),
    client: document.documentElement.clientWidth,
  }));
  expect(right).toBeLessThanOrEqual(client);
  // Touch targets of the booking flow: at least 44 px high.
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="booking-flow"] :is(button, input, textarea)')]
      .filter((e) => e.getBoundingClientRect().height < 44)
      .map((e) => `${e.tagName} ${e.textContent?.trim() || e.getAttribute('aria-label') || ''}`),
  );
  expect(small).toEqual([]);
}

/** Checks at 390 px wide (no sideways scroll), then puts the viewport back. */
async function atPhoneWidth(page: Page, check: () => Promise<void>) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await check();
  if (size) await page.setViewportSize(size);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

test('a patient books a suggested doctor, then reschedules; the doctor sees where it came from', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // A cardiologist with an account, in Chicago, two slots a day.
  const doctorUser = await registeredUser(request, 'doctor');
  const [doctorRow] = await sql<{ id: string }>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, schedule, verification_status,
                          is_available, onboarding_completed, credentials_verified)
     SELECT u.id, $2, u.email, 'Cardiology', 'Moss Heart Clinic', $3, $4::jsonb, 'approved', true, true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [doctorUser.uid, DOCTOR, ZONE, JSON.stringify(SCHEDULE)],
  );
  const doctorId = doctorRow!.id;

  // The second bookable day is fully booked by someone else.
  const someone = await registeredUser(request, 'patient');
  const fullDay = clinicDate(2);
  for (const time of ['09:00', '11:30']) {
    await sql(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
       VALUES ($1, $2, ($3 || ' ' || $4)::timestamp AT TIME ZONE $5, 'Taken', 'Moss Heart Clinic',
               'Cardiology', $6)`,
      [someone.uid, doctorId, fullDay, time, ZONE, DOCTOR],
    );
  }

  // A patient whose current symptom is chest pain.
  const patient = await registeredUser(request, 'patient');
  const saved = await request.post('/api/patients', {
    headers: auth(patient),
    data: { uid: patient.uid, data: { ...RECORD, symptoms: ['Chest Pain'] } },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/book-appointment');
  await expect(page.getByRole('heading', { name: '1. Select a doctor' })).toBeVisible();

  // Suggested for the symptoms: the cardiologists, marked; others not marked.
  const mine = page.getByRole('button', { name: new RegExp(DOCTOR) });
  await expect(mine).toContainText('Suggested for your symptoms');
  await expect(page.getByRole('button', { name: /Dr\. Sarah Johnson/ })).toContainText(
    'Suggested for your symptoms',
  );
  await expect(page.getByRole('button', { name: /Dr\. Michael Chen/ })).not.toContainText('Suggested');
  await expect(
    page.getByText('Doctors for your current symptoms (Chest Pain) are marked as suggested.'),
  ).toBeVisible();
  const cards = page.getByTestId('doctor-list').getByRole('button');

  // The server searches — a specialty, then name or clinic text; the list says where it ends.
  const specialty = page.getByRole('combobox', { name: 'Specialty' });
  await specialty.selectOption('Dermatology');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Dr. Laura Bennett');
  await specialty.selectOption('');
  const search = page.getByRole('searchbox', { name: 'Search doctors by name, clinic or specialty' });
  await search.fill('moss');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(DOCTOR);
  await expect(page.getByTestId('doctor-list-end')).toBeVisible();
  await shotAtWidths(page, 'reschedule-doctor-search');
  await search.fill('');
  await expect(page.getByRole('button', { name: /Dr\. Sarah Johnson/ })).toBeVisible();
  await shotAtWidths(page, 'reschedule-doctors-suggested');

  // Doctor → a fully booked day is shown but not selectable; its name says why.
  await mine.click();
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  const full = page.getByRole('button', { name: /, fully booked$/ });
  await expect(full).toHaveCount(1);
  await expect(full).toBeDisabled();
  const firstDay = page.getByRole('button', { name: /, 2 slots$/ }).first();
  await firstDay.click();
  await page.getByRole('button', { name: '09:00 AM', exact: true }).click();

  // Notes: 'Follow-up appointment' is a placeholder; the summary reads the date with its zone.
  const notes = page.getByLabel('Additional notes (optional)');
  await expect(notes).toHaveValue('');
  await expect(notes).toHaveAttribute('placeholder', 'Follow-up appointment');
  await expect(page.getByTestId('booking-summary')).toContainText(READABLE);
  await shotAtWidths(page, 'reschedule-booking-confirm');
  await expectWholePageAccessible(page);
  await atPhoneWidth(page, () => expectNoSideScroll(page));

  await page.getByRole('button', { name: 'Confirm Appointment' }).click();
  await expect(
    toast(page, new RegExp(`^Appointment booked successfully! ${DOCTOR} on ${READABLE.source}`)),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const [booked] = (await (
    await request.get(`/api/appointments?uid=${patient.uid}`, { headers: auth(patient) })
  ).json()) as { id: string; date: string; notes: string; startsAt: string }[];
  expect(booked!.notes).toBe('Follow-up appointment');
  const oldDay = booked!.date.slice(0, 10);

  // The list and the details read the date with weekday and zone.
  await page.goto('/dashboard?tab=appointments&sub=upcoming');
  const item = page.getByTestId('appointment-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('appointment-when')).toHaveText(READABLE);
  await item.getByRole('button', { name: /^Details: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Appointment details' });
  await expect(dialog).toContainText(READABLE);
  await shotAtWidths(page, 'reschedule-details-dialog');
  await expectWholePageAccessible(page);
  await atPhoneWidth(page, () => expectNoSideScroll(page));

  // Reschedule: the same date and slot steps, the doctor fixed.
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page).toHaveURL(new RegExp(`/book-appointment\\?reschedule=${booked!.id}$`));
  await expect(page.getByRole('heading', { name: 'Reschedule Appointment' })).toBeVisible();
  await expect(page.getByTestId('reschedule-current')).toContainText(READABLE);
  await expect(page.getByRole('button', { name: /Dr\. Sarah Johnson/ })).toHaveCount(0);
  // Its own slot is taken: the day offers one slot now.
  await page
    .getByRole('button', { name: /, 1 slot$/ })
    .first()
    .click();
  await page.getByRole('button', { name: '11:30 AM', exact: true }).click();
  await expect(page.getByLabel('Additional notes (optional)')).toHaveCount(0);
  await shotAtWidths(page, 'reschedule-steps');
  await expectWholePageAccessible(page);
  await atPhoneWidth(page, () => expectNoSideScroll(page));
  await page.getByRole('button', { name: 'Confirm New Time' }).click();
  await expect(
    toast(page, new RegExp(`^Appointment rescheduled: ${DOCTOR} on ${READABLE.source}`)),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\?tab=appointments&sub=upcoming$/);
  await expect(page.getByTestId('appointment-item')).toHaveCount(1);
  await expect(page.getByTestId('appointment-item')).toContainText(
    new RegExp(`Rescheduled from ${READABLE.source}`),
  );
  await shotAtWidths(page, 'reschedule-appointments');
  await expectWholePageAccessible(page);

  // The same appointment (id kept), with where it came from.
  const moved = (await (
    await request.get(`/api/appointments/${booked!.id}`, { headers: auth(patient) })
  ).json()) as { id: string; date: string; rescheduledFrom: string };
  expect(moved).toMatchObject({
    id: booked!.id,
    date: `${oldDay} at 11:30 AM`,
    rescheduledFrom: booked!.startsAt,
  });

  // The old slot is free again: another patient books exactly it.
  const other = await registeredUser(request, 'patient');
  const rebook = await request.post('/api/appointments', {
    headers: auth(other),
    data: { uid: other.uid, date: booked!.date, doctorId, doctor: DOCTOR },
  });
  expect(rebook.status(), await rebook.text()).toBe(201);

  // The patient's bell says so, with readable dates.
  const bell = (await (await request.get('/api/notifications', { headers: auth(patient) })).json()) as {
    items: { title: string; message: string }[];
  };
  const note = bell.items.find((n) => n.title === 'Appointment rescheduled');
  expect(note?.message).toMatch(new RegExp(`^${DOCTOR} moved from ${READABLE.source} to ${READABLE.source}`));

  // The doctor's list shows "Rescheduled from …".
  const doc = await freshPage(browser);
  try {
    await signInWithSession(doc, doctorUser, '/provider-dashboard');
    await expect(doc).toHaveURL(/\/provider-dashboard$/);
    // The doctor's cards are named with readable dates.
    const card = doc.getByRole('article', { name: new RegExp(`${dayLabel(oldDay)}, 11:30 AM C[SD]T$`) });
    await expect(card.getByTestId('rescheduled-from')).toHaveText(
      new RegExp(`^Rescheduled from ${READABLE.source}$`),
    );
    await card.scrollIntoViewIfNeeded();
    await shotAtWidths(doc, 'reschedule-provider');
  } finally {
    await doc.context().close();
  }
});
