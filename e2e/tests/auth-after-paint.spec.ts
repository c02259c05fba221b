import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, type Role } from '@medora/shared';
import { newPatient } from '../support/accounts';
import { signInWithSession } from '../support/auth';
import { REPO_ROOT } from '../support/stack';

/**
 * The shell's files of Firebase Auth, from its build's chunk graph: the chunk that starts it and
 * the chunks of the `firebase/app` and `firebase/auth` singletons.
 */
function firebaseFiles(): Set<string> {
  const graph = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'shell', 'build-stats', 'chunks.json'), 'utf8'),
  ) as {
    groups: { name: string | null; js: string[] }[];
    provides: Record<string, { js: string[] }>;
  };
  return new Set([
    ...graph.groups.filter((g) => g.name === 'firebase-auth').flatMap((g) => g.js),
    ...graph.provides['firebase/app']!.js,
    ...graph.provides['firebase/auth']!.js,
  ]);
}

/** Notes, in the page's own clock, when the first `<h1>` reading `heading` is in the document. */
async function watchForHeading(page: Page, heading: string): Promise<void> {
  await page.addInitScript((text) => {
    const w = window as unknown as { __headingAt?: number };
    const seen = () =>
      [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === text) &&
      (w.__headingAt ??= performance.now());
    new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
  }, heading);
}

/** When each script of the page was requested and first painted, in the page's clock. */
function pageTimings(page: Page) {
  return page.evaluate(() => ({
    headingAt: (window as unknown as { __headingAt?: number }).__headingAt ?? null,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
      .map((r) => ({ file: new URL(r.name).pathname.split('/').pop()!, at: r.startTime })),
  }));
}

const DASHBOARDS: [Role, string, string][] = [
  ['patient', '/dashboard', MESSAGES.dashboardHeading],
  ['provider', '/provider-dashboard', MESSAGES.providerDashboardTitle],
];

test.describe('a returning account’s dashboard draws before Firebase Auth loads', () => {
  for (const [role, route, heading] of DASHBOARDS) {
    test(`${route}: no Firebase code is requested before its heading, and Firebase then takes over`, async ({
      page,
    }) => {
      const firebase = firebaseFiles();
      await watchForHeading(page, heading);
      await signInWithSession(page, role, route);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The SDK loads once the screen has shown, and the session it reads back keeps the page.
      await expect
        .poll(async () => (await pageTimings(page)).scripts.filter((s) => firebase.has(s.file)).length)
        .toBe(firebase.size);
      const { headingAt, fcp, scripts } = await pageTimings(page);
      const firebaseRequests = scripts.filter((s) => firebase.has(s.file));
      test.info().annotations.push({
        type: 'timing',
        description:
          `${route}: FCP ${Math.round(fcp ?? NaN)} ms, heading ${Math.round(headingAt ?? NaN)} ms, ` +
          `${scripts.filter((s) => s.at < headingAt!).length} scripts before it; Firebase requested at ` +
          firebaseRequests.map((s) => `${s.file} ${Math.round(s.at)} ms`).join(', '),
      });
      expect(headingAt).not.toBeNull();
      expect(firebaseRequests.filter((s) => s.at <= headingAt!)).toEqual([]);
      await expect(page).toHaveURL(new RegExp(`${route}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('a sign-out before Firebase Auth has loaded loads it and signs out of it: a reload stays signed out', async ({
    page,
  }) => {
    const firebase = firebaseFiles();
    let requested = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => firebase.has(url.pathname.split('/').pop()!),
      async (route) => {
        requested += 1;
        await released;
        await route.continue();
      },
    );
    await signInWithSession(page, 'patient', '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.dashboardHeading })).toBeVisible();
    await page.getByRole('button', { name: /account menu$/i }).click();
    await page.getByRole('menuitem', { name: MESSAGES.menuLogout }).click();
    // Firebase is held back: the sign-out waits for it, on the dashboard.
    await expect.poll(() => requested).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    release();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/patient-login$/);
  });
});

test('a dashboard’s early requests do not stay open when it sends a new patient to the intake', async ({
  page,
  request,
}) => {
  // A patient without a health record: the dashboard's first-screen GETs start early, then the page
  // goes to the intake, and nobody takes the visits and access-log answers.
  const patient = await newPatient(request);
  const open = new Set<string>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) open.add(r.url());
  });
  page.on('requestfinished', (r) => open.delete(r.url()));
  page.on('requestfailed', (r) => open.delete(r.url()));
  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/form$/);
  // Each would otherwise hold one of the browser's six connections to the origin for the page's life.
  await expect.poll(() => [...open], { timeout: 10_000 }).toEqual([]);
});
