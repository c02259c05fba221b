import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  describeViolation,
  expectAccessible,
  FAILING_IMPACTS,
  failingViolations,
  RULES_BELOW_FAILING,
} from '../support/screens';

/**
 * The axe scan of `expectAccessible` runs fewer rules than axe's default set and keeps axe loaded in a
 * page between scans. These checks hold it to the default set: on a page with violations of every
 * impact, it reports exactly the serious and critical ones a full default run reports, and fails.
 */

/** Violations of each impact: critical (image-alt, button-name), serious (color-contrast, html-has-lang,
 * link-name), moderate (heading-order, region, meta-viewport) and minor (empty-heading). */
const BAD_PAGE = `<!doctype html><html><head><title>Bad page</title>
<meta name="viewport" content="width=device-width, maximum-scale=1"></head><body>
<p>Text outside any landmark.</p>
<main>
  <h1>Title</h1>
  <h4>Skipped levels</h4>
  <h2></h2>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <button></button>
  <a href="/somewhere"></a>
  <p style="color:#bbb;background:#fff">Low contrast text</p>
</main>
</body></html>`;

/** The serious and critical violations of axe's full default rule set (what the scan ran before). */
async function fullRun(page: Page, include: string | null) {
  const builder = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations;
}

const ids = (violations: { id: string }[]) => violations.map((v) => v.id).sort();

for (const framed of [false, true]) {
  test(`the scan reports what a full axe run reports as serious or critical${framed ? ', in a frame' : ''}`, async ({
    page,
  }) => {
    await page.setContent(
      framed
        ? `<!doctype html><html lang="en"><head><title>Frame</title></head><body><main>` +
            `<iframe title="Bad page" srcdoc="${BAD_PAGE.replaceAll('"', '&quot;')}"></iframe></main></body></html>`
        : BAD_PAGE,
    );
    if (framed) await expect(page.frameLocator('iframe').locator('h1')).toHaveText('Title');
    for (const include of [null, 'main']) {
      const full = await fullRun(page, include);
      const failing = full.filter((v) => FAILING_IMPACTS.includes(v.impact ?? ''));
      // The page has violations the scan skips, and ones it must report.
      expect(full.filter((v) => !FAILING_IMPACTS.includes(v.impact ?? '')).length).toBeGreaterThan(0);
      expect(ids(failing)).toEqual(expect.arrayContaining(['button-name', 'color-contrast', 'image-alt']));
      const scanned = await failingViolations(page, include);
      expect(ids(scanned)).toEqual(ids(failing));
      expect(scanned.map(describeViolation).sort()).toEqual(failing.map(describeViolation).sort());
      await expect(expectAccessible(page, { include })).rejects.toThrow(/image-alt/);
    }
  });
}

test('the skipped rules are only those that cannot report a serious or critical violation', async ({
  page,
}) => {
  expect(RULES_BELOW_FAILING).toEqual(expect.arrayContaining(['heading-order', 'region']));
  expect(RULES_BELOW_FAILING).not.toContain('color-contrast');
  // A later scan of the same document, with axe already loaded in it, sees what changed since.
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Fine</title></head><body><main><h1>Fine</h1></main></body></html>',
  );
  await expectAccessible(page);
  await page.locator('main').evaluate((main) => main.append(document.createElement('button')));
  await expect(expectAccessible(page)).rejects.toThrow(/button-name/);
});
