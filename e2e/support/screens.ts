import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** Where the specs leave their screenshots for review (E2E_SHOTS_DIR keeps parallel runs apart). */
export const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/medora-shots';

/**
 * Screenshots are for people to look at, and nothing compares them: they are written only when asked
 * (E2E_SHOTS=1). Without them, `shotAtWidths` still resizes when it has a `ready` check to run at each
 * width; a bare resize there and back proves nothing and costs a layout of the page at each width.
 */
export const SHOTS_WANTED = process.env.E2E_SHOTS === '1';

/**
 * Saves `SHOTS/<name>.png`. A full-page shot is taken from the top, so the sticky header is not
 * painted over the middle of the page.
 */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!SHOTS_WANTED) return;
  mkdirSync(SHOTS, { recursive: true });
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/**
 * No serious or critical axe violations in `include` (the page's `main` by default; `null` checks the
 * whole page, e.g. when a dialog or the header is what is under test).
 */
export async function expectAccessible(page: Page, { include = 'main' }: { include?: string | null } = {}) {
  // Without frames, axe runs in the page itself (`axe.run`): the same rules on the same document as the
  // per-frame mode, which would also open and script a blank page for every scan, most of its time.
  const builder = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  const axe = await (include ? builder.include(include) : builder).analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Saves `SHOTS/<name>-390.png` at a 390 px wide phone viewport, then puts the viewport back. */
export async function shotNarrow(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!SHOTS_WANTED) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`, { fullPage });
  if (size) await page.setViewportSize(size);
}

/**
 * `shot` at desktop (1366 px) and phone (390 px) width, saved as `<name>-1366` and `<name>-390`; the
 * viewport is then put back, so the test goes on at its own size. `ready` runs after each resize,
 * before the shot (e.g. waits for a frame, which lays itself out on its own, to show its content).
 */
export async function shotAtWidths(page: Page, name: string, ready?: () => Promise<void>) {
  if (!SHOTS_WANTED && !ready) return;
  const size = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await ready?.();
    await shot(page, `${name}-${width}`);
  }
  if (size) await page.setViewportSize(size);
}
