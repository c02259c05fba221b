import { expect, test } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { registeredUser } from '../support/accounts';
import { dayLabel } from '../support/dates';
import { sql } from '../support/db';
import { MINIMAL_INTAKE_RECORD as RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * The doctor's appointments come a window of clinic dates at a time — today and the next
 * 7 days first, then Earlier / Later, Today, a chosen date and back to This week — and a day with
 * more than a page of bookings offers 'Load more appointments'. A card shows the patient's name and
 * the summary's headline; the summary itself loads when the card is opened.
 */

const ZONE = 'America/Chicago';
const DOCTOR = 'Dr. Wendy Window';
const PATIENT = RECORD.name;
const SCHEDULE = { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] } };

/** 'YYYY-MM-DD' `days` after today in the clinic's zone. */
function clinicDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The range line: 'Fri 27 Nov 2026 – Fri 4 Dec 2026'. */
const range = (from: string, to: string) =>
  `${dayLabel(from)} ${from.slice(0, 4)} – ${dayLabel(to)} ${to.slice(0, 4)}`;

test('the doctor moves through windows of dates and loads more of a busy one', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const doctorUser = await registeredUser(request, 'doctor');
  const [doctorRow] = await sql<{ id: string }>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, schedule, verification_status,
                          is_available, onboarding_completed, credentials_verified)
     SELECT u.id, $2, u.email, 'Family Medicine', 'Window Clinic', $3, $4::jsonb, 'approved', true, true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [doctorUser.uid, DOCTOR, ZONE, JSON.stringify(SCHEDULE)],
  );
  const patient = await registeredUser(request, 'patient');
  const saved = await request.post('/api/patients', {
    headers: { Authorization: `Bearer ${patient.idToken}` },
    data: { uid: patient.uid, data: RECORD },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const at = (day: string, time: string) =>
    sql(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
       VALUES ($1, $2, ($3 || ' ' || $4)::timestamp AT TIME ZONE $5, 'Check-up', 'Window Clinic',
               'Family Medicine', $6)`,
      [patient.uid, doctorRow!.id, day, time, ZONE, DOCTOR],
    );
  const soon = clinicDate(1);
  const later = clinicDate(10);
  await at(soon, '09:00');
  await at(later, '10:00');
  // A busy day after that: 52 bookings, 10 minutes apart (the page holds 50).
  const busy = clinicDate(12);
  await sql(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
     SELECT $1, $2, ($3 || ' 08:00')::timestamp AT TIME ZONE $4 + g * interval '10 minutes', 'Busy',
            'Window Clinic', 'Family Medicine', $5
       FROM generate_series(0, 51) g`,
    [patient.uid, doctorRow!.id, busy, ZONE, DOCTOR],
  );

  await signInWithSession(page, doctorUser, '/provider-dashboard');
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Appointment dates' });
  const cards = page.getByRole('article', { name: new RegExp(`^Appointment with ${PATIENT} on `) });

  // Today and the next 7 days: the appointment tomorrow, not the one in 10 days.
  await expect(nav.getByText(range(clinicDate(0), clinicDate(7)))).toBeVisible();
  await expect(nav.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card).toHaveAccessibleName(new RegExp(`on ${dayLabel(soon)}, 9:00 AM C[SD]T$`));
  // The card carries the summary's headline; the summary loads when it is opened.
  await expect(card.getByTestId('summary-headline')).toContainText('Chief complaints:');
  const summaryLoaded = page.waitForResponse((r) =>
    /\/api\/provider\/appointments\/[^/]+\/intake$/.test(r.url()),
  );
  await card.getByText('Clinical summary').click();
  expect((await summaryLoaded).status()).toBe(200);
  await expect(card.getByRole('region', { name: `Summary of ${PATIENT}` })).toBeVisible();
  await shotAtWidths(page, 'provider-window-week');
  await expectAccessible(page, { include: null });

  // Later: the next 8 days hold the appointment in 10 days.
  await nav.getByRole('button', { name: 'Later' }).click();
  await expect(nav.getByText(range(clinicDate(8), clinicDate(15)))).toBeVisible();
  await expect(
    page.getByRole('article', { name: new RegExp(`on ${dayLabel(later)}, 10:00 AM`) }),
  ).toBeVisible();
  // The busy day has 52: a page of 50 (with the one on day 10), then Load more.
  await expect(cards).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more appointments' }).click();
  await expect(cards).toHaveCount(53);
  await expect(page.getByRole('button', { name: 'Load more appointments' })).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: `Appointments on ${dayLabel(busy)}` })
      .getByRole('heading', { level: 3 }),
  ).toHaveText(`${dayLabel(busy)} · 52 appointments`);

  // Earlier: back to this week.
  await nav.getByRole('button', { name: 'Earlier' }).click();
  await expect(nav.getByText(range(clinicDate(0), clinicDate(7)))).toBeVisible();
  await expect(cards).toHaveCount(1);

  // Today: one day — nothing booked today.
  await nav.getByRole('button', { name: 'Today' }).click();
  await expect(nav.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await expect(nav.getByText(range(clinicDate(0), clinicDate(0)))).toBeVisible();
  await expect(page.getByText('No appointments in these dates.')).toBeVisible();
  await shotAtWidths(page, 'provider-window-today');
  await expectAccessible(page, { include: null });

  // A chosen date keeps the window's length (one day here): the day in 10 days.
  await nav.getByLabel('Show from').fill(later);
  await expect(nav.getByText(range(later, later))).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAccessibleName(new RegExp(`on ${dayLabel(later)}, 10:00 AM`));

  // This week again; at 390 px nothing scrolls sideways.
  await nav.getByRole('button', { name: 'This week' }).click();
  await expect(nav.getByText(range(clinicDate(0), clinicDate(7)))).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await expectAccessible(page, { include: null });
});
