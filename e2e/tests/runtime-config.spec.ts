import { expect, test } from '@playwright/test';
import { MESSAGES } from '@medora/shared';
import { expectAccessible, shot, shotNarrow } from '../support/screens';

/**
 * Without a usable /runtime-config.json the shell says so, instead of silently signing
 * people in against the demo project.
 */
test.describe('the shell without its runtime config', () => {
  test('a missing file shows the not-configured screen and no sign-in', async ({ page }) => {
    await page.route('**/runtime-config.json', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/patient-login');
    await expect(page.getByRole('heading', { name: MESSAGES.runtimeConfigErrorTitle })).toBeVisible();
    await expect(page.getByText(MESSAGES.runtimeConfigErrorBody)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await expectAccessible(page, { include: null });
    await shot(page, 'runtime-config-missing');
    await shotNarrow(page, 'runtime-config-missing');
  });

  test('an invalid file shows it too, and Try again loads the app once the file is back', async ({
    page,
  }) => {
    let broken = true;
    await page.route('**/runtime-config.json', (route) =>
      broken ? route.fulfill({ status: 200, json: { mode: 'staging' } }) : route.fallback(),
    );
    await page.goto('/patient-login');
    await expect(page.getByRole('heading', { name: MESSAGES.runtimeConfigErrorTitle })).toBeVisible();
    broken = false;
    await page.getByRole('button', { name: MESSAGES.runtimeConfigErrorRetry }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
  });
});
