import { expect, test, type Page } from '@playwright/test';
import { signInWithSession, uniqueEmail } from '../support/auth';
import { expectAccessible, shot } from '../support/screens';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

const DOCTOR = 'Dr. Michael Chen';

/** Screenshots of one step at desktop and phone width; the viewport is restored afterwards. */
async function shots(page: Page, name: string) {
  const viewport = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
  }
  if (viewport) await page.setViewportSize(viewport);
}

/** A fresh patient signed up through the UI (signed in, not yet verified: enough for the patient area). */
async function signUpPatient(page: Page) {
  await page.goto('/patient-login');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('booker'));
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
}

async function openDoctor(page: Page) {
  await page.goto('/book-appointment');
  await expect(page.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
  const card = page.getByRole('button', { name: new RegExp(DOCTOR) });
  await expect(card).toBeVisible();
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
}

test.describe('booking from /book-appointment', () => {
  test('a patient books a slot; a second patient no longer sees it', async ({ page, browser }) => {
    await signInWithSession(page, 'patient', '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/book-appointment');
    await expect(page.getByRole('heading', { name: '1. Select a doctor' })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(DOCTOR) })).toContainText('days/week');
    await shots(page, 'booking-doctors');

    await openDoctor(page);
    const dateButtons = page.getByRole('button', { name: /, \d+ slots?$/ });
    await expect(dateButtons.first()).toBeVisible();
    expect(await dateButtons.count()).toBeLessThanOrEqual(14);
    await shots(page, 'booking-dates');

    const dateButton = dateButtons.first();
    const dateName = (await dateButton.getAttribute('aria-label'))!;
    const [dateLabel, countText] = dateName.split(', ');
    const before = Number(/\d+/.exec(countText!)![0]);
    await dateButton.click();
    await expect(dateButton).toHaveAttribute('aria-pressed', 'true');
    const slotButtons = page.getByRole('button', { name: /^\d{2}:\d{2} (AM|PM)$/ });
    await expect(slotButtons.first()).toBeVisible();
    await shots(page, 'booking-slots');

    const slot = slotButtons.first();
    const time = (await slot.textContent())!.trim();
    await slot.click();
    await expect(slot).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Additional notes (optional)').fill('Follow-up appointment for my blood pressure');
    // The date as a patient reads it, weekday and clinic zone named.
    const [hh, mm, ampm] = time.split(/[: ]/);
    await expect(page.getByTestId('booking-summary')).toContainText(
      new RegExp(
        `${dateLabel.split(' ')[0]!.slice(0, 3)} ${dateLabel.split(' ')[1]} ${dateLabel.split(' ')[2]!.slice(0, 3)} \\d{4}, ${Number(hh)}:${mm} ${ampm} E[SD]T`,
      ),
    );
    await shots(page, 'booking-confirm');
    // Every step on screen at once: no serious or critical accessibility violations.
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Confirm Appointment' }).click();
    await expect(
      toast(
        page,
        /^Appointment booked successfully! Dr\. Michael Chen on (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (AM|PM) E[SD]T, /,
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.waitForLoadState('networkidle');
    await shots(page, 'booking-success');

    // A second patient, in a separate browser context, sees one slot fewer on that date.
    const context = await browser.newContext();
    const other = await context.newPage();
    try {
      await signUpPatient(other);
      await openDoctor(other);
      const sameDate = other.getByRole('button', { name: new RegExp(`^${dateLabel}, `) });
      await expect(sameDate).toHaveAttribute(
        'aria-label',
        `${dateLabel}, ${before - 1} slot${before - 1 === 1 ? '' : 's'}`,
      );
      await sameDate.click();
      await expect(other.getByRole('heading', { name: '3. Select a time slot' })).toBeVisible();
      await expect(other.getByRole('button', { name: time, exact: true })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('Cancel returns to /dashboard and a doctor without dates shows the page’s empty state', async ({
    page,
  }) => {
    await signInWithSession(page, 'patient', '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    // A doctor who works no day (only possible through the API's data): served by a routed response.
    await page.route('**/api/doctors-with-context/**', (route) =>
      route.fulfill({
        json: {
          doctors: [
            {
              id: '7b0e6d8e-3c1f-4c53-9a52-2f1f1a7f0c11',
              name: 'Dr. Nobody Free',
              specialty: 'General Medicine',
              clinic: 'Quiet Clinic',
              timeZone: 'America/New_York',
              schedule: { availableDays: [], timeSlots: {} },
              visitCount: 0,
              lastVisitDate: null,
              nextFreeSlot: null,
            },
          ],
          lastDoctorName: null,
          totalAppointments: 0,
          nextCursor: null,
        },
      }),
    );
    // Its free slots come from the slots route: none.
    await page.route('**/api/doctors/*/slots?**', (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        json: {
          doctorId: '7b0e6d8e-3c1f-4c53-9a52-2f1f1a7f0c11',
          timeZone: 'America/New_York',
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          days: [],
        },
      });
    });
    await page.goto('/book-appointment');
    await page.getByRole('button', { name: /Dr\. Nobody Free/ }).click();
    await expect(
      page.getByText(
        'No available dates found for Dr. Nobody Free. Please select another doctor or contact the clinic.',
      ),
    ).toBeVisible();
    await shots(page, 'booking-empty-dates');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
