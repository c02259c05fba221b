import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInWithSession, signUpVerifiedInEmulator, type EmulatorUser } from '../support/auth';
import { dayLabel } from '../support/dates';
import { sql } from '../support/db';
import { MINIMAL_INTAKE_RECORD as RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * An approved doctor without hours is not offered and is asked for weekly hours
 * first; weekly hours (start, end, slot length, breaks) generate the slots; a closed day, a vacation
 * and extra hours on one date reach the patient's booking page and the API alike; it all fits a phone.
 */

const ZONE = 'America/Chicago';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

/** 'YYYY-MM-DD' `days` after today in the clinic's zone. */
function clinicDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const weekday = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
/** The booking page's date button text ('Tuesday 2 December'). */
function dateButtonLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...o, timeZone: 'UTC' }).format(d);
  return `${f({ weekday: 'long' })} ${f({ day: 'numeric' })} ${f({ month: 'long' })}`;
}
/** How many days after today (clinic zone) `date` is. */
const daysAhead = (date: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${clinicDate(0)}T00:00:00Z`)) / 86_400_000);
/** The first date from `from` days ahead whose weekday passes `ok`. */
function nextDate(from: number, ok: (day: string) => boolean): string {
  for (let i = from; i < from + 14; i++) if (ok(weekday(clinicDate(i)))) return clinicDate(i);
  throw new Error('no date');
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

/** At 390 px: no sideways scroll, and the editor's controls are touch-sized (44 px). */
async function expectPhoneFit(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const small = await page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'main section[aria-labelledby$="schedule-title"] :is(button, select, input:not([type="checkbox"]), label:has(> input[type="checkbox"]))',
      ),
    ]
      .filter((e) => e.getBoundingClientRect().height < 44)
      .map((e) => `${e.tagName} ${e.getAttribute('aria-label') ?? e.textContent?.trim() ?? ''}`),
  );
  expect(small).toEqual([]);
  if (size) await page.setViewportSize(size);
}

test('a new doctor sets weekly hours with dates off and extra hours; booking and the API agree', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Dr. Ivy Hours ${Date.now().toString(36)}`;
  const doctorUser = await registered(request, 'doctor');
  const [row] = await sql<{ id: string }>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, verification_status,
                          is_available, onboarding_completed, credentials_verified)
     SELECT u.id, $2, u.email, 'Dermatology', 'Ivy Skin Clinic', $3, 'approved', true, true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [doctorUser.uid, name, ZONE],
  );
  const doctorId = row!.id;
  const patient = await registered(request, 'patient');
  const patientAuth = { Authorization: `Bearer ${patient.idToken}` };
  expect(
    (
      await request.post('/api/patients', { headers: patientAuth, data: { uid: patient.uid, data: RECORD } })
    ).status(),
  ).toBe(201);

  // Approved without hours, the doctor is offered to nobody.
  const listed = async () =>
    ((await (await request.get('/api/doctors')).json()) as { id: string }[]).map((d) => d.id);
  expect(await listed()).not.toContain(doctorId);

  // The first approved login: the dashboard asks for weekly hours first.
  await signInWithSession(page, doctorUser, '/provider-dashboard');
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  const step = page.getByRole('region', { name: 'Set your weekly hours' });
  await expect(step).toBeVisible();
  const stepTop = (await step.boundingBox())!.y;
  const upcomingTop = (await page.getByRole('heading', { name: 'Appointments', exact: true }).boundingBox())
    ?.y;
  if (upcomingTop !== undefined) expect(stepTop).toBeLessThan(upcomingTop);
  await expect(step.getByText('Closed', { exact: true })).toHaveCount(7);
  await shotAtWidths(page, 'schedule-first-hours');
  await expectAccessible(page, { include: null });

  // Weekly hours: Monday to Friday; Monday 09:00–12:00 with a break at 10:00, the others 09:00–17:00.
  for (const day of WEEKDAYS) await step.getByRole('checkbox', { name: `Open on ${day}` }).check();
  await step.getByLabel('Monday to', { exact: true }).fill('12:00');
  await step.getByRole('button', { name: 'Add a break' }).first().click();
  await step.getByLabel('Monday break from').fill('10:00');
  await step.getByLabel('Monday break to').fill('10:30');
  await expect(step.getByText('5 slots: 09:00 AM to 11:30 AM')).toBeVisible();
  await expect(step.getByText('16 slots: 09:00 AM to 04:30 PM')).toHaveCount(4);
  await step.getByLabel('Tuesday slot length').selectOption('60');
  await expect(step.getByText('8 slots: 09:00 AM to 04:00 PM')).toBeVisible();
  await step.getByLabel('Clinic time zone').fill(ZONE);

  // Exceptions: a closed weekday, a vacation of the next two weekdays, extra hours on a Saturday.
  const closedDay = nextDate(2, (d) => WEEKDAYS.includes(d));
  const vacationDay = nextDate(daysAhead(closedDay) + 1, (d) => WEEKDAYS.includes(d));
  const saturday = nextDate(1, (d) => d === 'Saturday');
  const exceptions = step.getByRole('region', { name: 'Dates off and extra hours' });
  await exceptions.getByLabel('Kind').selectOption('closed');
  await exceptions.getByLabel('Date', { exact: true }).fill(closedDay);
  await exceptions.getByRole('button', { name: 'Add', exact: true }).click();
  await exceptions.getByLabel('Kind').selectOption('vacation');
  await exceptions.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(exceptions.getByRole('alert')).toHaveText(
    'Fill in the dates and times of the exception first.',
  );
  await exceptions.getByLabel('First day').fill(vacationDay);
  await exceptions.getByLabel('Last day').fill(vacationDay);
  await exceptions.getByRole('button', { name: 'Add', exact: true }).click();
  await exceptions.getByLabel('Kind').selectOption('extra');
  await exceptions.getByLabel('Date', { exact: true }).fill(saturday);
  await exceptions.getByLabel('From', { exact: true }).fill('14:00');
  await exceptions.getByLabel('To', { exact: true }).fill('15:00');
  await exceptions.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(exceptions.getByRole('listitem')).toHaveText([
    `Closed on ${dayLabel(closedDay)} ${closedDay.slice(0, 4)}×`,
    `Vacation ${dayLabel(vacationDay)} ${vacationDay.slice(0, 4)} to ${dayLabel(vacationDay)} ${vacationDay.slice(0, 4)}×`,
    `Extra hours on ${dayLabel(saturday)} ${saturday.slice(0, 4)}, 02:00 PM–03:00 PM×`,
  ]);
  await shotAtWidths(page, 'schedule-editor-filled');
  await expectPhoneFit(page);
  await expectAccessible(page, { include: null });

  await step.getByRole('button', { name: 'Save schedule' }).click();
  await expect(toast(page, 'Schedule saved. Patients see the new times now.')).toBeVisible();
  await expect(step).toHaveCount(0);
  const editor = page.getByRole('region', { name: 'Weekly schedule' });
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('checkbox', { name: 'Open on Monday' })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'Open on Saturday' })).not.toBeChecked();
  await expect(editor.getByText('5 slots: 09:00 AM to 11:30 AM')).toBeVisible();
  await editor.scrollIntoViewIfNeeded();
  await shotAtWidths(page, 'schedule-editor-saved');
  await expectPhoneFit(page);

  // Bookable now; the booking page offers the Saturday's extra hours and skips the dates off.
  expect(await listed()).toContain(doctorId);
  const patientPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInWithSession(patientPage, patient, '/dashboard');
  await expect(patientPage).toHaveURL(/\/dashboard/);
  await patientPage.goto('/book-appointment');
  await patientPage
    .getByRole('searchbox', { name: 'Search doctors by name, clinic or specialty' })
    .fill('Ivy Hours');
  await patientPage.getByRole('button', { name: new RegExp(name) }).click();
  await expect(
    patientPage.getByRole('button', { name: `${dateButtonLabel(saturday)}, 2 slots` }),
  ).toBeVisible();
  await expect(
    patientPage.getByRole('button', { name: new RegExp(`^${dateButtonLabel(closedDay)},`) }),
  ).toHaveCount(0);
  await expect(
    patientPage.getByRole('button', { name: new RegExp(`^${dateButtonLabel(vacationDay)},`) }),
  ).toHaveCount(0);
  await shotAtWidths(patientPage, 'schedule-booking-dates');

  // The API refuses the dates off and books the extra hours.
  const bookAt = (date: string, time: string) =>
    request.post('/api/appointments', {
      headers: patientAuth,
      data: {
        uid: patient.uid,
        date: `${date} at ${time}`,
        doctorId,
        doctor: name,
        clinic: 'Ivy Skin Clinic',
        specialty: 'Dermatology',
        notes: 'Rash',
      },
    });
  expect((await bookAt(closedDay, '09:00 AM')).status()).toBe(400);
  expect((await bookAt(vacationDay, '09:00 AM')).status()).toBe(400);
  expect((await bookAt(saturday, '02:30 PM')).status()).toBe(201);
  await patientPage.context().close();
});
