import { expect, type Locator, type Page } from '@playwright/test';

/** The phone the walks use, and the desktop they compare with. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
/** The smallest touch target, in CSS pixels. */
export const MIN_TARGET = 44;

/** The page does not scroll sideways (scrollWidth <= clientWidth); a failure names what sticks out. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect
    .poll(overflow, { timeout: 5_000 })
    .toBeLessThanOrEqual(0)
    .catch(() => undefined);
  if ((await overflow()) <= 0) return;
  const offenders = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(-5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)})`,
      ),
  );
  expect(
    await overflow(),
    `${what}: wider than the screen by (px); sticking out: ${offenders.join(', ')}`,
  ).toBeLessThanOrEqual(0);
}

/** Every visible element of `targets` is at least 44 × 44 px. */
export async function expectTouchTargets(targets: Locator, what: string) {
  const sizes = await targets.evaluateAll((els) =>
    els
      .map((el) => {
        const r = el.getBoundingClientRect();
        const label = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        return { label, width: Math.round(r.width), height: Math.round(r.height) };
      })
      .filter((s) => s.width > 0 && s.height > 0),
  );
  const small = sizes.filter((s) => s.width < MIN_TARGET || s.height < MIN_TARGET);
  expect(small, `${what}: touch targets under ${MIN_TARGET} px`).toEqual([]);
}

/** What a person taps: the header's controls, tabs, and the page's buttons, links styled as buttons and fields. */
export const touchTargets = (page: Page) =>
  page.locator(
    [
      'header button',
      'header a',
      '[role="tab"]',
      'main button',
      'main a.md-button',
      'main input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])',
      'main select',
      'main textarea',
    ].join(', '),
  );

/** After a primary action focus is on an element of the page, not dropped to the body. */
export async function expectFocusKept(page: Page, what: string) {
  await expect
    .poll(
      () => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body),
      {
        message: `${what}: focus fell to the page body`,
        timeout: 5_000,
      },
    )
    .toBe(true);
}
