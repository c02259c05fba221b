import { expect, test } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { newPatient } from '../support/accounts';
import { MINIMAL_INTAKE_RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';

/** A record from another system, imported from the dashboard and confirmed item by item. */

const BUNDLE = {
  resourceType: 'Bundle',
  type: 'document',
  identifier: { system: 'https://city-hospital.example/ips', value: 'doc-1' },
  entry: [
    {
      resource: {
        resourceType: 'Composition',
        status: 'final',
        custodian: { display: 'City Hospital' },
        title: 'Patient summary',
      },
    },
    {
      resource: {
        resourceType: 'AllergyIntolerance',
        code: { coding: [{ system: 'http://snomed.info/sct', code: '91936005' }], text: 'Penicillin' },
      },
    },
    { resource: { resourceType: 'Condition', code: { text: 'Asthma since childhood' } } },
    {
      resource: {
        resourceType: 'MedicationStatement',
        status: 'active',
        medicationCodeableConcept: { text: 'Salbutamol inhaler 100 micrograms as needed' },
      },
    },
  ],
};

test.describe('Importing a health record', () => {
  test('imports a FHIR JSON file and confirms or dismisses each item', async ({ page, request }) => {
    const user = await newPatient(request);
    const saved = await request.post('/api/patients', {
      headers: { Authorization: `Bearer ${user.idToken}` },
      data: { uid: user.uid, data: MINIMAL_INTAKE_RECORD },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);
    const region = page.getByTestId('record-import');
    await expect(region.getByText('Nothing imported yet.')).toBeVisible();
    await shotAtWidths(page, 'record-import-empty');

    await region.getByLabel('Choose a FHIR JSON file').setInputFiles({
      name: 'summary.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(BUNDLE)),
    });
    await expect(region.getByText('3 items imported. Confirm the ones that are right.')).toBeVisible();
    const list = region.getByTestId('imported-items');
    await expect(list.getByText('from City Hospital — confirm?')).toHaveCount(3);
    await shotAtWidths(page, 'record-import-pending');
    await expectAccessible(page);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const sizes = await region
        .locator('button, label')
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
      expect(sizes.filter((h) => h < 44)).toEqual([]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    const asthma = list.getByRole('listitem').filter({ hasText: 'Asthma since childhood' });
    await asthma.getByRole('button', { name: 'Confirm' }).click();
    await expect(asthma.getByText('Confirmed')).toBeVisible();
    const inhaler = list.getByRole('listitem').filter({ hasText: 'Salbutamol' });
    await inhaler.getByRole('button', { name: 'Dismiss' }).click();
    await expect(inhaler.getByText('Dismissed')).toBeVisible();
    await shotAtWidths(page, 'record-import-decided');

    // A file that is not JSON is refused in the page.
    await region.getByLabel('Choose a FHIR JSON file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('not json'),
    });
    await expect(region.getByRole('alert')).toContainText('The file is not JSON.');
    await shotAtWidths(page, 'record-import-error');
  });
});
