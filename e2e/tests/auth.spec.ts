import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, signUpInEmulator, uniqueEmail } from '../support/auth';
import { expectAccessible, shot, shotNarrow } from '../support/screens';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

async function openSignUp(page: Page) {
  await page.goto('/patient-login');
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

async function signUpThroughUi(page: Page, email: string, password = 'secret123') {
  await openSignUp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
}

const loginAs = loginThroughUi;

test.describe('sign-up and verification', () => {
  test('a new patient signs up, verifies through the local mailbox and lands on /form', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/patient-login');
    await expect(page.getByRole('radio', { name: 'Patient' })).toBeChecked();
    await shot(page, 'login');
    await shotNarrow(page, 'login');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByLabel('Phone (optional)').fill('+1 (555) 123-4567');
    await expect(page.getByLabel('Phone (optional)')).toHaveValue('15551234567');
    await shot(page, 'signup');
    await shotNarrow(page, 'signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByText(email, { exact: false })).toBeVisible();
    await shot(page, 'verify');
    await shotNarrow(page, 'verify');

    // The mailbox opens in a new tab, like an inbox; the verify screen stays open.
    const [mailbox] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Open the local mailbox' }).click(),
    ]);
    await expect(mailbox).toHaveURL(/\/dev\/mailbox$/);
    const item = mailbox.getByRole('listitem').filter({ hasText: email });
    await expect(item.getByText('Verify email', { exact: true })).toBeVisible();
    await shot(mailbox, 'mailbox');
    await item.getByRole('button', { name: `Verify email ${email}` }).click();
    await expect(toast(mailbox, `Email verified for ${email}.`)).toBeVisible();
    await mailbox.close();

    await page.getByRole('button', { name: "I've Verified My Email" }).click();
    await expect(page).toHaveURL(/\/form$/);
  });

  test("I've Verified My Email before verifying says so, and Resend confirms", async ({ page }) => {
    await signUpThroughUi(page, uniqueEmail('unverified'));
    await page.getByRole('button', { name: "I've Verified My Email" }).click();
    await expect(
      page
        .getByRole('alert')
        .getByText(
          'Email not verified yet. Please check your inbox and click the verification link, then try again.',
        ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(toast(page, 'Verification email sent! Please check your inbox.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toHaveCount(0);
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('a short password and a 9-digit phone get their messages', async ({ page }) => {
    await openSignUp(page);
    await page.getByLabel('Email').fill(uniqueEmail('rules'));
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByLabel('Password').fill('123456');
    await page.getByLabel('Phone (optional)').fill('555123456');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page
        .getByRole('alert')
        .getByText('Please enter a valid phone number (at least 10 digits) or leave it empty'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toHaveCount(0);
  });

  test('an address already registered gets its message', async ({ page }) => {
    const existing = await signUpInEmulator();
    await openSignUp(page);
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByRole('alert').getByText('This email is already registered. Please login instead.'),
    ).toBeVisible();
  });
});

test.describe('login', () => {
  test("a wrong password says 'Login failed: …'", async ({ page }) => {
    const user = await signUpInEmulator();
    await loginAs(page, user.email, 'wrong-password');
    await expect(page.getByRole('alert').getByText(/^Login failed: .+/)).toBeVisible();
    await expect(page).toHaveURL(/\/patient-login$/);
  });

  test('an unverified account that logs in sees the verify screen', async ({ page }) => {
    const user = await signUpInEmulator();
    await loginAs(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  });

  test('the reset link appears in the mailbox and sets a new password', async ({ page }) => {
    const user = await signUpInEmulator();
    await page.goto('/patient-login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert').getByText('Please enter your email address')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await shot(page, 'forgot');
    await shotNarrow(page, 'forgot');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(toast(page, `Password reset email sent to ${user.email}`)).toBeVisible();

    await page.goto('/dev/mailbox');
    const item = page.getByRole('listitem').filter({ hasText: user.email });
    await expect(item.getByText('Reset password')).toBeVisible();
    await item.getByLabel(`New password for ${user.email}`).fill('brand-new-pw');
    await item.getByRole('button', { name: 'Set new password' }).click();
    await expect(toast(page, `Password changed for ${user.email}.`)).toBeVisible();

    // Completing a reset proves the address, so the account is verified now and goes on to /form.
    await loginAs(page, user.email, 'brand-new-pw');
    await expect(page).toHaveURL(/\/form$/);
  });

  test('sign-in persists across a reload', async ({ page }) => {
    await loginAs(page, 'patient', 'patient');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(
      'patient@demo.medora.test',
    );
  });
});

test.describe('the role-name shortcut (Auth emulator only)', () => {
  for (const [role, destination] of [
    // The demo patient has a completed intake (the demo world): their dashboard, not the intake.
    ['patient', '/dashboard'],
    ['provider', '/provider-dashboard'],
    ['doctor', '/provider-dashboard'],
    ['admin', '/admin'],
  ] as const) {
    test(`${role} / ${role} signs in to the ${role} demo account and opens ${destination}`, async ({
      page,
    }) => {
      await loginAs(page, role, role);
      await expect(page).toHaveURL(new RegExp(`${destination}$`));
      // A real Firebase session, persisted by the SDK like any other sign-in.
      const stored = await page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([k]) => k.startsWith('firebase:authUser:'))
          .map(([, v]) => (JSON.parse(v) as { email?: string }).email),
      );
      expect(stored).toEqual([`${role}@demo.medora.test`]);
    });
  }
});

test.describe('guards', () => {
  test("a signed-out visit to /dashboard shows 'Loading...' then goes to /patient-login", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __statusTexts: string[] }).__statusTexts = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="status"]')) {
          if (el.textContent && !seen.includes(el.textContent)) seen.push(el.textContent);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/patient-login$/);
    const seen = await page.evaluate(() => (window as unknown as { __statusTexts: string[] }).__statusTexts);
    expect(seen).toContain('Loading...');
  });

  test('a patient opening /admin is sent to their own dashboard, and the admin API refuses them', async ({
    page,
    request,
  }) => {
    await loginAs(page, 'patient', 'patient');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    // Not the marketing page with Login showing: their own dashboard, and why.
    await expect(
      toast(page, 'Only administrators can open the admin page. This is your own dashboard.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/(dashboard|form)$/);

    const patient = await signUpInEmulator();
    const auth = { Authorization: `Bearer ${patient.idToken}` };
    expect(
      (
        await request.post('/api/users', { headers: auth, data: { uid: patient.uid, role: 'patient' } })
      ).status(),
    ).toBe(201);
    expect((await request.get('/api/admin/overview', { headers: auth })).status()).toBe(403);
    expect((await request.get('/api/admin/overview')).status()).toBe(401);
  });
});

test.describe('patient header bar', () => {
  test('the bell and the account menu behave', async ({ page }) => {
    await loginAs(page, 'patient', 'patient');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Medora' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('heading', { name: 'Your dashboard' })).toBeVisible();
    await shot(page, 'header', { fullPage: false });
    await shotNarrow(page, 'header', { fullPage: false });

    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    // The demo world's bookings are the newest; the welcome is further down the whole list.
    await expect(panel.getByText('Appointment booked', { exact: true }).first()).toBeVisible();
    await panel.getByRole('button', { name: /^Show all/ }).click();
    await expect(panel.getByText('Welcome to Medora', { exact: true })).toBeVisible();
    await shot(page, 'header-bell');
    if (await panel.getByRole('button', { name: 'Mark all as read' }).isVisible()) {
      await panel.getByRole('button', { name: 'Mark all as read' }).click();
    }
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    // Read state is kept on the server.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('patient@demo.medora.test')).toBeVisible();
    await expect(menu.getByText('Patient Account')).toBeVisible();
    await shot(page, 'header-menu');
    // Settings opens the settings page (it was a 'coming soon' toast).
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/patient-login$/);
  });
});

test.describe('accessibility', () => {
  test('the login page has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/patient-login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, { include: null });
  });
});
