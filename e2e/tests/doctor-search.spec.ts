import { expect, test } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { newPatient } from '../support/accounts';
import { sql } from '../support/db';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * The booking page searches the server — a clinic name typed (debounced), a page of 20
 * doctors, "Load more doctors" by keyboard with its busy and end-of-list states — and fetches the
 * free slots of the doctor the patient opens.
 */

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: EVERY_DAY,
  timeSlots: Object.fromEntries(EVERY_DAY.map((d) => [d, ['09:00 AM', '10:00 AM']])),
};
const COUNT = 27;

test('search by clinic, load more doctors by keyboard, open one for its free slots', async ({
  page,
  request,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const clinic = `Pager Clinic ${run}`;
  await sql(
    `INSERT INTO doctors (name, specialty, clinic, time_zone, schedule, verification_status, is_available,
                          onboarding_completed)
     SELECT 'Dr. Pager ' || lpad(g::text, 2, '0'), 'Neurology', $1, 'America/New_York', $2::jsonb, 'approved',
            true, true
       FROM generate_series(1, $3::int) g`,
    [clinic, JSON.stringify(SCHEDULE), COUNT],
  );
  try {
    const patient = await newPatient(request, true);
    await signInWithSession(page, patient, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/book-appointment');
    await expect(page.getByRole('heading', { name: '1. Select a doctor' })).toBeVisible();

    const slotsRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/doctors\/[^/]+\/slots\?/.test(r.url())) slotsRequests.push(r.url());
    });
    const searched = page.waitForRequest((r) => r.url().includes('q=') && r.url().includes(run));
    await page.getByRole('searchbox', { name: 'Search doctors by name, clinic or specialty' }).fill(clinic);
    await searched;
    const cards = page.getByTestId('doctor-list').getByRole('button');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText('Dr. Pager 01');
    await expect(cards.first()).toContainText(/Next free: \w{3} \d{1,2} \w{3} \d{4}, 9:00 AM E[SD]T/);

    const more = page.getByRole('button', { name: 'Load more doctors' });
    await more.focus();
    await shotAtWidths(page, 'doctor-search-first-page');
    await page.keyboard.press('Enter');
    await expect(cards).toHaveCount(COUNT);
    await expect(cards.last()).toContainText(`Dr. Pager ${COUNT}`);
    await expect(page.getByTestId('doctor-list-end')).toHaveText('No more doctors match.');
    await expect(more).toHaveCount(0);

    // The doctor opened: their free slots are fetched then, for the booking window.
    expect(slotsRequests).toEqual([]);
    await cards.last().click();
    await expect(page.getByRole('button', { name: /, 2 slots$/ }).first()).toBeVisible();
    expect(slotsRequests).toHaveLength(1);
    expect(slotsRequests[0]).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await shotAtWidths(page, 'doctor-search-all-loaded');
    await expectAccessible(page, { include: null });

    // Nothing matches: the step says so.
    await page
      .getByRole('searchbox', { name: 'Search doctors by name, clinic or specialty' })
      .fill(`${clinic} nobody`);
    await expect(page.getByText('No doctor matches your search.')).toBeVisible();
  } finally {
    await sql(`DELETE FROM doctors WHERE clinic = $1`, [clinic]);
  }
});
