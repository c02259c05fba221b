import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, type EmulatorUser } from '../support/auth';
import { expectAccessible, shot, shotNarrow } from '../support/screens';
import { newPatient } from '../support/accounts';

/**
 * Idle sessions against the real stack, on Playwright's clock: the shell's timers, Date and
 * localStorage are the real ones, only time is driven by the test.
 */

const MIN = 60_000;

const SIGNED_OUT_NOTICE = 'You were signed out after 30 minutes of inactivity. Please sign in again.';
const countdown = (seconds: number) =>
  `you will be signed out in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} because`;

const dashboard = (page: Page) => page.getByRole('tab', { name: 'Patient Summary' });
const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Are you still there?' });

/** The newest activity the shell shares between tabs (ms since the epoch, on the page's clock). */
function lastActivity(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const value = localStorage.getItem('medora.idle.lastActivity');
    return value === null ? null : Number(value);
  });
}

/** No serious or critical axe violations on what is on screen. */

function firebaseUsers(page: Page): Promise<number> {
  return page.evaluate(
    () => Object.keys(localStorage).filter((k) => k.startsWith('firebase:authUser:')).length,
  );
}

async function signInToDashboard(page: Page, user: EmulatorUser): Promise<number> {
  await loginThroughUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboard(page)).toBeVisible();
  const at = await lastActivity(page);
  expect(at).not.toBeNull();
  return at!;
}

test.describe('idle sessions', () => {
  test('a warning at 28 idle minutes counts down; Stay keeps the session; the next 30 idle minutes end it', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request, true);
    await page.clock.install();
    const signedInAt = await signInToDashboard(page, user);

    // Frozen one second before the warning, so the countdown can be read exactly.
    await page.clock.pauseAt(signedInAt + 28 * MIN - 1000);
    await expect(dashboard(page)).toBeVisible();
    await expect(warning(page)).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(warning(page)).toBeVisible();
    await expect(warning(page)).toContainText(countdown(120));
    await expect(warning(page).getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await page.clock.runFor(1000);
    await expect(warning(page)).toContainText(countdown(119));
    await shot(page, 'idle-warning', { fullPage: false });
    await shotNarrow(page, 'idle-warning', { fullPage: false });

    // Activity under the warning does not dismiss it: only the button does.
    await page.mouse.move(40, 40);
    await page.mouse.move(400, 300, { steps: 5 });
    await page.mouse.wheel(0, 200);
    await page.keyboard.press('Shift');
    await page.clock.runFor(5000);
    await expect(warning(page)).toContainText(countdown(114));
    expect(await lastActivity(page)).toBe(signedInAt);

    await warning(page).getByRole('button', { name: 'Stay signed in' }).click();
    await expect(warning(page)).toHaveCount(0);
    await expect(dashboard(page)).toBeVisible();
    const stayedAt = signedInAt + 28 * MIN + 6000;
    expect(await lastActivity(page)).toBe(stayedAt);

    // Idle again: the warning comes 28 minutes after Stay, not after the first sign-in.
    await page.clock.fastForward(28 * MIN - 1000);
    await expect(warning(page)).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(warning(page)).toContainText(countdown(120));
    // axe waits on timers, so it runs with the clock flowing; the pause below puts time back on the second.
    await page.clock.resume();
    await expectAccessible(page, { include: null });
    await page.clock.pauseAt(stayedAt + 30 * MIN - 1000);
    await expect(warning(page)).toContainText(countdown(1));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.runFor(1000);
    await page.clock.resume();

    await expect(page).toHaveURL(/\/patient-login$/);
    await expect(page.getByTestId('login-notice')).toHaveText(SIGNED_OUT_NOTICE);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await shot(page, 'idle-signed-out', { fullPage: false });
    await expectAccessible(page, { include: null });
    expect(await firebaseUsers(page)).toBe(0);
    expect(await lastActivity(page)).toBeNull();

    // The session is gone, not just hidden: the patient area sends the visitor to sign in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/patient-login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(dashboard(page)).toHaveCount(0);
  });

  test('a reload resumes the idle time it had; after the limit it does not resume the session', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request, true);
    await page.clock.install();
    const signedInAt = await signInToDashboard(page, user);

    // The tab is closed for 20 minutes, then reopened: still signed in, the 20 minutes still count.
    await page.goto('about:blank');
    await page.clock.fastForward(20 * MIN);
    await page.goto('/dashboard');
    await expect(dashboard(page)).toBeVisible();
    expect(await lastActivity(page)).toBe(signedInAt);

    // Closed again past the limit: reopening ends the session instead of showing the dashboard.
    await page.goto('about:blank');
    await page.clock.fastForward(11 * MIN);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/patient-login$/);
    await expect(page.getByTestId('login-notice')).toHaveText(SIGNED_OUT_NOTICE);
    await expect(dashboard(page)).toHaveCount(0);
    expect(await firebaseUsers(page)).toBe(0);

    await page.reload();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/patient-login$/);
  });

  test('tabs share the session: activity in one keeps the others, and Stay or sign-out in one answers all', async ({
    page: first,
    context,
    request,
  }) => {
    const user = await newPatient(request, true);
    await context.clock.install();
    const signedInAt = await signInToDashboard(first, user);
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(dashboard(second)).toBeVisible();

    // Only the first tab is used, at minute 20; the second tab learns of it.
    await context.clock.pauseAt(signedInAt + 20 * MIN);
    await first.mouse.move(100, 100);
    await first.mouse.move(300, 200);
    await expect.poll(() => lastActivity(second)).toBe(signedInAt + 20 * MIN);
    // Minute 29 of the first sign-in: the second tab would warn now had it not heard from the first.
    await context.clock.fastForward(9 * MIN);
    await expect(dashboard(second)).toBeVisible();
    await expect(warning(second)).toHaveCount(0);

    // 28 minutes after that activity both warn; Stay in the first closes the warning in both.
    await context.clock.fastForward(19 * MIN);
    await expect(warning(first)).toBeVisible();
    await expect(warning(second)).toBeVisible();
    // From the keyboard: Escape means Stay signed in.
    await first.bringToFront();
    await first.keyboard.press('Escape');
    await expect(warning(first)).toHaveCount(0);
    await expect(warning(second)).toHaveCount(0);

    // 'Sign out now' (Tab, Enter) in the second tab ends the session in the first too.
    await context.clock.fastForward(28 * MIN);
    await expect(warning(second)).toBeVisible();
    await second.bringToFront();
    await second.keyboard.press('Tab');
    await expect(warning(second).getByRole('button', { name: 'Sign out now' })).toBeFocused();
    await second.keyboard.press('Enter');
    await context.clock.resume();
    await expect(second).toHaveURL(/\/patient-login$/);
    await expect(first).toHaveURL(/\/patient-login$/);
    await expect(dashboard(first)).toHaveCount(0);
    // Chosen, not idle: no inactivity notice.
    await expect(second.getByTestId('login-notice')).toHaveCount(0);
  });
});
