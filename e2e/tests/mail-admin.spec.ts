import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { sql } from '../support/db';
import { SHOTS, SHOTS_WANTED, expectAccessible } from '../support/screens';

/**
 * E-mail that used up its tries, on the admin dashboard, at 1366 and 390 px. The dead
 * letter is written the way pg-boss writes one when a mail job's last try fails (a copy of the job in
 * the `mail.dead` queue with its tries and last error): until the mail branch's SMTP transport is
 * bound, no job of this stack can fail on its own.
 */

async function deadLetter(appointmentId: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO pgboss.job (name, data, retry_limit, source_name, source_id, source_retry_count, source_output,
                             keep_until)
     VALUES ('mail.dead', $1::jsonb, 0, 'mail', gen_random_uuid(), 4,
             '{"message": "connect ECONNREFUSED 127.0.0.1:2525"}'::jsonb, now() + interval '1 day')
     RETURNING id`,
    [
      JSON.stringify({
        kind: 'appointment.reminder',
        appointmentId,
        startsAt: new Date().toISOString(),
        audience: 'patient',
      }),
    ],
  );
  return row!.id;
}

async function sectionShots(page: Page, section: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    if (SHOTS_WANTED) await section.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('an admin sees e-mail that could not be sent and sends it again', async ({ browser }) => {
  test.setTimeout(120_000);
  const appointmentId = crypto.randomUUID();
  const id = await deadLetter(appointmentId);
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInWithSession(page, 'admin', '/admin');
  await expect(page).toHaveURL(/\/admin$/);

  const section = page.getByRole('region', { name: 'E-mail that could not be sent' });
  const item = section.getByRole('listitem').filter({ hasText: appointmentId });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Reminder');
  await expect(item).toContainText('Patient');
  await expect(item).toContainText('5 tries');
  await expect(item).toContainText('connect ECONNREFUSED 127.0.0.1:2525');
  await expectAccessible(page);
  await sectionShots(page, section, 'mail-admin-failed');

  await item.getByRole('button', { name: `Send again: Reminder ${appointmentId}` }).click();
  await expect(page.getByText('Queued to be sent again.')).toBeVisible();
  await expect(item).toHaveCount(0);
  const jobs = await sql<{ name: string }>(
    `SELECT name FROM pgboss.job WHERE data ->> 'appointmentId' = $1`,
    [appointmentId],
  );
  expect(jobs.map((j) => j.name)).toEqual(['mail']);
  const [audit] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'mail.retry' AND resource_id = $1`,
    [id],
  );
  expect(audit!.n).toBe(1);
  await sectionShots(page, section, 'mail-admin-retried');
});
