import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatMessage } from '@medora/shared';
import { signInWithSession, signUpInEmulator, uniqueEmail } from '../support/auth';
import { countReactRenderers, reactRendererCount } from '../support/react';
import { shot, shotNarrow } from '../support/screens';
import { controlService, REPO_ROOT } from '../support/stack';

const run = promisify(execFile);

test.describe('the federated shell', () => {
  test('serves the landing route as the landing remote’s prerendered page, composed by the gateway, with no script', async ({
    page,
  }) => {
    const scripts: string[] = [];
    const icons: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
      if (/favicon/.test(r.url())) icons.push(r.url());
    });
    const response = await page.goto('/');
    // Composed on the server: the page arrives with the landing page in it and no include left.
    const html = await response!.text();
    expect(html).toContain('data-testid="landing-page"');
    expect(html).toMatch(/<link rel="stylesheet" href="\/remotes\/landing\/[^"]+\.css"/);
    expect(html).not.toContain('<!--#');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    expect(scripts).toEqual([]);
    // The tab icon is inline: the page costs no request for it.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
    expect(icons).toEqual([]);
    await shot(page, 'landing-header', { fullPage: false });
    await shotNarrow(page, 'landing-header', { fullPage: false });
  });

  test('with the landing remote down, `/` loads the shell, which shows the failure page', async ({
    page,
  }) => {
    await controlService('landing', 'stop');
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    } finally {
      await controlService('landing', 'start');
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  });

  test('an unknown path shows the not-found page inside the layout', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    // It looks like Medora and offers a way home.
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await shot(page, 'not-found');
    await shotNarrow(page, 'not-found');
  });

  test('runs one React and one auth store across the shell and a remote', async ({ page }) => {
    await countReactRenderers(page);
    const email = uniqueEmail('store');
    await page.goto('/patient-login');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Signed in (not yet verified): the verify screen names the new account.
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByText(email, { exact: false }).first()).toBeVisible();

    // The patient remote reads the store the shell wrote to (a new patient lands on the intake).
    await page.goto('/form');
    await expect(page.getByTestId('auth-email')).toHaveText(`Signed in as ${email}`);
    expect(await reactRendererCount(page)).toBe(1);

    // Firebase local persistence: still signed in after a reload.
    await page.reload();
    await expect(page.getByTestId('auth-email')).toHaveText(`Signed in as ${email}`);
  });

  test('a remote that is down shows the failure page, the rest works, and Retry recovers', async ({
    page,
    context,
  }) => {
    // /book-appointment needs sign-in: the demo patient of the Auth emulator.
    await signInWithSession(page, 'patient', '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await controlService('booking', 'stop');
    try {
      await page.goto('/book-appointment');
      await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
      await expect(page.getByTestId('failure-type')).toContainText(/missing|timeout|error|invalid/);
      // The failure type is for support, under collapsed details; no module id on screen.
      await expect(page.getByTestId('failure-type')).toBeHidden();
      // The page is <main role="alert">, so it is found by tag, not by the main role.
      await expect(page.locator('main')).not.toContainText(/mfe_booking|BookingPage/);
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
      await shot(page, 'chunk-failed');
      await shotNarrow(page, 'chunk-failed');
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

      // The rest of the app keeps working while the booking remote is down.
      const other = await context.newPage();
      await other.goto('/');
      await expect(other.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
      await other.close();
    } finally {
      await controlService('booking', 'start');
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
    // Retry loaded the remote in place: the page was not reloaded.
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('a remote built against another major of @medora/shared is refused with the failure page', async ({
    page,
  }) => {
    const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as {
      version: string;
    };
    const otherMajor = `${Number(version.split('.')[0]) + 1}.0.0`;
    await signInWithSession(page, 'patient', '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The booking remote as if deployed alone after a breaking contract change: its manifest lists
    // the next major of @medora/shared.
    const manifest = '**/remotes/booking/mf-manifest.json';
    await page.route(manifest, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { shared: { name: string; version: string }[] };
      for (const shared of json.shared) if (shared.name === '@medora/shared') shared.version = otherMajor;
      await route.fulfill({ response, json });
    });
    await page.goto('/book-appointment');
    await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
    await expect(
      page.getByText(
        formatMessage('remoteIncompatible', {
          remote: 'booking',
          hostVersion: version,
          remoteVersion: otherMajor,
        }),
      ),
    ).toBeVisible();
    await expect(page.getByTestId('failure-type')).toHaveText('Failure type: incompatible', {
      useInnerText: false,
    });
    // Refused from its manifest: the remote's entry never ran (the shell may have preloaded it early).
    const container = () => page.evaluate(() => 'mfe_booking' in window);
    expect(await container()).toBe(false);

    // A compatible build redeployed: Retry fetches the manifest again and loads it in place.
    await page.unroute(manifest);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
    expect(await container()).toBe(true);
  });

  test('a rebuilt and redeployed remote is used on the next page load without touching the shell', async ({
    page,
  }) => {
    await signInWithSession(page, 'patient', '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/book-appointment');
    // The remote's build id is an attribute of its page, not a visible line.
    const buildOf = page.getByRole('main');
    await expect(buildOf).toHaveAttribute('data-build-id', /.+/);
    const before = await buildOf.getAttribute('data-build-id');
    const out = mkdtempSync(path.join(os.tmpdir(), 'medora-booking-'));
    const buildId = `e2e-${Date.now()}`;
    try {
      await run('npx', ['tsx', '../scripts/webpack.ts', 'build', '--out', out], {
        cwd: path.join(REPO_ROOT, 'mfe-booking'),
        env: { ...process.env, MEDORA_BUILD_ID: buildId },
      });
      await controlService('booking', 'start', out);
      await page.reload();
      await expect(page.getByRole('main')).toHaveAttribute('data-build-id', buildId);
      expect(before).not.toContain(buildId);
    } finally {
      await controlService('booking', 'start', path.join(REPO_ROOT, 'mfe-booking', 'dist'));
      rmSync(out, { recursive: true, force: true });
    }
  });
});

test.describe('the API behind the gateway', () => {
  test('a signed-up user reaches a protected route with their token, 401 without, 403 for another uid', async ({
    request,
  }) => {
    const alice = await signUpInEmulator();
    const bob = await signUpInEmulator();
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

    const created = await request.post('/api/users', {
      headers: auth(alice.idToken),
      data: { uid: alice.uid, role: 'patient' },
    });
    expect(created.status()).toBe(201);
    expect(await created.json()).toMatchObject({ uid: alice.uid, email: alice.email, role: 'patient' });

    const own = await request.get(`/api/users/${alice.uid}`, { headers: auth(alice.idToken) });
    expect(own.status()).toBe(200);

    const anonymous = await request.get(`/api/users/${alice.uid}`);
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

    const other = await request.get(`/api/users/${alice.uid}`, { headers: auth(bob.idToken) });
    expect(other.status()).toBe(403);
  });

  test('health reports the database and the OpenAPI document is served', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
    const docs = await request.get('/api/docs-json');
    expect(docs.status()).toBe(200);
    expect(Object.keys(((await docs.json()) as { paths: object }).paths)).toContain('/api/users');
  });
});
