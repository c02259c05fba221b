import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, signUpInEmulator, uniqueEmail, type EmulatorUser } from '../support/auth';
import { shot } from '../support/screens';
import { newPatient } from '../support/accounts';

/**
 * Nothing left behind in the browser: what an account typed stays on the device only while
 * it is signed in, and the login and reset screens do not tell anyone whether an address has an account.
 */

const MIN = 60_000;

const CREDENTIALS_FAILED = 'Login failed: Incorrect e-mail or password.';

/** Every Web Storage entry of the page, as `local:key` / `session:key`, except Firebase's own. */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...Object.keys(localStorage).map((k) => `local:${k}`),
      ...Object.keys(sessionStorage).map((k) => `session:${k}`),
    ]
      .filter((k) => !k.includes('firebase:'))
      .sort(),
  );
}

/** Signs in a new patient and types the first intake answer, so an unsent draft with a name exists. */
async function startIntake(page: Page, user: EmulatorUser): Promise<void> {
  await loginThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/form$/);
  await page.getByLabel('What is your full name?').fill('Maria Santos');
  // The unsent intake is kept on the server, nothing of it in the browser's storage.
  await expect(page.getByTestId('draft-status')).toHaveText('Saved');
  expect((await storedKeys(page)).filter((k) => k.includes('intakeDraft'))).toEqual([]);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain('Maria Santos');
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The text of the error toast the login form shows. */
async function loginError(page: Page, email: string, password: string): Promise<string> {
  await loginThroughUi(page, email, password);
  // A fresh page load per attempt, so this is the only toast.
  const toast = page.getByRole('alert').locator('.md-toast p');
  await expect(toast).toHaveCount(1);
  return (await toast.textContent()) ?? '';
}

test.describe('nothing left behind in the browser', () => {
  test("logout removes the patient's unsent intake draft and every other Medora key", async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    await startIntake(page, user);

    await logout(page);
    // Only the idle timer's sign-out signal may stay (a timestamp); here not even that: nobody was idle.
    expect(await storedKeys(page)).toEqual([]);
    await page.reload();
    expect(await storedKeys(page)).toEqual([]);
  });

  test('the idle sign-out removes the unsent intake draft too', async ({ page, request }) => {
    const user = await newPatient(request);
    await page.clock.install();
    await startIntake(page, user);
    const last = await page.evaluate(() => Number(localStorage.getItem('medora.idle.lastActivity')));
    expect(last).toBeGreaterThan(0);

    // The idle-session spec's clock: one second before the limit, then the last second.
    await page.clock.pauseAt(last + 30 * MIN - 1000);
    await expect(page).toHaveURL(/\/form$/);
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/patient-login$/);
    await expect(page.getByTestId('login-notice')).toBeVisible();
    // The sign-out signal for other tabs is a timestamp; nothing of the account is left.
    expect(await storedKeys(page)).toEqual(['local:medora.idle.signedOut']);
  });

  test('a second account on the same browser does not inherit profileCompleted', async ({
    page,
    request,
  }) => {
    // The first patient submits the intake (returning, Follow-Up Visit), which sets the flag.
    const first = await newPatient(request, true);
    await loginThroughUi(page, first.email, first.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/form');
    await page.getByRole('button', { name: /Follow-Up Visit/ }).click();
    while ((await page.getByRole('button', { name: 'Next' }).count()) > 0) {
      // The follow-up's one required question.
      const change = page.getByRole('radio', { name: 'Better' });
      if ((await change.count()) > 0) await change.check();
      // Pregnancy and travel, asked at every visit: No.
      const no = page.getByRole('radio', { name: 'No', exact: true });
      if ((await no.count()) > 0) await no.check();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Continue to File Upload' }).click();
    await page.getByRole('button', { name: 'Finish & Submit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await storedKeys(page)).filter((k) => k.includes('profileCompleted'))).toHaveLength(1);
    await logout(page);

    // A new patient without a health profile is sent to the intake, not shown an empty dashboard.
    const second = await newPatient(request);
    await loginThroughUi(page, second.email, second.password);
    await expect(page).toHaveURL(/\/form$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/form$/);
    const keys = await storedKeys(page);
    expect(keys.filter((k) => k.includes(first.uid) || /:(profileCompleted|viaDoctor)$/.test(k))).toEqual([]);
  });

  test("an arrival through a doctor's link marks that account only, not the next one", async ({
    page,
    request,
  }) => {
    // Patients with a health profile: only the viaDoctor flag sends them to /form.
    const referred = await newPatient(request, true);
    await page.goto('/patient-login?doctor=1');
    await page.getByLabel('Email').fill(referred.email);
    await page.getByLabel('Password').fill(referred.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/form$/);
    expect((await storedKeys(page)).filter((k) => k.includes('viaDoctor'))).toHaveLength(1);
    await logout(page);

    const next = await newPatient(request, true);
    await loginThroughUi(page, next.email, next.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await storedKeys(page)).filter((k) => k.includes('viaDoctor'))).toEqual([]);
  });
});

test.describe('sign-in errors say nothing about who has an account', () => {
  test('a wrong password and an unknown e-mail read exactly the same, in catalogue words', async ({
    page,
  }) => {
    const user = await signUpInEmulator();
    const wrongPassword = await loginError(page, user.email, 'not-the-password');
    const unknownAccount = await loginError(page, uniqueEmail('nobody'), 'not-the-password');
    expect(wrongPassword).toBe(CREDENTIALS_FAILED);
    expect(unknownAccount).toBe(wrongPassword);
    await expect(page).toHaveURL(/\/patient-login$/);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await loginError(page, user.email, 'not-the-password');
      await shot(page, `login-error-${width}`);
    }
  });

  test('a reset for an unknown address shows the same confirmation as for a known one', async ({ page }) => {
    const known = await signUpInEmulator();
    for (const email of [known.email, uniqueEmail('nobody')]) {
      await page.goto('/patient-login');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(
        page.locator('[role="alert"], [role="status"]').getByText(`Password reset email sent to ${email}`),
      ).toBeVisible();
      await expect(page.getByText(/Reset failed|Firebase/)).toHaveCount(0);
    }
  });
});
