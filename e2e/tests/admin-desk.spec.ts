import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { submitApplication } from '../support/applicant';
import { signInWithSession } from '../support/auth';
import { sql } from '../support/db';
import { expectAccessible, shotAtWidths } from '../support/screens';

/** The admin's desk, as an admin, at 1366 and 390 px. */

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

/** A new window signed in as the demo admin, or as the given account. */
async function adminPage(browser: Browser, account?: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInWithSession(page, account ?? 'admin', '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Narrows the queue to `text` (other specs' applications may fill the first page). */
async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search by name, e-mail or licence').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function noSidewaysScrollAt390(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  if (size) await page.setViewportSize(size);
}

test('an approval is confirmed, busy while it runs and sent once however often it is clicked', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Dr. Desk ${Date.now().toString(36)}`;
  await submitApplication(request, name);
  const admin = await adminPage(browser);
  await searchFor(admin, name);
  const application = admin.getByRole('article', { name: `Application of ${name}` });
  await expect(application).toBeVisible();

  // Count the approvals that leave the page, and hold the first one so the busy state can be seen.
  const approvals: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await admin.route('**/api/admin/doctors/*/approve', async (route) => {
    approvals.push(route.request().postData() ?? '');
    await held;
    await route.continue();
  });

  await application.getByRole('button', { name: `Approve ${name}` }).dblclick();
  const dialog = admin.getByRole('dialog', { name: `Approve ${name}?` });
  await expect(dialog).toHaveCount(1);
  // Without weekly hours the doctor is not listed yet: the dialog and the toast say so.
  await expect(dialog).toContainText(
    `${name} has not set weekly hours yet: patients can book them once they do, on their dashboard.`,
  );
  expect(approvals).toEqual([]);
  await expectAccessible(admin, { include: null });
  await shotAtWidths(admin, 'admin-desk-approve-dialog');
  await noSidewaysScrollAt390(admin);

  const confirm = dialog.getByRole('button', { name: 'Approve', exact: true });
  await confirm.dblclick();
  await expect(dialog.getByRole('button', { name: 'Approving…' })).toBeDisabled();
  await expect(application.getByRole('button', { name: `Approve ${name}` })).toBeDisabled();
  await expect(application.getByRole('status')).toHaveText(`Sending the decision on ${name}…`);
  await shotAtWidths(admin, 'admin-desk-approving');
  release();
  await expect(toast(admin, `${name} approved: bookable once they set their weekly hours.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(application).toHaveCount(0);
  expect(approvals).toHaveLength(1);
  expect(JSON.parse(approvals[0]!)).toEqual({ version: expect.any(Number) });
  const [row] = await sql<{ verification_status: string }>(
    `SELECT verification_status FROM doctors WHERE name = $1`,
    [name],
  );
  expect(row!.verification_status).toBe('approved');
  await admin.context().close();
});

