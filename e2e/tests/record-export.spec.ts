import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { newPatient } from '../support/accounts';
import { MINIMAL_INTAKE_RECORD } from '../support/records';
import { expectAccessible, shot, shotAtWidths } from '../support/screens';

/** The record to take anywhere — the FHIR download and the printable summary. */

const RECORD = {
  ...MINIMAL_INTAKE_RECORD,
  allergyList: ['Penicillin', 'Latex'],
  allergies: 'Ibuprofen: rash',
  chronicConditions: ['Asthma', 'Hypertension'],
  asthmaDuration: 'Over 10 years',
  asthmaLastTest: '6-12 months ago',
  asthmaMeds: ['Reliever inhaler (e.g. salbutamol/albuterol)'],
  hypertensionDuration: '1-2 years',
  hypertensionLastTest: '1-3 months ago',
  hypertensionMeds: ['ACE inhibitor (e.g. lisinopril, ramipril)'],
  medications: 'Ramipril 5 mg daily',
  medicationClasses: ['Blood pressure medicines', 'Inhalers'],
};

test.describe('The health record export', () => {
  test('downloads a FHIR Bundle and shows a printable summary of the intake', async ({ page, request }) => {
    const user = await newPatient(request);
    const saved = await request.post('/api/patients', {
      headers: { Authorization: `Bearer ${user.idToken}` },
      data: { uid: user.uid, data: RECORD },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);
    const button = page.getByRole('button', { name: 'Download my health record' });
    await expect(button).toBeVisible();
    await shotAtWidths(page, 'record-dashboard');
    await expectAccessible(page);

    // The download: a file named by the day, a Bundle of type collection with the record's resources.
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^medora-health-record-\d{4}-\d{2}-\d{2}\.json$/);
    const bundle = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      resourceType: string;
      type: string;
      entry: { fullUrl: string; resource: { resourceType: string; code?: { text?: string } } }[];
    };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    const types = bundle.entry.map((e) => e.resource.resourceType);
    for (const t of ['Patient', 'AllergyIntolerance', 'Condition', 'MedicationStatement', 'Observation'])
      expect(types).toContain(t);
    expect(
      bundle.entry.filter((e) => e.resource.resourceType === 'Condition').map((e) => e.resource.code?.text),
    ).toEqual(['Asthma', 'Hypertension']);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your health record was downloaded' }),
    ).toBeVisible();

    // The patient summary: an IPS document, the Composition first, from its own button.
    const ipsButton = page.getByRole('button', { name: 'Download as a patient summary (IPS)' });
    const [ipsDownload] = await Promise.all([page.waitForEvent('download'), ipsButton.click()]);
    expect(ipsDownload.suggestedFilename()).toMatch(/^medora-patient-summary-\d{4}-\d{2}-\d{2}\.json$/);
    const ips = JSON.parse(readFileSync((await ipsDownload.path())!, 'utf8')) as {
      type: string;
      entry: { resource: { resourceType: string } }[];
    };
    expect(ips.type).toBe('document');
    expect(ips.entry[0]!.resource.resourceType).toBe('Composition');
    // Both buttons at least 44 px high, at both widths, with no sideways scroll at 390 px.
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const actions = page.getByRole('region', { name: 'Your health record' });
      const sizes = await actions
        .locator('button, a')
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
      expect(sizes.filter((h) => h < 44)).toEqual([]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await shotAtWidths(page, 'record-dashboard-both-formats');

    // The printable summary: name, date of birth and the lists the intake entered.
    await page.getByRole('link', { name: 'Printable summary' }).click();
    await expect(page).toHaveURL(/view=record/);
    const sheet = page.getByTestId('printable-summary');
    await expect(sheet.getByRole('heading', { name: 'Health summary' })).toBeVisible();
    await expect(sheet).toContainText('Dana Whitfield');
    const section = (name: string) => sheet.getByRole('region', { name });
    await expect(section('Problems')).toContainText('Asthma (for Over 10 years)');
    await expect(section('Problems')).toContainText('Hypertension');
    await expect(section('Medications')).toContainText('Ramipril 5 mg daily');
    await expect(section('Medications')).toContainText('Reliever inhaler (e.g. salbutamol/albuterol)');
    await expect(section('Allergies')).toContainText('Penicillin');
    await expect(section('Allergies')).toContainText('Latex');
    await expect(section('Allergies')).toContainText('Ibuprofen: rash');
    await expect(section('Clinical summary')).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Print' })).toBeVisible();
    await expectAccessible(page);
    await shotAtWidths(page, 'record-printable');
    // Phone width: no sideways scroll, buttons and links at least 44 px high.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    const heights = await sheet
      .locator('button, a')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(heights.filter((h) => h < 44)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Print media: the buttons go, the sheet stays.
    await page.emulateMedia({ media: 'print' });
    await expect(sheet.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(section('Allergies')).toBeVisible();
    await shot(page, 'record-printable-print');
    await page.emulateMedia({ media: 'screen' });

    // The Print button calls window.print().
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await sheet.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // The printable patient summary produced from the IPS export: its sections as the file holds them.
    await page.getByRole('link', { name: 'Printable patient summary (IPS)' }).click();
    await expect(page).toHaveURL(/view=ips/);
    const ipsSheet = page.getByTestId('ips-printable');
    const ipsSection = (name: string) => ipsSheet.getByRole('region', { name });
    await expect(ipsSection('Allergies and Intolerances')).toContainText('Penicillin');
    await expect(ipsSection('Problem List')).toContainText('Hypertension');
    await expect(ipsSection('Medication Summary')).toContainText('Ramipril');
    await expect(ipsSheet).toContainText('Dana Whitfield');
    await expectAccessible(page);
    await shotAtWidths(page, 'record-printable-ips');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  test('a failed download says so and the button works again', async ({ page, request }) => {
    const user = await newPatient(request, true);
    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);
    await page.route('**/api/patients/*/fhir', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Service unavailable"}',
      }),
    );
    await page.getByRole('button', { name: 'Download my health record' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not download your health record' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download my health record' })).toBeEnabled();
  });
});
