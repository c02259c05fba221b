import { expect, test, type Page } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { MINIMAL_INTAKE_RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';
import { newPatient } from '../support/accounts';

/** The clinical summary first, and right, and the intake's small fixes. */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** A record with red flags (NICE NG12: weight loss with night sweats; a hard fixed lump) and meds. */
const RECORD = {
  ...MINIMAL_INTAKE_RECORD,
  gender: 'Male',
  hasChildren: undefined,
  chronicConditions: ['Heart Disease', 'Thyroid Disorder'],
  heartDiseaseDuration: '3-5 years',
  heartDiseaseLastTest: '1-3 months ago',
  heartDiseaseMeds: ['Aspirin'],
  thyroidDuration: '1-2 years',
  thyroidLastTest: '1-3 months ago',
  thyroidMeds: ['Levothyroxine'],
  medicationClasses: ['None'],
  symptoms: ['Fatigue'],
  fatigueDuration: '1-3 months',
  fatigueSeverity: 'Moderate: limits some daily activities',
  fatigueSleep: 'Normal, but I wake unrefreshed',
  fatigueAssociated: ['Weight change'],
  additionalSymptoms: ['Weight Loss', 'Lumps/Bumps'],
  weightLossAmount: '5-10 kg',
  weightLossPeriod: '1-3 months',
  weightLossIntent: 'No',
  weightLossAssociated: ['Night sweats'],
  lumpLocation: 'Neck',
  lumpDuration: '2-4 weeks',
  lumpChange: 'Growing',
  lumpFeel: 'Hard and fixed',
};

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * Nothing of the Patient Summary reaches past the viewport's right edge (the page's own header and
 * the whole-page scrollWidth check are phone.spec.ts's).
 */
const summaryFits = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const root = document.querySelector('[data-testid="ai-summary"]')?.parentElement;
    if (!root) return ['no summary'];
    return [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });

