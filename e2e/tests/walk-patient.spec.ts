import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth';
import { tinyPdf } from '../support/accounts';
import {
  DESKTOP,
  PHONE,
  expectFocusKept,
  expectNoSidewaysScroll,
  expectTouchTargets,
  chromeTargets,
} from '../support/phone';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * The whole product as a new patient on a phone (390 px): sign up → verify → intake → summary → documents
 * → book → reschedule → cancel → settings. On every screen the page does not scroll sideways, touch
 * targets are 44 px, axe finds nothing serious, and after each primary action focus is on an element of
 * the page (a heading, a panel), never dropped to the body. Screens are saved at 1366 and 390 px with
 * E2E_SHOTS=1.
 */

const question = (page: Page) => page.getByTestId('intake-question');

async function checkScreen(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, name);
  await expectTouchTargets(chromeTargets(page), name);
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, `walk-${name}`);
  await page.setViewportSize(PHONE);
}

/** Answers whatever the intake asks with a plausible answer ("None", "No", the first option). */
async function answer(page: Page) {
  const heading = (await question(page).textContent()) ?? '';
  if (heading === 'What is your full name?') {
    await page.getByLabel(heading).fill('Walk Patient');
    return;
  }
  if ((await page.getByLabel('Year').count()) > 0) {
    await page.getByLabel('Year').selectOption('1985');
    await page.getByLabel('Month').selectOption('6');
    await page.getByLabel('Day').selectOption('15');
    return;
  }
  if ((await page.getByLabel('Height (feet)').count()) > 0) {
    await page.getByLabel('Height (feet)').fill('5');
    await page.getByLabel('Height (inches)').fill('9');
    await page.getByLabel('Weight (kg)').fill('70');
    return;
  }
  for (const name of ['Male', 'New Appointment', 'No', 'Never', 'None']) {
    const radio = page.getByRole('radio', { name, exact: true });
    if ((await radio.count()) > 0) {
      await radio.check();
      return;
    }
  }
  if ((await page.getByRole('radio').count()) > 0) {
    await page.getByRole('radio').first().check();
    return;
  }
  for (const name of ['None', 'None of these']) {
    const none = page.getByRole('checkbox', { name, exact: true });
    if ((await none.count()) > 0) {
      await none.check();
      return;
    }
  }
  // A required multi-select: its first option (Headache for the symptoms, then its own questions).
  const boxes = page.getByRole('checkbox');
  if (!heading.includes('(optional)') && (await boxes.count()) > 0) {
    const headache = page.getByRole('checkbox', { name: 'Headache', exact: true });
    await ((await headache.count()) > 0 ? headache : boxes.first()).check();
  }
}

