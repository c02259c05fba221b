import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { expect, type Page } from '@playwright/test';
import { MESSAGES } from '@medora/shared';

/** Opens /dev/mailbox (the API's local SMTP sink) and the newest mail whose subject starts with `subject`. */
export async function openMail(page: Page, subject: string): Promise<void> {
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: MESSAGES.mailSinkHeading })).toBeVisible();
  const open = page.getByRole('button', { name: new RegExp(`^${MESSAGES.mailSinkOpen} ${subject}`) }).first();
  // Mail goes through the durable queue: reload until the worker has sent it.
  await expect(async () => {
    await page.reload();
    await expect(open).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await open.click();
  await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${subject}`) })).toBeVisible();
}

/** Downloads the opened mail's .ics and parses it with a real iCalendar parser. */
export async function downloadedCalendar(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^appointment\.ics/ }).click();
  const file = await (await download).path();
  const calendar = new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  };
}