test.describe('Patient Summary: the clinical summary first', () => {
  test('red flags on top, answers collapsed and opened by keyboard, a deleted document gone', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    const auth = { Authorization: `Bearer ${user.idToken}` };
    const uploaded = await request.post(`/api/patients/${user.uid}/documents`, {
      headers: auth,
      multipart: {
        type: 'chronicConditions',
        file: { name: 'thyroid-panel.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const saved = await request.post('/api/patients', {
      headers: auth,
      data: { uid: user.uid, data: { ...RECORD, chronicConditions_document: 'thyroid-panel.pdf' } },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);
    const clinical = page.getByTestId('ai-summary');
    const answers = page.getByTestId('summary-questionnaire');
    await expect(clinical).toBeVisible();

    // The summary's box is above the first answers table, in the DOM and on screen, at both widths.
    expect(
      await clinical.evaluate(
        (a, b) => !!(a.compareDocumentPosition(b!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await answers.elementHandle(),
      ),
    ).toBe(true);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const top = (await clinical.boundingBox())!;
      const below = (await answers.boundingBox())!;
      expect(top.y).toBeLessThan(below.y);
      // On screen without scrolling: the summary starts within the first screen.
      expect(top.y).toBeLessThan(844);
      expect(await summaryFits(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    // Red flags first, labelled as generated and to be verified by a clinician.
    const flags = page.getByTestId('summary-red-flags');
    await expect(flags.getByRole('heading', { name: 'Red flags' })).toBeVisible();
    await expect(flags).toContainText('Unintentional weight loss with night sweats');
    await expect(flags).toContainText('hard and fixed');
    await expect(page.getByTestId('summary-verify')).toHaveText(
      'Generated from your answers. To be verified by a clinician.',
    );
    // Medications gathered from the chronic-condition answers (no 'None reported').
    await expect(clinical.getByRole('heading', { name: 'Medications' })).toBeVisible();
    await expect(clinical).toContainText('Aspirin (heart disease)');
    await expect(clinical).toContainText('Levothyroxine (thyroid disorder)');

    // The questionnaire below, collapsed by section; a section opens with the keyboard.
    const sections = page.getByTestId('summary-section');
    expect(await sections.count()).toBeGreaterThanOrEqual(4);
    for (const d of await sections.all()) await expect(d).not.toHaveAttribute('open', '');
    const docs = sections.filter({ has: page.locator('summary', { hasText: 'Uploaded Documents' }) });
    await expect(docs.getByText('thyroid-panel.pdf')).toBeHidden();
    await docs.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(docs).toHaveAttribute('open', '');
    await expect(docs.getByText('Chronic conditions report')).toBeVisible();
    await expect(docs.getByText('thyroid-panel.pdf')).toBeVisible();
    await shotAtWidths(page, 'summary-tab');
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    expect(await summaryFits(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The documents tab names the type, then the document is deleted: gone from the summary.
    await page.getByRole('tab', { name: 'Medical Documents (1)' }).click();
    const card = page.getByTestId('document-card').filter({ hasText: 'thyroid-panel.pdf' });
    await expect(card).toContainText('Chronic conditions report');
    await expect(card).not.toContainText('chronicConditions');
    await shotAtWidths(page, 'summary-documents-type');
    await card.getByRole('button', { name: 'Delete: thyroid-panel.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('tab', { name: 'Medical Documents (0)' })).toBeVisible();

    await page.getByRole('tab', { name: 'Patient Summary' }).click();
    await expect(page.getByTestId('summary-questionnaire')).toBeVisible();
    await expect(page.getByTestId('summary-questionnaire')).not.toContainText('thyroid-panel.pdf');
    await expect(
      page
        .getByTestId('summary-section')
        .filter({ has: page.locator('summary', { hasText: 'Uploaded Documents' }) }),
    ).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('ai-summary')).toBeVisible();
    await expect(page.getByTestId('summary-questionnaire')).not.toContainText('thyroid-panel.pdf');
    await shotAtWidths(page, 'summary-after-delete');

    // Last, the whole page (header included) with a section open, at desktop and phone width: no
    // serious axe violation, nothing scrolls sideways (the header's part is phone.spec.ts's).
    const personal = page
      .getByTestId('summary-section')
      .filter({ has: page.locator('summary', { hasText: 'Personal Information' }) });
    await personal.locator('summary').focus();
    await page.keyboard.press('Space');
    await expect(personal).toHaveAttribute('open', '');
    await expectAccessible(page, { include: null });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, { include: null });
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});

test.describe('intake fixes', () => {
  test('height and weight out of range name the range and show no BMI; a future birth date says why', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    await signInWithSession(page, user, '/form');
    await expect(page).toHaveURL(/\/form$/);
    const heading = page.getByTestId('intake-question');
    const next = () => page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('What is your full name?').fill('Sam Ortiz');
    await next();
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await next();

    await expect(heading).toHaveText('What is your date of birth?');
    // The page's clock is held at now, or at 30 December on the year's last day (timers keep
    // running), so 31 December of this year is in the future whatever today is.
    const thisYear = new Date().getFullYear();
    await page.clock.setFixedTime(Math.min(Date.now(), Date.UTC(thisYear, 11, 30)));
    await page.getByLabel('Year').selectOption(String(thisYear));
    await page.getByLabel('Month').selectOption('12');
    await page.getByLabel('Day').selectOption('31');
    await next();
    await expect(
      page.getByRole('alert').getByText('Your date of birth cannot be in the future.'),
    ).toBeVisible();
    await expect(heading).toHaveText('What is your date of birth?');
    await page.getByLabel('Year').selectOption('1979');
    await next();

    await expect(heading).toHaveText('What are your height and weight?');
    await page.getByLabel('Height (feet)').fill('9');
    await page.getByLabel('Height (inches)').fill('12');
    await page.getByLabel('Weight (kg)').fill('501');
    await expect(page.getByText(/^BMI \d/)).toHaveCount(0);
    await next();
    await expect(
      page.getByRole('alert').getByText('Height must be between 1 ft 0 in and 8 ft 11 in.'),
    ).toBeVisible();
    await shotAtWidths(page, 'summary-intake-height-range');
    await expectAccessible(page);

    await page.getByLabel('Height (feet)').fill('0');
    await page.getByLabel('Height (inches)').fill('0');
    await page.getByLabel('Weight (kg)').fill('0');
    await next();
    await expect(
      page.getByRole('alert').getByText('Height must be between 1 ft 0 in and 8 ft 11 in.'),
    ).toBeVisible();

    await page.getByLabel('Height (feet)').fill('5');
    await page.getByLabel('Height (inches)').fill('9');
    await next();
    await expect(page.getByRole('alert').getByText('Weight must be between 1 and 500 kg.')).toBeVisible();
    await page.getByLabel('Weight (kg)').fill('80');
    await expect(page.getByText('BMI 26.0 (Overweight)')).toBeVisible();
    await next();
    await expect(heading).toHaveText('What type of visit is this?');

    // Last, the whole page at both widths (the header's part is phone.spec.ts's).
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByLabel('Weight (kg)').fill('0');
    await next();
    await expect(page.getByRole('alert').getByText('Weight must be between 1 and 500 kg.')).toBeVisible();
    await expectAccessible(page, { include: null });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, { include: null });
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
