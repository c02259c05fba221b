import { expect, test, type Browser, type Page } from '@playwright/test';
import { approvedDoctor } from '../support/accounts';
import { signInWithSession } from '../support/auth';
import { sql } from '../support/db';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * An approved doctor changes their specialty: a confirmation says an admin reviews it first, the
 * change is shown pending and the doctor stays on their dashboard, approved and listed with the old
 * specialty; the admin sees the diff on the desk's Change requests tab and approves it.
 */

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

async function pageAs(
  browser: Browser,
  account: { email: string; password: string } | 'admin',
  home: string,
): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInWithSession(page, account, home);
  await expect(page).toHaveURL(new RegExp(`${home}$`));
  return page;
}

async function noSidewaysScrollAt390(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  if (size) await page.setViewportSize(size);
}

test('a specialty change is confirmed, shown pending while the doctor keeps working, and approved on the desk', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Dr. Shift ${Date.now().toString(36)}`;
  const { user, doctorId } = await approvedDoctor(request, {
    name,
    clinic: 'Shift Clinic',
    timeZone: 'America/New_York',
    schedule: {
      availableDays: WEEK,
      timeSlots: Object.fromEntries(WEEK.map((d) => [d, ['09:00 AM', '10:30 AM']])),
    },
  });

  // What an approved application holds and the profile form requires.
  await sql(
    `UPDATE doctors SET license_number = 'MA-204117', clinic_address = '{"city": "Boston", "state": "MA"}'
      WHERE id = $1`,
    [doctorId],
  );

  // 1. The doctor asks for Neurology instead of Cardiology.
  const doc = await pageAs(browser, user, '/provider-dashboard');
  const editor = doc.getByRole('region', { name: 'Your profile' });
  await editor.getByLabel('Specialty *').selectOption('Neurology');
  await expect(editor.getByText('An admin reviews a new licence number or specialty')).toBeVisible();
  await editor.getByRole('button', { name: 'Save profile' }).click();
  const confirm = doc.getByRole('dialog', { name: 'Send this change for review?' });
  await expect(confirm).toContainText('your current specialty');
  await expect(confirm).toContainText('you stay bookable');
  await expectAccessible(doc, { include: null });
  await shotAtWidths(doc, 'change-request-confirm');
  await confirm.getByRole('button', { name: 'Send for review' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(editor.getByRole('status')).toContainText('waits for an admin’s review');
  const pending = editor.getByRole('region', { name: 'Pending review' });
  await expect(pending).toContainText('Pending review: specialty Cardiology → Neurology');

  // Still approved, still on the dashboard after a reload, still listed under the old specialty.
  await doc.reload();
  await expect(doc).toHaveURL(/\/provider-dashboard$/);
  await expect(pending).toContainText('Pending review: specialty Cardiology → Neurology');
  await expect(editor.getByLabel('Specialty *')).toHaveValue('Cardiology');
  await pending.scrollIntoViewIfNeeded();
  await expectAccessible(doc, { include: null });
  await shotAtWidths(doc, 'change-request-pending');
  await noSidewaysScrollAt390(doc);
  const [row] = await sql<{ specialty: string; verification_status: string; is_available: boolean }>(
    `SELECT specialty, verification_status, is_available FROM doctors WHERE id = $1`,
    [doctorId],
  );
  expect(row).toEqual({ specialty: 'Cardiology', verification_status: 'approved', is_available: true });
  const listed = await request.get(`/api/doctors?specialty=Cardiology&q=${encodeURIComponent(name)}`);
  expect(((await listed.json()) as { id: string }[]).map((d) => d.id)).toEqual([doctorId]);

  // 2. The admin sees the diff on the Change requests tab and approves it.
  const admin = await pageAs(browser, 'admin', '/admin');
  await admin.getByRole('tab', { name: /^Change requests/ }).click();
  const card = admin.getByRole('article', { name: `Change request of ${name}` });
  const diff = card.getByRole('table', { name: `Requested changes of ${name}` });
  await expect(diff.getByRole('columnheader')).toHaveText(['Field', 'Current', 'Requested']);
  await expect(diff.getByRole('row', { name: 'specialty Cardiology Neurology' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(admin, { include: null });
  await shotAtWidths(admin, 'change-request-admin-diff');
  await noSidewaysScrollAt390(admin);
  await card.getByRole('button', { name: `Approve change of ${name}` }).click();
  const approve = admin.getByRole('dialog', { name: `Approve the change of ${name}?` });
  await expect(approve).toBeVisible();
  await expectAccessible(admin, { include: null });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(
    admin.locator('[role="alert"], [role="status"]').getByText(`Change of ${name} approved.`).first(),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  await shotAtWidths(admin, 'change-request-admin-approved');

  // 3. The new specialty applies: listed under it, and the doctor's profile shows it.
  const [after] = await sql<{ specialty: string }>(`SELECT specialty FROM doctors WHERE id = $1`, [doctorId]);
  expect(after!.specialty).toBe('Neurology');
  await doc.reload();
  await expect(editor.getByLabel('Specialty *')).toHaveValue('Neurology');
  await expect(editor.getByRole('region', { name: 'Pending review' })).toHaveCount(0);
  await admin.context().close();
  await doc.context().close();
});
