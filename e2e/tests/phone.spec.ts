import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithSession, uniqueEmail } from '../support/auth';
import { expectAccessible, shotAtWidths } from '../support/screens';
import {
  DESKTOP,
  PHONE,
  checkDialog,
  checkScreen,
  expectInViewport,
  expectNoSidewaysScroll,
  expectTouchTargets,
} from '../support/phone';
import { newPatient, tinyPdf } from '../support/accounts';

/**
 * A phone is a first-class screen. At 390 × 844 every patient route and every open menu,
 * panel and dialog fits the screen (no sideways scroll of the page, overlays inside the viewport),
 * touch targets are at least 44 px, and axe finds no serious or critical violation on the whole page
 * (at 1366 px too). 360 and 414 px are checked for the dashboard and the header's overlays.
 * Every state is saved at 1366 and 390 px (`shotAtWidths`) for review.
 */

const MIN = 60_000;
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const accountButton = (page: Page) => page.getByRole('button', { name: /, account menu$/ });
const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

async function openBell(page: Page): Promise<Locator> {
  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  return panel;
}

async function openAccountMenu(page: Page): Promise<Locator> {
  await accountButton(page).click();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('a phone is a first-class screen', () => {
  test('the signed-out pages and the 404 page fit 390 px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await checkScreen(page, 'landing');

    await page.goto('/patient-login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await checkScreen(page, 'patient-login');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/mfe_|\/[A-Z]\w+Page/);
    await checkScreen(page, 'not-found');

    await page.goto('/patient-login');
    // Sign up: the fields, then Verify Your Email with an address longer than the screen is wide.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await checkScreen(page, 'sign-up');
    await page.getByLabel('Email').fill(uniqueEmail('a-rather-long-address-that-does-not-fit-a-phone'));
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await checkScreen(page, 'verify-email');
  });

  test('every patient route and overlay fits 390 px; booking in the UI updates the bell without a reload', async ({
    page,
    request,
  }) => {
    test.setTimeout(420_000);
    const user = await newPatient(request, true);
    await page.clock.install();
    await page.setViewportSize(PHONE);
    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(tab(page, 'Patient Summary')).toHaveAttribute('aria-selected', 'true');

    // The header: the account button shows the initial only, and its name carries the e-mail.
    await expect(accountButton(page)).toHaveAccessibleName(`${user.email}, account menu`);
    await checkScreen(page, 'dashboard-summary');

    // The header's overlays, at 360, 390 and 414 px.
    for (const width of [360, 414, 390]) {
      await page.setViewportSize({ width, height: 844 });
      const panel = await openBell(page);
      await expectNoSidewaysScroll(page, `bell panel at ${width}`);
      await expectInViewport(page, panel, `bell panel at ${width}`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      const menu = await openAccountMenu(page);
      await expectNoSidewaysScroll(page, `account menu at ${width}`);
      await expectInViewport(page, menu, `account menu at ${width}`);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    const panel = await openBell(page);
    await expect(panel.locator('li svg').first()).toBeVisible();
    await checkScreen(page, 'bell-open', panel);
    await page.keyboard.press('Escape');
    const menu = await openAccountMenu(page);
    await expect(menu).toContainText(user.email);
    await checkScreen(page, 'account-menu-open', menu);
    await page.keyboard.press('Escape');

    // The dashboard's tabs: one scroller, the selected tab in view, at 360 and 414 px too.
    for (const [name, url] of [
      ['dashboard-appointments-upcoming', '/dashboard?tab=appointments&sub=upcoming'],
      ['dashboard-appointments-history', '/dashboard?tab=appointments&sub=history'],
      ['dashboard-book', '/dashboard?tab=book'],
      ['dashboard-medicines', '/dashboard?tab=medicines'],
      // Last: the document upload below starts on this tab.
      ['dashboard-documents', '/dashboard?tab=documents'],
    ] as const) {
      await page.goto(url);
      const selected = page.locator('[role="tablist"] [role="tab"][aria-selected="true"]').first();
      await expect(selected).toBeVisible();
      for (const width of [360, 414]) {
        await page.setViewportSize({ width, height: 844 });
        await expectNoSidewaysScroll(page, `${name} at ${width}`);
        await expect(selected).toBeInViewport({ ratio: 1 });
      }
      await page.setViewportSize(PHONE);
      await expect(selected).toBeInViewport({ ratio: 1 });
      // The tab list scrolls sideways on its own, never vertically (the stray scrollbar).
      const tabList = page.getByRole('tablist', { name: /dashboard/i });
      expect(await tabList.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
      await checkScreen(page, name);
    }
    await page.setViewportSize(DESKTOP);
    const desktopTabs = page.getByRole('tablist', { name: /dashboard/i });
    expect(
      await desktopTabs.evaluate((el) => [
        el.scrollWidth - el.clientWidth,
        el.scrollHeight - el.clientHeight,
      ]),
      'no scrollbar in the tab list on a desktop',
    ).toEqual([0, 0]);
    await page.setViewportSize(PHONE);

    // A document, and its preview dialog.
    await page.getByTestId('document-input').setInputFiles({
      name: 'Blood test results from the clinic.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf('Medora phone test'),
    });
    const card = page.getByTestId('document-card').first();
    await expect(card).toBeVisible();
    await checkScreen(page, 'dashboard-documents-one');
    await card.getByRole('button', { name: /^Preview: / }).click();
    await checkDialog(page, 'document-preview', page.getByRole('dialog').last());
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // /book-appointment, each step; booking in the UI raises the bell's count with no reload.
    await page.goto('/book-appointment');
    await expect(page.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('Build:');
    const badge = page.getByTestId('unread-badge');
    await expect(badge).toBeVisible();
    const unreadBefore = Number(await badge.textContent());
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const doctor = page.getByRole('button', { name: /Dr\. Michael Chen/ });
    await expect(doctor).toBeVisible();
    await checkScreen(page, 'booking-doctors');
    await doctor.click();
    const date = page.getByRole('button', { name: /, \d+ slots?$/ }).first();
    await expect(date).toBeVisible();
    await checkScreen(page, 'booking-dates');
    await date.click();
    const slot = page.getByRole('button', { name: /^\d{2}:\d{2} (AM|PM)$/ }).first();
    await expect(slot).toBeVisible();
    await checkScreen(page, 'booking-slots');
    await slot.click();
    await expect(page.getByTestId('booking-summary')).toBeVisible();
    await checkScreen(page, 'booking-confirm');
    await page.getByRole('button', { name: 'Confirm Appointment' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    // The booking's notification (and a reminder when the slot is within 48 h) without a reload.
    await expect.poll(async () => Number(await badge.textContent())).toBeGreaterThan(unreadBefore);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The appointment's details dialog and the cancel dialog.
    await page.goto('/dashboard?tab=appointments&sub=upcoming');
    await page.getByRole('button', { name: /^Details: Dr\. Michael Chen/ }).click();
    const details = page.getByRole('dialog', { name: 'Appointment details' });
    await checkDialog(page, 'appointment-details', details);
    await details.getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
    await checkDialog(page, 'cancel-appointment', confirm);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();

    // /form: the welcome-back choice, a question, the review.
    await page.goto('/form');
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await checkScreen(page, 'form-welcome');
    await page.getByRole('button', { name: /Follow-Up Visit/ }).click();
    await expect(page.getByTestId('intake-question')).toBeVisible();
    await checkScreen(page, 'form-question');
    for (let i = 0; i < 60 && (await page.getByRole('button', { name: 'Next' }).count()) > 0; i += 1) {
      // The follow-up asks how the patient feels since the last visit (required).
      const feeling = page.getByRole('radio', { name: 'About the same' });
      if ((await feeling.count()) > 0) await feeling.check();
      // Pregnancy and travel, asked at every visit: No.
      const no = page.getByRole('radio', { name: 'No', exact: true });
      if ((await no.count()) > 0) await no.check();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await expect(page.getByTestId('intake-question')).toHaveText('Please Review Your Information');
    await checkScreen(page, 'form-review');

    // /settings.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkScreen(page, 'settings');

    // The idle warning (28 idle minutes) over the dashboard.
    await page.goto('/dashboard');
    await expect(tab(page, 'Patient Summary')).toBeVisible();
    await page.clock.fastForward(28 * MIN + 1000);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await expect(warning).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectInViewport(page, warning.locator(':scope > *').first(), 'idle warning');
    await expectNoSidewaysScroll(page, 'idle warning');
    await expectTouchTargets(warning.locator('button'), 'idle warning');
    await expectAccessible(page, { include: null });
    await shotAtWidths(page, 'phone-idle-warning');
  });
});