test('a new patient walks the whole product on a phone', async ({ page, context }) => {
  test.setTimeout(900_000);
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('walk');

  // Sign up, then Verify Your Email.
  await page.goto('/patient-login');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await checkScreen(page, 'sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expectFocusKept(page, 'after Create account');
  await checkScreen(page, 'verify-email');
  const [mailbox] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Open the local mailbox' }).click(),
  ]);
  const item = mailbox.getByRole('listitem').filter({ hasText: email });
  await item.getByRole('button', { name: `Verify email ${email}` }).click();
  await expect(mailbox.getByText(`Email verified for ${email}.`).first()).toBeVisible();
  await mailbox.close();
  await page.getByRole('button', { name: "I've Verified My Email" }).click();
  await expect(page).toHaveURL(/\/form$/);

  // The intake, every question; progress never changes its total on the way.
  await expect(question(page)).toHaveText('What is your full name?');
  const totals = new Set<string>();
  for (let step = 0; step < 80; step += 1) {
    const text = (await question(page).textContent()) ?? '';
    if (text === 'Please Review Your Information') break;
    const progress = await page.getByTestId('intake-progress').textContent();
    totals.add(/of (\d+)/.exec(progress ?? '')?.[1] ?? '?');
    await answer(page);
    await checkScreen(page, `intake-${step}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(question(page)).not.toHaveText(text);
    await expectFocusKept(page, `after Next on "${text}"`);
  }
  expect([...totals]).toEqual(['3']);
  await expect(question(page)).toHaveText('Please Review Your Information');
  await expect(page.getByRole('region', { name: 'Documents uploaded in this intake' })).toBeVisible();
  await checkScreen(page, 'intake-review');
  await page.getByRole('button', { name: 'Continue to File Upload' }).click();
  await expectFocusKept(page, 'after Continue to File Upload');
  await checkScreen(page, 'intake-upload');
  await page.getByRole('button', { name: 'Finish & Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your form was submitted.' })).toBeVisible();
  await expectFocusKept(page, 'after Finish & Submit');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The summary, and the skip link before the header's navigation.
  await expect(page.getByRole('tab', { name: 'Patient Summary' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('visit-latest')).toBeVisible();
  await checkScreen(page, 'summary');
  // A fresh load starts the Tab order at the top of the page.
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: 'Patient Summary' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Documents: upload a PDF and preview it.
  await page.getByRole('tab', { name: /^Medical Documents/ }).click();
  // A text file named .pdf on this PDF-only tab: the message speaks of PDFs only.
  await page.getByTestId('document-input').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some text'),
  });
  const refused = page.getByText('“notes.pdf” is not a PDF file. Please choose a PDF.').first();
  await expect(refused).toBeVisible();
  await expect(page.getByText(/Word document/)).toHaveCount(0);
  await page.getByTestId('document-input').setInputFiles({
    name: 'Walk blood test.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf('Medora walk'),
  });
  const card = page.getByTestId('document-card').first();
  await expect(card).toBeVisible();
  await checkScreen(page, 'documents');
  await card.getByRole('button', { name: /^Preview: / }).click();
  const preview = page.getByRole('dialog', { name: 'Walk blood test.pdf' });
  await expect(preview).toBeVisible();
  await expectFocusKept(page, 'after Preview');
  await checkScreen(page, 'document-preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Book from the dashboard.
  await page.getByRole('tab', { name: 'Book Appointment' }).click();
  await page.getByRole('button', { name: 'Start Booking Appointment' }).click();
  await expect(page.getByRole('heading', { name: '1. Select a doctor' })).toBeFocused();
  await checkScreen(page, 'book-doctors');
  await page.getByRole('button', { name: /Dr\. Michael Chen/ }).click();
  await page
    .getByRole('button', { name: /, \d+ slots?$/ })
    .first()
    .click();
  await page
    .getByRole('button', { name: /^\d{2}:\d{2} (AM|PM)$/ })
    .first()
    .click();
  await expect(page.getByTestId('booking-summary')).toBeVisible();
  await checkScreen(page, 'book-confirm');
  await page.getByRole('button', { name: 'Confirm Appointment' }).click();
  await expect(page.getByRole('tab', { name: /^Upcoming/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: /^Appointments/ })).toBeFocused();
  await checkScreen(page, 'appointments');

  // Reschedule it.
  await page.getByRole('button', { name: /^Details: Dr\. Michael Chen/ }).click();
  const details = page.getByRole('dialog', { name: 'Appointment details' });
  await expect(details).toBeVisible();
  await checkScreen(page, 'appointment-details');
  await details.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('heading', { name: 'Reschedule Appointment' })).toBeVisible();
  await expectFocusKept(page, 'after Reschedule');
  await expect(page.getByRole('heading', { name: '1. Your doctor (stays the same)' })).toBeVisible();
  await page
    .getByRole('button', { name: /, \d+ slots?$/ })
    .last()
    .click();
  await page
    .getByRole('button', { name: /^\d{2}:\d{2} (AM|PM)$/ })
    .last()
    .click();
  await checkScreen(page, 'reschedule');
  await page.getByRole('button', { name: 'Confirm New Time' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=appointments/);
  await expectFocusKept(page, 'after Confirm New Time');

  // An unknown appointment to reschedule: a clear message and a way back.
  await page.goto('/book-appointment?reschedule=00000000-0000-4000-8000-000000000000');
  await expect(
    page.getByRole('alert').filter({ hasText: 'We could not find this appointment' }),
  ).toBeVisible();
  await checkScreen(page, 'reschedule-unknown');
  await page.getByRole('button', { name: 'Back to my appointments' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=appointments/);

  // Cancel it.
  await page.getByRole('button', { name: /^Details: Dr\. Michael Chen/ }).click();
  await page
    .getByRole('dialog', { name: 'Appointment details' })
    .getByRole('button', { name: 'Cancel appointment' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
  await expect(confirm).toBeVisible();
  await checkScreen(page, 'cancel-confirm');
  await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(confirm).toBeHidden();
  await expectFocusKept(page, 'after Cancel appointment');

  // Settings: the intake's name is there; a new one reaches the summary.
  await page.goto('/settings');
  const profile = page.getByRole('form', { name: 'Name and phone' });
  await expect(profile.getByLabel('Full name')).toHaveValue('Walk Patient');
  await checkScreen(page, 'settings');
  await profile.getByLabel('Full name').fill('Walker Renamed');
  await profile.getByRole('button', { name: 'Save name and phone' }).click();
  await expectFocusKept(page, 'after Save name and phone');
  await page.goto('/dashboard?view=record');
  await expect(page.getByRole('main')).toContainText('Walker Renamed');

  // A signed-in 404 keeps the header and its navigation.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: /, account menu$/ })).toBeVisible();
  await checkScreen(page, 'not-found');
  await page.setViewportSize(DESKTOP);
});
