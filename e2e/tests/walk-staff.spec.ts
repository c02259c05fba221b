import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { approvedDoctor, newPatient, tinyPdf } from '../support/accounts';
import { submitApplication } from '../support/applicant';
import { signInWithSession } from '../support/auth';
import { sql } from '../support/db';
import { earlierTodaySql } from '../support/dates';
import { PHONE, checkDialog, checkScreen, expectFocusKept } from '../support/phone';

/**
 * The staff's side of the product walked at 390 px, one journey per role: a doctor's day, a Healthcare
 * Provider's, an admin's desk. On every screen the page does not scroll sideways, touch targets are
 * at least 44 px and axe finds nothing serious (at 1366 px too, with screenshots at both widths);
 * after every primary action the focus is on something sensible, never dropped on the page body.
 */

const RUN = Date.now().toString(36);
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: WEEK,
  timeSlots: Object.fromEntries(WEEK.map((d) => [d, ['09:00 AM', '10:30 AM']])),
};

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

async function phonePage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: PHONE })).newPage();
}

/** An approved clinician with weekly hours, a visit that started 20 minutes ago and one tomorrow. */
async function clinicianWithVisits(
  request: Parameters<typeof approvedDoctor>[0],
  role: 'doctor' | 'provider',
  name: string,
) {
  const { user, doctorId } = await approvedDoctor(
    request,
    { name, clinic: `Walk Clinic ${RUN}`, timeZone: 'UTC', schedule: SCHEDULE },
    role,
  );
  // What an approved application holds and the profile form requires.
  await sql(
    `UPDATE doctors SET license_number = $2, clinic_address = '{"city": "Boston", "state": "MA"}'
      WHERE id = $1`,
    [doctorId, `WALK-${role}-${RUN}`],
  );
  const patient = await newPatient(request, true);
  const visit = (startsAt: string) =>
    sql(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
       VALUES ($1, $2, ${startsAt}, 'Walk check-up', $3, 'Cardiology', $4)`,
      [patient.uid, doctorId, `Walk Clinic ${RUN}`, name],
    );
  await visit(earlierTodaySql('UTC', 20));
  await visit(`date_trunc('day', now()) + interval '1 day 10 hours'`);
  return user;
}

/** The clinician's journey: dashboard, close a visit, cancel one, schedule, profile, settings. */
async function clinicianWalk(page: Page, role: 'doctor' | 'provider') {
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Provider dashboard' })).toBeVisible();
  const cards = page.getByRole('article', { name: /^Appointment with / });
  await expect(cards).toHaveCount(2);
  await checkScreen(page, `walk-${role}-dashboard`);

  // Close the visit that has started: its button goes, the focus stays on the card.
  // Named once: the filters below stop matching when the buttons go.
  const named = async (filter: Locator) =>
    page.getByRole('article', { name: (await filter.getAttribute('aria-label'))!, exact: true });
  const started = await named(cards.filter({ has: page.getByRole('button', { name: 'Mark Completed' }) }));
  await started.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(started.getByRole('button', { name: 'Undo Completed' })).toBeVisible();
  await expectFocusKept(page, `${role}: Mark Completed`);

  // A prescription whose content is not a PDF is named on its card; the next good file clears it.
  const attach = started.getByLabel('Attach prescription');
  await attach.setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just text'),
  });
  await expect(started.getByRole('alert')).toHaveText(
    '“notes.pdf” is not a PDF, JPEG or PNG file. Please choose another file.',
  );
  await attach.setInputFiles({ name: 'rx.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Rx') });
  await expect(toast(page, /^Prescription attached for /)).toBeVisible();
  await expect(started.getByRole('alert')).toHaveCount(0);

  // Cancel tomorrow's visit, with a reason, in a dialog.
  const upcoming = await named(
    cards.filter({ has: page.getByRole('button', { name: 'Cancel appointment' }) }),
  );
  await upcoming.getByRole('button', { name: 'Cancel appointment' }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel the appointment with / });
  await checkDialog(page, `walk-${role}-cancel-dialog`, dialog);
  await dialog.getByLabel('Reason (shown to the patient)').fill('The clinic is closed that morning');
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toast(page, 'Appointment cancelled. The patient has been notified.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectFocusKept(page, `${role}: cancel appointment`);

  // Save the weekly schedule and the profile.
  const save = page.getByRole('button', { name: 'Save schedule' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expect(toast(page, 'Schedule saved. Patients see the new times now.')).toBeVisible();
  await expectFocusKept(page, `${role}: Save schedule`);
  await page.getByLabel('Bio (optional)').fill(`Sees patients at the walk clinic (${RUN}).`);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile saved')).toBeVisible();
  await expectFocusKept(page, `${role}: Save profile`);
  await checkScreen(page, `walk-${role}-dashboard-after`);

  // Their settings.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkScreen(page, `walk-${role}-settings`);
}

test('a doctor’s day at 390 px: every screen fits, and the focus follows each action', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await clinicianWithVisits(request, 'doctor', `Dr. Walk ${RUN}`);
  const page = await phonePage(browser);
  await signInWithSession(page, user, '/provider-dashboard');
  await clinicianWalk(page, 'doctor');
});

test('a Healthcare Provider’s day at 390 px: the same journey, named for their role', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await clinicianWithVisits(request, 'provider', `Pat Provider ${RUN}`);
  const page = await phonePage(browser);
  await signInWithSession(page, user, '/provider-dashboard');
  await clinicianWalk(page, 'provider');
});

test('an admin’s desk at 390 px: approve, suspend a seeded doctor, audit, look up a patient', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const first = `Dr. Walk First ${RUN}`;
  const second = `Dr. Walk Second ${RUN}`;
  await submitApplication(request, first, { licenseNumber: `WALK-A-${RUN}` });
  await submitApplication(request, second, { licenseNumber: `WALK-B-${RUN}` });
  const page = await phonePage(browser);
  await signInWithSession(page, 'admin', '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await checkScreen(page, 'walk-admin-desk');

  // Approve the first of two: the focus goes to the card that takes its place.
  await page.getByLabel('Search by name, e-mail or licence').fill(RUN);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const firstCard = page.getByRole('article', { name: `Application of ${first}` });
  const secondCard = page.getByRole('article', { name: `Application of ${second}` });
  await expect(firstCard).toBeVisible();
  await expect(secondCard).toBeVisible();
  // Submitted today, in the product's date format (not the browser's 11/27/2026).
  await expect(firstCard).toContainText(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}\b/);
  await expect(firstCard).not.toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
  await firstCard.getByRole('button', { name: `Approve ${first}` }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${first}?` });
  await checkDialog(page, 'walk-admin-approve-dialog', approve);
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(toast(page, `${first} approved: bookable once they set their weekly hours.`)).toBeVisible();
  await expect(firstCard).toHaveCount(0);
  await expectFocusKept(page, 'admin: Approve', secondCard);

  // The seeded doctors are on the Approved tab the counter counts: find one, suspend and reinstate.
  const approvedCount = page.getByRole('region', { name: 'Approved doctors' });
  await page.getByRole('tab', { name: 'Approved' }).click();
  await page.getByLabel('Search by name, e-mail or licence').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const pageStatus = page.getByRole('navigation', { name: 'Pages of applications' }).getByRole('status');
  await expect
    .poll(
      async () => {
        const counted = (await approvedCount.innerText()).match(/\d+/)?.[0];
        return counted !== undefined && (await pageStatus.innerText()).includes(` · ${counted} `);
      },
      { message: 'the Approved tab lists as many doctors as the Approved counter counts' },
    )
    .toBe(true);
  const [seeded] = await sql<{ name: string }>(
    `SELECT name FROM doctors WHERE seed_key IS NOT NULL AND suspended_at IS NULL AND user_id IS NULL
      ORDER BY seed_key LIMIT 1`,
  );
  await page.getByLabel('Search by name, e-mail or licence').fill(seeded!.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const seededCard = page.getByRole('article', { name: `Application of ${seeded!.name}` });
  await seededCard.getByRole('button', { name: `Suspend ${seeded!.name}` }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend ${seeded!.name}?` });
  await suspend.getByRole('textbox').fill('Walk check of the suspension');
  await checkDialog(page, 'walk-admin-suspend-dialog', suspend);
  await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(seededCard).toHaveCount(0);
  await expectFocusKept(page, 'admin: Suspend');
  await page.getByRole('tab', { name: 'Suspended' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await seededCard.getByRole('button', { name: `Reinstate ${seeded!.name}` }).click();
  const reinstate = page.getByRole('dialog', { name: `Reinstate ${seeded!.name}?` });
  await reinstate.getByRole('button', { name: 'Reinstate', exact: true }).click();
  await expect(seededCard).toHaveCount(0);
  await expectFocusKept(page, 'admin: Reinstate');

  // The audit log: the actor found by a part of their name, shown beside the uid, times in UTC.
  const [actor] = await sql<{ actor_uid: string }>(
    `SELECT actor_uid FROM audit_log WHERE action = 'doctor.suspend' AND detail LIKE '%Walk check%'
      ORDER BY created_at DESC LIMIT 1`,
  );
  await sql(`UPDATE users SET name = $2 WHERE firebase_uid = $1`, [actor!.actor_uid, `Walk Admin ${RUN}`]);
  const audit = page.getByRole('form', { name: 'Filter the audit log' });
  await audit.getByLabel('Actor (name, e-mail or user id)').fill(`admin ${RUN}`);
  await audit.getByLabel('Action').selectOption('doctor.suspend');
  await audit.getByRole('button', { name: 'Apply filters' }).click();
  const rows = page.getByRole('region', { name: 'Audit rows' });
  await expect(rows).toContainText('doctor.suspend');
  await expect(rows).toContainText(`Walk Admin ${RUN}`);
  await expect(rows).toContainText(actor!.actor_uid);
  await expect(rows).toContainText('UTC');
  await checkScreen(page, 'walk-admin-audit');

  // Look up a patient's record by e-mail: the reason first, then the record's headline.
  const patient = await newPatient(request, true);
  const lookup = page.getByRole('region', { name: 'Look up a patient’s record' });
  await lookup.getByLabel('Patient’s e-mail or uid').fill(patient.email);
  await lookup.getByRole('button', { name: 'Look up' }).click();
  const reason = page.getByRole('dialog', { name: 'State a reason to open this record' });
  await checkDialog(page, 'walk-admin-lookup-dialog', reason);
  await reason.getByRole('textbox').fill('Walk check: the patient asked for help by phone');
  await reason.getByRole('button', { name: 'Open the record' }).click();
  await expect(page.getByTestId('admin-patient-record')).toBeVisible();
  await expectFocusKept(page, 'admin: record lookup');
  await checkScreen(page, 'walk-admin-lookup');
});
