import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginThroughUi, signInInEmulator } from '../support/auth';
import { expectAccessible, shotAtWidths } from '../support/screens';
import { newPatient } from '../support/accounts';

/**
 * The settings page — name and phone, password change with
 * re-authentication, e-mail change with verification, notification preferences — for patients and
 * clinicians alike, at desktop and phone width.
 */

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

/** Signs in through the login screen and opens /settings through the account menu. */
async function openSettings(page: Page, email: string, password: string) {
  await loginThroughUi(page, email, password);
  await expect(page).not.toHaveURL(/\/patient-login$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeVisible();
}

const form = (page: Page, name: string): Locator => page.getByRole('form', { name });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * At 390 px the page does not scroll sideways, nothing of the page's own content is wider than the
 * view, and every control is at least 44 px tall.
 */
async function expectPhoneFit(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    return (
      [main, ...main.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5 || el.scrollWidth > el.clientWidth + 1)
        // Scrollers, native selects and visually hidden text (clipped to 1 px) are not overflow.
        .filter(
          (el) => !['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.tagName !== 'SELECT',
        )
        .filter((el) => !el.classList.contains('md-visually-hidden'))
        .map((el) => `${el.tagName}.${el.className}`)
    );
  });
  expect(outside).toEqual([]);
  const small = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'main button, main input:not([type="checkbox"]), main select, main label:has(input[type="checkbox"])',
      ),
    ]
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName} ${el.getAttribute('name') ?? el.textContent}`),
  );
  expect(small).toEqual([]);
  if (size) await page.setViewportSize(size);
}

/** Whole-page axe (open menus included): no serious or critical violation. */
const expectWholePageAccessible = (page: Page) => expectAccessible(page, { include: null });

test.describe('the settings page', () => {
  test('name and phone are saved, kept after a reload, and a bad phone loses nothing', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    await openSettings(page, user.email, user.password);
    const profile = form(page, 'Name and phone');
    await expect(form(page, 'E-mail address').getByText(user.email, { exact: true })).toBeVisible();
    await shotAtWidths(page, 'settings');
    await expectPhoneFit(page);
    await expectWholePageAccessible(page);

    // A 9-digit phone: the spec message, and both fields keep what was typed.
    await profile.getByLabel('Full name').fill('Maria Santos');
    await profile.getByLabel('Phone (optional)').fill('555 123 456');
    await expect(profile.getByLabel('Phone (optional)')).toHaveValue('555123456');
    await profile.getByRole('button', { name: 'Save name and phone' }).click();
    await expect(
      profile.getByText('Please enter a valid phone number (at least 10 digits) or leave it empty'),
    ).toBeVisible();
    await expect(profile.getByLabel('Phone (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(profile.getByLabel('Full name')).toHaveValue('Maria Santos');
    await shotAtWidths(page, 'settings-phone-error');
    await expectWholePageAccessible(page);

    // Keyboard only: type the rest of the number and press Enter in the field.
    await profile.getByLabel('Phone (optional)').focus();
    await page.keyboard.press('End');
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Your name and phone are saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Maria Santos');
    await expect(page.getByLabel('Phone (optional)')).toHaveValue('5551234567');
  });

  test('password change: a wrong current password is refused with the catalogue message, the right one works', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    await openSettings(page, user.email, user.password);
    const password = form(page, 'Password');
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('brand-new-pw');
    await password.getByLabel('Confirm new password').fill('brand-new-pw');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toHaveText(
      'Password not changed: The current password is not right.',
    );
    // Nothing lost: the new password stays typed for the next try.
    await expect(password.getByLabel('New password', { exact: true })).toHaveValue('brand-new-pw');
    await shotAtWidths(page, 'settings-password-error');
    await expectWholePageAccessible(page);

    await password.getByLabel('Current password').fill(user.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Your password has been changed.')).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveValue('');

    await signOut(page);
    await loginThroughUi(page, user.email, user.password);
    await expect(page.getByText('Login failed: Incorrect e-mail or password.')).toBeVisible();
    await loginThroughUi(page, user.email, 'brand-new-pw');
    await expect(page).toHaveURL(/\/form$/);
  });

  test('e-mail change: the link appears in the mailbox, opening it changes the address, the page shows it', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    const newEmail = `new.${user.email}`;
    await openSettings(page, user.email, user.password);
    const email = form(page, 'E-mail address');

    await email.getByLabel('New e-mail address').fill(newEmail);
    await email.getByLabel('Current password').fill('wrong-password');
    await email.getByRole('button', { name: 'Send verification link' }).click();
    await expect(email.getByRole('alert')).toHaveText(
      'E-mail not changed: The current password is not right.',
    );
    await expect(email.getByLabel('New e-mail address')).toHaveValue(newEmail);

    await email.getByLabel('Current password').fill(user.password);
    await email.getByRole('button', { name: 'Send verification link' }).click();
    const sent = `We sent a verification link to ${newEmail}. Open it, then sign in again with the new address.`;
    await expect(email.getByRole('status')).toContainText(sent);
    await shotAtWidths(page, 'settings-email-sent');
    await expectPhoneFit(page);
    await expectWholePageAccessible(page);
    // Until the link is opened, nothing has changed.
    await expect(email.getByText(user.email, { exact: true })).toBeVisible();
    await signOut(page);

    // The local mailbox lists the link; opening it applies the change in the Auth emulator.
    await page.goto('/dev/mailbox');
    const mail = page
      .getByRole('listitem')
      .filter({ hasText: 'Verify new e-mail address' })
      .filter({ hasText: user.email });
    await expect(mail).toBeVisible();
    await shotAtWidths(page, 'settings-mailbox');
    await mail.getByRole('button', { name: /^Verify email/ }).click();
    await expect(toast(page, /^Email verified for /)).toBeVisible();

    // The old address no longer signs in; the new one does, and the page shows it.
    await loginThroughUi(page, user.email, user.password);
    await expect(page.getByText('Login failed: Incorrect e-mail or password.')).toBeVisible();
    await openSettings(page, newEmail, user.password);
    await expect(form(page, 'E-mail address').getByText(newEmail, { exact: true })).toBeVisible();
    // The API's stored e-mail followed the verified token (never a request body).
    const idToken = await signInInEmulator({ email: newEmail, password: user.password });
    const account = await request.get('/api/me/account', { headers: { Authorization: `Bearer ${idToken}` } });
    expect(await account.json()).toMatchObject({ uid: user.uid, email: newEmail, emailVerified: true });
  });

  test('a notification preference is saved and kept after a reload', async ({ page, request }) => {
    const user = await newPatient(request);
    await openSettings(page, user.email, user.password);
    const prefs = form(page, 'Notifications');
    const inApp = prefs.getByRole('checkbox', { name: 'Show notifications in Medora (the bell)' });
    await expect(inApp).toBeChecked();
    await expect(prefs.getByLabel('Send reminders')).toHaveValue('24');
    await inApp.uncheck();
    await prefs.getByLabel('Send reminders').selectOption({ label: '2 hours before' });
    await prefs.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(toast(page, 'Your notification settings are saved.')).toBeVisible();
    await page.reload();
    await expect(form(page, 'Notifications').getByRole('checkbox', { name: /the bell/ })).not.toBeChecked();
    await expect(form(page, 'Notifications').getByLabel('Send reminders')).toHaveValue('2');
    await expect(
      form(page, 'Notifications').getByRole('checkbox', { name: 'E-mail me booking confirmations' }),
    ).toBeChecked();
  });

  test('the page is role-neutral: a doctor opens it and saves a name; the open account menu fits a phone', async ({
    page,
  }) => {
    await loginThroughUi(page, 'doctor', 'doctor');
    await expect(page).toHaveURL(/\/provider-dashboard$/);
    await page.goto('/settings');
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expect(
      form(page, 'E-mail address').getByText('doctor@demo.medora.test', { exact: true }),
    ).toBeVisible();
    await page.getByLabel('Full name').fill('Dr. Demo Doctor');
    await page.getByRole('button', { name: 'Save name and phone' }).click();
    await expect(toast(page, 'Your name and phone are saved.')).toBeVisible();
    await shotAtWidths(page, 'settings-doctor');

    // The open account menu on /settings at phone width: it stays inside the view (the header's own
    // overflow is checked in phone.spec.ts), and the whole page with the menu open passes axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expectPhoneFit(page);
    await expectWholePageAccessible(page);
    await shotAtWidths(page, 'settings-doctor-menu');
  });
});
