import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, shotAtWidths } from './screens';

/**
 * The phone checks of the whole-product walks (phone.spec.ts for patients, walk-staff.spec.ts for
 * doctors, providers and admins): a 390 px screen scrolls only downwards, overlays fit it, touch
 * targets are at least 44 px, and axe finds nothing serious at 390 and 1366 px.
 */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
export const MIN_TARGET = 44;

/** The page does not scroll sideways: the document is no wider than the viewport. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = () =>
    page.evaluate(() => {
      const el = document.documentElement;
      return el.scrollWidth - el.clientWidth;
    });
  await expect
    .poll(overflow, { timeout: 5_000 })
    .toBeLessThanOrEqual(0)
    .catch(() => undefined);
  if ((await overflow()) <= 0) return;
  // Name what sticks out, so a failure says where to look.
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
    `${what}: page wider than the screen by (px); sticking out: ${offenders.join(', ')}`,
  ).toBeLessThanOrEqual(0);
}

/** The overlay's box lies inside the viewport (horizontally; and it starts on screen). */
export async function expectInViewport(page: Page, overlay: Locator, what: string) {
  const box = await overlay.boundingBox();
  const { width } = page.viewportSize()!;
  expect(box, `${what}: overlay has a box`).not.toBeNull();
  expect(box!.x, `${what}: overlay's left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: overlay's right edge`).toBeLessThanOrEqual(width);
  expect(box!.y, `${what}: overlay's top edge`).toBeGreaterThanOrEqual(0);
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
      // A visually hidden control (a file input whose label is the target) is no target itself.
      .filter((s) => s.width > 1 && s.height > 1),
  );
  const small = sizes.filter((s) => s.width < MIN_TARGET || s.height < MIN_TARGET);
  expect(small, `${what}: touch targets under ${MIN_TARGET} px`).toEqual([]);
}

/** The interactive elements of the header, open menus and panels, tab lists and the page's buttons. */
export const chromeTargets = (page: Page) =>
  page.locator(
    [
      'header button',
      'header a',
      '[role="menu"] [role="menuitem"]',
      '[role="region"][aria-label="Notifications"] button',
      '[role="tab"]',
      'main button',
      'main a.md-button',
      // Fields are touched too: text, number, date and file inputs, selects and text areas.
      'main input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])',
      'main select',
      'main textarea',
    ].join(', '),
  );

/**
 * One screen at phone width: no sideways scroll, the overlay (if any) inside the viewport, 44 px touch
 * targets, whole-page axe at 390 and 1366 px, and screenshots at both widths.
 */
export async function checkScreen(page: Page, name: string, overlay?: Locator) {
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, name);
  if (overlay) {
    await expect(overlay).toBeVisible();
    await expectInViewport(page, overlay, name);
  }
  await expectTouchTargets(chromeTargets(page), name);
  if (overlay) await expectTouchTargets(overlay.locator('button, a[href], summary'), `${name} overlay`);
  await expectAccessible(page, { include: null });
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, `phone-${name}`);
  await page.setViewportSize(PHONE);
}

/** A native <dialog> of the Dialog primitive: its panel is the box that must fit, nothing scrolls in it. */
export async function checkDialog(page: Page, name: string, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await page.setViewportSize(PHONE);
  const sideways = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(sideways, `${name}: the dialog's content is wider than the screen by (px)`).toBeLessThanOrEqual(0);
  await checkScreen(page, name, dialog.locator(':scope > *').first());
}

/**
 * After a primary action the focus is on an element of the page, not dropped to the body (or nowhere);
 * with `where`, on that element.
 */
export async function expectFocusKept(page: Page, what: string, where?: Locator) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return !el || el === document.body ? 'body' : el.tagName.toLowerCase();
        }),
      { message: `${what}: the focus fell to the page body`, timeout: 5_000 },
    )
    .not.toBe('body');
  if (where) await expect(where, `${what}: focus`).toBeFocused();
}
