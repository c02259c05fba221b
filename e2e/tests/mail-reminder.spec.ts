import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { approvedDoctor, newPatient } from '../support/accounts';
import { sql } from '../support/db';
import { downloadedCalendar, openMail } from '../support/mailbox';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * Book through the booking screens → the confirmation is in /dev/mailbox with
 * a valid .ics; the reminder fires when the API's clock is moved to 23 hours before the appointment
 * (the local-mode dev clock and sweep; no real waiting) — and not before.
 */

const ZONE = 'Europe/Berlin';
const DOCTOR = `Dr. Remind ${Date.now().toString(36)}`;
const CLINIC = `Reminder Clinic ${Date.now().toString(36)}`;
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: EVERY_DAY,
  timeSlots: Object.fromEntries(EVERY_DAY.map((d) => [d, ['09:00 AM', '11:30 AM']])),
};

async function sweep(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/dev/reminders/sweep');
  expect(res.status(), await res.text()).toBe(200);
}

async function moveClock(request: APIRequestContext, offsetMinutes: number): Promise<void> {
  const res = await request.post('/api/dev/clock', { data: { offsetMinutes } });
  expect(res.status(), await res.text()).toBe(200);
}

const remindersOf = (appointmentId: string) =>
  sql(`SELECT 1 FROM appointment_reminders WHERE appointment_id = $1`, [appointmentId]);

test.afterEach(async ({ request }) => {
  // The clock is the whole API's: never leave it moved for the next spec.
  await moveClock(request, 0);
});

test('booked in the booking screens → confirmation with .ics; the reminder fires when the clock is moved', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await approvedDoctor(request, { name: DOCTOR, clinic: CLINIC, timeZone: ZONE, schedule: SCHEDULE });
  const patient = await newPatient(request, true);
  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Book in the booking screens: the last of the offered dates (days away, so no reminder is due yet).
  await page.goto('/book-appointment');
  await page.getByRole('searchbox', { name: 'Search doctors by name, clinic or specialty' }).fill(CLINIC);
  const card = page.getByRole('button', { name: new RegExp(DOCTOR) });
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  const dates = page.getByRole('button', { name: /, \d+ slots?$/ });
  await expect(dates.first()).toBeVisible();
  await dates.last().click();
  const slot = page.getByRole('button', { name: /^\d{2}:\d{2} (AM|PM)$/ }).first();
  await slot.click();
  await page.getByRole('button', { name: 'Confirm Appointment' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const listed = await request.get(`/api/appointments?uid=${patient.uid}`, {
    headers: { Authorization: `Bearer ${patient.idToken}` },
  });
  const [appointment] = (await listed.json()) as { id: string; startsAt: string }[];
  expect(appointment).toBeDefined();

  await openMail(page, `Booked: your appointment with ${DOCTOR}`);
  await expect(page.getByText(`(${ZONE})`).first()).toBeVisible();
  const calendar = await downloadedCalendar(page);
  expect(calendar).toMatchObject({ method: 'PUBLISH', uid: `${appointment!.id}@medora` });
  expect(calendar.start).toBe(new Date(appointment!.startsAt).toISOString());

  // Not due yet: a sweep now records no reminder for it.
  await sweep(request);
  expect(await remindersOf(appointment!.id)).toHaveLength(0);

  // 23 hours before the appointment (the default lead is 24 h): due.
  const minutesAway = (new Date(appointment!.startsAt).getTime() - Date.now()) / 60_000;
  await moveClock(request, Math.ceil(minutesAway - 23 * 60));
  await sweep(request);
  expect(await remindersOf(appointment!.id)).toHaveLength(1);
  await openMail(page, `Reminder: your appointment with ${DOCTOR}`);
  await expect(page.getByText(`(${ZONE})`).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /\/unsubscribe\?token=/ })).toBeVisible();
  await expectAccessible(page);
  await shotAtWidths(page, 'mail-reminder-opened');

  // A second sweep (or a second process) does not send it again.
  await sweep(request);
  expect(await remindersOf(appointment!.id)).toHaveLength(1);
});
