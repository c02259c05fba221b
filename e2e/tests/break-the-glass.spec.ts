import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '@medora/shared';
import { newPatient } from '../support/accounts';
import { signInWithSession } from '../support/auth';
import { sql } from '../support/db';
import { MINIMAL_INTAKE_RECORD } from '../support/records';
import { SHOTS, SHOTS_WANTED, expectAccessible } from '../support/screens';

/**
 * Break-the-glass: the admin looks a patient up, states why in the reason dialog, and sees the record's
 * headline; the patient then finds the admin's read, with the reason, under "Who looked at my record".
 * At 1366 and 390 px, axe clean, never scrolling sideways at 390.
 */

const REASON = 'Patient called support about a missing visit';

/** At each width: no sideways scroll, no serious axe violation, and (E2E_SHOTS=1) a shot of `section`. */
async function checkWidths(page: Page, section: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    if (SHOTS_WANTED) await section.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await expectAccessible(page, { include: null });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('an admin states a reason to read a record, and the patient sees it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const patient = await newPatient(request, true);

  // The admin: a reason first, then the record's headline.
  const admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInWithSession(admin, 'admin', '/admin');
  await expect(admin).toHaveURL(/\/admin$/);
  const lookup = admin.getByRole('region', { name: MESSAGES.accessLookupHeading });
  await lookup.getByLabel(MESSAGES.accessLookupLabel).fill(patient.uid);
  await lookup.getByRole('button', { name: MESSAGES.accessLookupSubmit }).click();
  const dialog = admin.getByRole('dialog', { name: MESSAGES.accessReasonTitle });
  await expect(dialog).toBeVisible();
  // Too short: the dialog says so and stays open.
  await dialog.getByLabel(MESSAGES.accessReasonLabel).fill('because');
  await dialog.getByRole('button', { name: MESSAGES.accessReasonConfirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/10 to 500 characters/);
  await expectAccessible(admin, { include: null });
  if (SHOTS_WANTED) {
    mkdirSync(SHOTS, { recursive: true });
    await admin.screenshot({ path: `${SHOTS}/btg-reason-dialog-1366.png` });
  }
  await dialog.getByLabel(MESSAGES.accessReasonLabel).fill(REASON);
  await dialog.getByRole('button', { name: MESSAGES.accessReasonConfirm }).click();
  await expect(dialog).toHaveCount(0);
  const record = lookup.getByTestId('admin-patient-record');
  await expect(record).toContainText(`Record of ${MINIMAL_INTAKE_RECORD.name}`);
  await expect(record).toContainText('Access open until');
  await checkWidths(admin, lookup, 'btg-admin-lookup');

  const rows = await sql<{ action: string; detail: string }>(
    `SELECT action, detail FROM audit_log WHERE subject_uid = $1 AND actor_role = 'admin' AND outcome = 'allowed'
      ORDER BY created_at`,
    [patient.uid],
  );
  expect(rows.map((r) => r.action)).toEqual(['access.grant', 'read']);
  expect(rows[1]!.detail).toBe(`break-the-glass: ${REASON}`);

  // The patient: the admin's read, with the reason, in "Who looked at my record".
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  const log = page.getByRole('region', { name: MESSAGES.accessLogHeading });
  const entry = log.getByRole('listitem').first();
  await expect(entry).toContainText(MESSAGES.accessLogRoleAdmin);
  await expect(entry).toContainText(MESSAGES.accessLogWhatRecord);
  await expect(entry).toContainText(`Reason given: ${REASON}`);
  await checkWidths(page, log, 'btg-patient-access-log');
});

test('a patient nobody else looked at sees the empty state', async ({ browser, request }) => {
  const patient = await newPatient(request, true);
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  const log = page.getByRole('region', { name: MESSAGES.accessLogHeading });
  await expect(log).toContainText(MESSAGES.accessLogEmpty);
  await checkWidths(page, log, 'btg-patient-access-log-empty');
});