test('a stale page cannot reverse a decision: the 409 is shown on the application', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Dr. Stale ${Date.now().toString(36)}`;
  await submitApplication(request, name);
  const stale = await adminPage(browser);
  await searchFor(stale, name);
  const staleCard = stale.getByRole('article', { name: `Application of ${name}` });
  await expect(staleCard).toBeVisible();

  // Another admin (another tab) rejects it meanwhile.
  const other = await adminPage(browser);
  await searchFor(other, name);
  await other
    .getByRole('article', { name: `Application of ${name}` })
    .getByRole('button', { name: `Reject ${name}` })
    .click();
  const reject = other.getByRole('dialog', { name: `Reject ${name}` });
  await reject.getByLabel('Reason (shown to the applicant)').fill('Licence not found');
  await expectAccessible(other, { include: null });
  await reject.getByRole('button', { name: 'Reject application' }).click();
  await expect(toast(other, `${name} rejected.`)).toBeVisible();
  await other.context().close();

  // The stale page still shows it pending; approving it is refused and says why.
  await staleCard.getByRole('button', { name: `Approve ${name}` }).click();
  await stale
    .getByRole('dialog', { name: `Approve ${name}?` })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  // The decision named the version on screen; the application, rejected since, leaves the list and
  // the refusal stays said above it.
  await expect(
    stale.getByRole('alert').filter({ hasText: `${name}: This application changed after you opened it.` }),
  ).toContainText('It is no longer in this list.');
  await expect(staleCard).toHaveCount(0);
  await expect(stale.getByRole('dialog')).toHaveCount(0);
  await shotAtWidths(stale, 'admin-desk-stale-decision');
  const [row] = await sql<{ verification_status: string }>(
    `SELECT verification_status FROM doctors WHERE name = $1`,
    [name],
  );
  expect(row!.verification_status).toBe('rejected');
  await stale.context().close();
});

test('an admin does not see decision buttons on their own application', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const name = `Dr. Self ${Date.now().toString(36)}`;
  const applicant = await submitApplication(request, name);
  // An applicant later made admin (as the API test does): the API refuses, the page offers nothing.
  await sql(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [applicant.uid]);
  const self = await adminPage(browser, applicant);
  await searchFor(self, name);
  const own = self.getByRole('article', { name: `Application of ${name}` });
  await expect(own).toContainText('This is your own application: another admin must review it.');
  await expect(own.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);
  await expect(own.getByRole('button', { name: `Reject ${name}` })).toHaveCount(0);
  await expectAccessible(self, { include: null });
  await own.scrollIntoViewIfNeeded();
  await shotAtWidths(self, 'admin-desk-own-application');
  await self.context().close();
});

test('queues in tabs with search and pages; an approved doctor is suspended with a reason and reinstated', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const name = `Dr. Tabs ${run}`;
  const licence = `TAB-${run}`.toUpperCase();
  await submitApplication(request, name, { role: 'provider', licenseNumber: licence });
  const admin = await adminPage(browser);
  const tabs = admin.getByRole('tablist', { name: 'Application queues' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Waiting for review',
    'Approved',
    'Rejected',
    'Suspended',
    /^Change requests( \(\d+\))?$/,
  ]);
  await searchFor(admin, licence.toLowerCase());
  const card = admin.getByRole('article', { name: `Application of ${name}` });
  await expect(card).toContainText('Applies as');
  await expect(card).toContainText('Healthcare Provider');
  // The page carries how many documents; they load when opened.
  await card.getByRole('button', { name: /^Show \d+ documents?$/ }).click();
  await expect(card.getByRole('list', { name: `Current documents of ${name}` })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide documents' })).toHaveAttribute('aria-expanded', 'true');
  await expect(admin.getByRole('article')).toHaveCount(1);
  await expect(admin.getByText('Page 1 of 1 · 1 application', { exact: true })).toBeVisible();
  await expectAccessible(admin, { include: null });
  await shotAtWidths(admin, 'admin-desk-search');
  await noSidewaysScrollAt390(admin);
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await admin
    .getByRole('dialog', { name: `Approve ${name}?` })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(toast(admin, `${name} approved: bookable once they set their weekly hours.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // Approved tab (the search stays): suspend with a reason.
  await tabs.getByRole('tab', { name: 'Approved' }).click();
  await expect(tabs.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
  await card.getByRole('button', { name: `Suspend ${name}` }).click();
  const suspend = admin.getByRole('dialog', { name: `Suspend ${name}?` });
  await expect(suspend.getByLabel('Reason (kept with the suspension)')).toBeFocused();
  await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(suspend.getByRole('alert')).toHaveText('Please give a reason for the suspension.');
  await suspend.getByLabel('Reason (kept with the suspension)').fill('Complaint under review.');
  await expectAccessible(admin, { include: null });
  await shotAtWidths(admin, 'admin-desk-suspend-dialog');
  await noSidewaysScrollAt390(admin);
  await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(toast(admin, `${name} suspended.`)).toBeVisible();
  await expect(suspend).toHaveCount(0);
  const [row] = await sql<{ suspension_reason: string }>(
    `SELECT suspension_reason FROM doctors WHERE name = $1`,
    [name],
  );
  expect(row!.suspension_reason).toBe('Complaint under review.');

  // Suspended tab: the reason, the follow-ups, and Reinstate.
  await tabs.getByRole('tab', { name: 'Suspended' }).click();
  await expect(card).toContainText('Complaint under review.');
  await expect(card.getByRole('region', { name: `Upcoming appointments of ${name}` })).toContainText(
    'No upcoming appointments.',
  );
  await expectAccessible(admin, { include: null });
  await shotAtWidths(admin, 'admin-desk-suspended');
  await noSidewaysScrollAt390(admin);
  await card.getByRole('button', { name: `Reinstate ${name}` }).click();
  await admin
    .getByRole('dialog', { name: `Reinstate ${name}?` })
    .getByRole('button', { name: 'Reinstate', exact: true })
    .click();
  await expect(toast(admin, `${name} reinstated: bookable again.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.context().close();
});

test('the audit log screen filters, pages and exports CSV', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const name = `Dr. Audit ${Date.now().toString(36)}`;
  await submitApplication(request, name);
  const admin = await adminPage(browser);
  await searchFor(admin, name);
  await admin
    .getByRole('article', { name: `Application of ${name}` })
    .getByRole('button', { name: `Approve ${name}` })
    .click();
  await admin
    .getByRole('dialog', { name: `Approve ${name}?` })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(toast(admin, `${name} approved: bookable once they set their weekly hours.`)).toBeVisible();

  const audit = admin.getByRole('region', { name: 'Audit log' });
  const [doctor] = await sql<{ id: string }>(`SELECT id FROM doctors WHERE name = $1`, [name]);
  await audit.getByLabel('Subject id').fill(doctor!.id);
  await audit.getByLabel('Action').selectOption('doctor.approve');
  await audit.getByLabel('Outcome').selectOption('allowed');
  const today = new Date().toISOString().slice(0, 10);
  await audit.getByLabel('From (UTC date)').fill(today);
  await audit.getByLabel('To (UTC date)').fill(today);
  await audit.getByRole('button', { name: 'Apply filters' }).click();
  const rows = audit.getByRole('region', { name: 'Audit rows' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('doctor.approve');
  await expect(rows.nth(1)).toContainText(doctor!.id);
  await expect(audit.getByRole('button', { name: 'Older rows' })).toBeDisabled();
  await audit.scrollIntoViewIfNeeded();
  await expectAccessible(admin, { include: null });
  await shotAtWidths(admin, 'admin-desk-audit');
  await noSidewaysScrollAt390(admin);

  const download = admin.waitForEvent('download');
  await audit.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^medora-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe(
    'createdAt,actorUid,actorRole,action,resourceType,resourceId,outcome,detail,clientIp,userAgent',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`doctor.approve,doctor,${doctor!.id},allowed`);
  await expect(toast(admin, 'Exported 1 audit row.')).toBeVisible();
  await admin.context().close();
});
