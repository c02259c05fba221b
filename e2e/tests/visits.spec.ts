import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, signInWithSession } from '../support/auth';
import { MINIMAL_INTAKE_RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';
import { newPatient } from '../support/accounts';

/**
 * Coming back: the dashboard's ways into the intake (each in its mode), every submission a
 * visit kept as history with its own summary, a follow-up that asks what changed, the way back to the
 * welcome choice, the draft kept on the server (another browser continues), and the review's Edit links.
 */

const heading = (page: Page) => page.getByTestId('intake-question');
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** No serious or critical axe violation on the whole page (header, menus and open dialogs included). */
const expectWholePageAccessible = (page: Page) => expectAccessible(page, { include: null });

/**
 * At 390 px the page does not scroll sideways and nothing sticks out of the viewport (the dashboard's
 * tab bar is its own horizontal scroller, so its tabs may extend past the edge inside it), and no
 * serious or critical axe violation on the whole page at 390 and 1366 px.
 */
async function checkPhoneAndAxe(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      return [`page ${document.documentElement.scrollWidth}px`];
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => !e.closest('[role="tablist"]'))
      .filter((e) => e.getBoundingClientRect().right > width + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${String((e as HTMLElement).className).slice(0, 40)}`)
      .slice(0, 8);
    return wide;
  });
  expect(overflow).toEqual([]);
  await expectWholePageAccessible(page);
  if (size) await page.setViewportSize(size);
  await expectWholePageAccessible(page);
}

/** Every visible button and link of `scope` is at least 44 px tall (touch targets, at 390 px). */
async function expectTouchTargets(page: Page, selector: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const small = await page.$$eval(selector, (els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => ({ text: (e.textContent ?? '').trim(), h: e.getBoundingClientRect().height }))
      .filter((e) => e.h < 44),
  );
  expect(small).toEqual([]);
  if (size) await page.setViewportSize(size);
}

/** Pregnancy (a woman of 12 to 55) and travel: asked at every visit, before what changed. */
async function answerContext(page: Page) {
  await expect(heading(page)).toHaveText('Could you be pregnant?');
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await next(page);
  await expect(heading(page)).toHaveText(
    'Have you travelled outside your home country in the last 3 months?',
  );
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await next(page);
}

test.describe('coming back', () => {
  test('a returning patient starts a follow-up from the dashboard; it becomes a visit with its own summary', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request, true);
    const auth = { Authorization: `Bearer ${user.idToken}` };
    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);

    // The ways back into the intake, next to booking, and the one visit so far.
    const actions = page.getByRole('navigation', { name: 'What would you like to do?' });
    await expect(actions.getByRole('link', { name: 'Update my health profile' })).toHaveAttribute(
      'href',
      '/form?mode=profile',
    );
    await expect(actions.getByRole('link', { name: 'New symptoms / start a visit' })).toHaveAttribute(
      'href',
      '/form?mode=visit',
    );
    await expect(page.getByTestId('visits-list').getByRole('listitem')).toHaveCount(1);
    await shotAtWidths(page, 'visits-dashboard');
    await checkPhoneAndAxe(page);
    await expectTouchTargets(
      page,
      '[aria-label="What would you like to do?"] a, [data-testid="visits-list"] button',
    );

    await actions.getByRole('link', { name: 'Follow-up on my last visit' }).click();
    await expect(page).toHaveURL(/\/form\?mode=follow-up$/);
    await expect(heading(page)).toHaveText('What are your height and weight?');
    await next(page);
    await answerContext(page);
    await expect(heading(page)).toHaveText('Since your last visit, how are you feeling?');
    await page.getByRole('radio', { name: 'Worse' }).check();
    // Previous works inside the follow-up.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(heading(page)).toHaveText(
      'Have you travelled outside your home country in the last 3 months?',
    );
    await next(page);
    await expect(page.getByRole('radio', { name: 'Worse' })).toBeChecked();
    await next(page);
    await expect(heading(page)).toHaveText('Do you have any new symptoms since your last visit? (optional)');
    await page.getByRole('checkbox', { name: 'Cough' }).check();
    await expect(page.getByTestId('draft-status')).toHaveText('Saved');
    await shotAtWidths(page, 'visits-follow-up-question');
    await checkPhoneAndAxe(page);

    // A reload continues where the patient stopped, still able to go back to the welcome choice.
    await page.reload();
    await expect(heading(page)).toHaveText('Do you have any new symptoms since your last visit? (optional)');
    await expect(page.getByRole('checkbox', { name: 'Cough' })).toBeChecked();
    await page.getByRole('button', { name: 'Change what brings you in' }).click();
    await expect(heading(page)).toHaveText('Welcome back!');
    await expect(page).toHaveURL(/\/form$/);
    await page.reload();
    await expect(heading(page)).toHaveText('Welcome back!');

    await page.getByRole('button', { name: /Follow-Up Visit/ }).click();
    await expect(page).toHaveURL(/\/form\?mode=follow-up$/);
    await next(page);
    await answerContext(page);
    await page.getByRole('radio', { name: 'Worse' }).check();
    await next(page);
    await page.getByRole('checkbox', { name: 'Cough' }).check();
    await next(page);
    // A new symptom gets its detail questions, as at a first visit.
    await expect(page.getByTestId('intake-topic')).toHaveText('About your Cough');
    while ((await page.getByTestId('intake-topic').count()) > 0) {
      if ((await page.getByRole('radio').count()) > 0) await page.getByRole('radio').first().check();
      else await page.getByRole('checkbox').first().check();
      await next(page);
    }
    await page
      .getByLabel('Anything else that changed since your last visit? (optional)')
      .fill('Worse at night');
    await next(page);
    await expect(heading(page)).toHaveText('Please Review Your Information');
    await shotAtWidths(page, 'visits-review-edit');
    await checkPhoneAndAxe(page);
    await expectTouchTargets(page, 'main button');

    // Edit jumps to the section's first question; Next after its last one returns to the review.
    // Pregnancy and travel are reviewed with the visit's symptoms: the section starts there.
    await page.getByRole('button', { name: 'Edit Symptoms Summary' }).click();
    await expect(heading(page)).toHaveText('Could you be pregnant?');
    await next(page);
    await next(page);
    await expect(heading(page)).toHaveText('Since your last visit, how are you feeling?');
    await page.getByRole('radio', { name: 'About the same' }).check();
    for (let i = 0; i < 12 && (await heading(page).textContent()) !== 'Please Review Your Information'; i++) {
      await next(page);
    }
    await expect(heading(page)).toHaveText('Please Review Your Information');
    await expect(page.getByRole('region', { name: 'Symptoms Summary' })).toContainText('About the same');
    await page.getByRole('button', { name: 'Edit Personal Information' }).click();
    await expect(heading(page)).toHaveText('What are your height and weight?');
    await page.getByRole('button', { name: 'Back to review' }).click();
    await expect(heading(page)).toHaveText('Please Review Your Information');

    await page.getByRole('button', { name: 'Continue to File Upload' }).click();
    await page.getByRole('button', { name: 'Finish & Submit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Two visits, newest first; the follow-up's own summary says what changed.
    const items = page.getByTestId('visits-list').getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Follow-up Visit: About the same; new symptoms: Cough');
    await expect(items.first()).toContainText(/\w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(items.nth(1)).toContainText('Headache');
    await items
      .first()
      .getByRole('button', { name: /^Open summary of the visit on/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Visit on/ });
    await expect(dialog.getByTestId('visit-summary')).toContainText('Since the last visit');
    await expect(dialog.getByTestId('visit-summary')).toContainText('Worse at night');
    await expect(dialog.getByTestId('visit-summary')).not.toContainText('Headache');
    await shotAtWidths(page, 'visits-summary-dialog');
    await checkPhoneAndAxe(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const visits = await (await request.get(`/api/patients/${user.uid}/visits`, { headers: auth })).json();
    expect(visits.items.map((v: { kind: string }) => v.kind)).toEqual(['follow-up', 'visit']);
    const latest = await (
      await request.get(`/api/patients/${user.uid}/visits/${visits.items[0].id}`, { headers: auth })
    ).json();
    expect(latest.data.symptoms).toBeUndefined();
    expect(latest.data.followUpChange).toBe('About the same');
    const record = await (await request.get(`/api/patients/${user.uid}`, { headers: auth })).json();
    expect(record.aiSummary).toEqual(latest.summary);
    // Nothing of the answers stays in the browser.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain('Worse at night');
  });

  test('the draft is kept on the server: another browser continues where the patient stopped', async ({
    page,
    request,
    browser,
  }) => {
    const user = await newPatient(request);
    await signInWithSession(page, user, '/form');
    await expect(page).toHaveURL(/\/form$/);
    await page.getByLabel('What is your full name?').fill('Lena Fischer');
    await next(page);
    await page.getByRole('radio', { name: 'Female' }).check();
    await expect(page.getByTestId('draft-status')).toHaveText('Saved');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain('Lena Fischer');

    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await loginThroughUi(second, user.email, user.password);
      await expect(heading(second)).toHaveText('What is your gender?');
      await expect(second.getByRole('radio', { name: 'Female' })).toBeChecked();
      await second.getByRole('button', { name: 'Previous' }).click();
      await expect(second.getByLabel('What is your full name?')).toHaveValue('Lena Fischer');
    } finally {
      await other.close();
    }
  });

  test('"Update my health profile" lands in the profile update, prefilled, without symptoms', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request, true);
    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Update my health profile' }).click();
    await expect(page).toHaveURL(/\/form\?mode=profile$/);
    await expect(heading(page)).toHaveText('What is your full name?');
    await expect(page.getByLabel('What is your full name?')).toHaveValue(MINIMAL_INTAKE_RECORD.name);
    const asked: string[] = [];
    while ((await page.getByRole('button', { name: 'Next' }).count()) > 0 && asked.length < 40) {
      const question = (await heading(page).textContent()) ?? '';
      asked.push(question);
      // A question the record left unanswered (the medicine kinds): its 'None'.
      if (question === 'Which kinds of medicine do you take regularly?') {
        await page.getByRole('checkbox', { name: 'None', exact: true }).check();
      }
      if (question === 'Do you take any of these medicines?') {
        await page.getByRole('checkbox', { name: 'None of these', exact: true }).check();
      }
      await next(page);
    }
    expect(asked).not.toContain('What symptoms bring you in today?');
    await expect(heading(page)).toHaveText('Please Review Your Information');
  });
});
