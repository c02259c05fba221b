import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axeCore, { type ContextObject, type Result, type RunOptions } from 'axe-core';
import { appendFileSync, mkdirSync } from 'node:fs';

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

/** The impacts `expectAccessible` fails on; axe's others (minor, moderate) are not acted on. */
export const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

type CheckRef = string | { id: string };
interface AuditRule {
  id: string;
  impact?: string;
  any: CheckRef[];
  all: CheckRef[];
  none: CheckRef[];
}

/**
 * The rules of the installed axe that can only report minor or moderate violations, read from axe's own
 * rule metadata: a rule with an `impact` gives every violation that impact (axe overwrites its checks'),
 * one without gives its failed checks' highest. A rule whose impact cannot be told is kept.
 */
export const RULES_BELOW_FAILING: readonly string[] = (() => {
  const { rules, data } = (
    axeCore as unknown as {
      _audit: { rules: AuditRule[]; data: { checks: Record<string, { impact?: string }> } };
    }
  )._audit;
  const impacts = (rule: AuditRule) =>
    rule.impact
      ? [rule.impact]
      : [...rule.any, ...rule.all, ...rule.none].map(
          (check) => data.checks[typeof check === 'string' ? check : check.id]?.impact,
        );
  return rules
    .filter((rule) => {
      const all = impacts(rule);
      return all.length > 0 && all.every((impact) => impact && !FAILING_IMPACTS.includes(impact));
    })
    .map((rule) => rule.id);
})();

/**
 * Every rule axe runs by default except those that cannot fail the assertion; only violations are
 * collected in full (axe keeps one node of the other result types).
 */
const AXE_OPTIONS: RunOptions = {
  rules: Object.fromEntries(RULES_BELOW_FAILING.map((id) => [id, { enabled: false }])),
  resultTypes: ['violations'],
};

/**
 * Runs axe in the page itself. Its source (650 kB) is evaluated once per document and reused by later
 * scans of it; `AxeBuilder` evaluates it twice on every scan.
 */
async function violationsInPage(page: Page, context: ContextObject): Promise<Result[]> {
  type AxeWindow = { axe?: typeof axeCore };
  const loaded = await page.evaluate(
    (version) => (window as unknown as AxeWindow).axe?.version === version,
    axeCore.version,
  );
  if (!loaded) await page.evaluate(axeCore.source);
  // Plain objects on the way in and out: Playwright's serialisable types are too deep for axe's.
  const violations: unknown = await page.evaluate(
    async ({ context, options }) =>
      (
        await (window as unknown as Required<AxeWindow>).axe.run(
          context as ContextObject,
          options as RunOptions,
        )
      ).violations,
    { context: context as object, options: AXE_OPTIONS as object },
  );
  return violations as Result[];
}

/** How a violation is named in a failure: the rule and the elements it found. */
export const describeViolation = (v: Result) =>
  `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;

/**
 * The serious and critical axe violations in `include` (a selector; `null` is the whole page). With
 * E2E_AXE_LOG set, each scan appends its milliseconds, scope, width and address to that file.
 */
export async function failingViolations(page: Page, include: string | null): Promise<Result[]> {
  const started = performance.now();
  const context: ContextObject = { include: include ? [include] : [], exclude: [] };
  // Without frames, axe runs in the page itself (`axe.run`): the same rules on the same document as the
  // per-frame mode, which would also open and script a blank page for every scan, most of its time.
  const violations =
    page.frames().length === 1
      ? await violationsInPage(page, context)
      : (
          await (include ? new AxeBuilder({ page }).include(include) : new AxeBuilder({ page }))
            .options(AXE_OPTIONS)
            .analyze()
        ).violations;
  if (process.env.E2E_AXE_LOG) {
    const ms = (performance.now() - started).toFixed(0);
    const line = `${ms} ${include} ${page.viewportSize()?.width} ${page.url()}\n`;
    appendFileSync(process.env.E2E_AXE_LOG, line);
  }
  return violations.filter((v) => FAILING_IMPACTS.includes(v.impact ?? ''));
}

/**
 * No serious or critical axe violations in `include` (the page's `main` by default; `null` checks the
 * whole page, e.g. when a dialog or the header is what is under test).
 */
export async function expectAccessible(page: Page, { include = 'main' }: { include?: string | null } = {}) {
  expect((await failingViolations(page, include)).map(describeViolation)).toEqual([]);
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
