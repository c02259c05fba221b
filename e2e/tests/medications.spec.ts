import { expect, test, type Page } from '@playwright/test';
import { approvedDoctor, newPatient } from '../support/accounts';
import { signInWithSession } from '../support/auth';
import { sql } from '../support/db';
import { earlierTodaySql } from '../support/dates';
import { MINIMAL_INTAKE_RECORD } from '../support/records';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * My medicines, end to end: the patient confirms a medicine their intake named, adds one from the
 * shared list (by its brand) and one in their own words, stops one, sets a refill reminder; their
 * doctor sees the list on the appointment card and marks it reviewed at this visit. Each screen at
 * 1366 and 390 px, axe clean, nothing wider than a phone and every control a finger can hit.
 */

const ZONE = 'America/Chicago';
const DOCTOR = 'Dr. Mina Meds';
const PATIENT = MINIMAL_INTAKE_RECORD.name;
/** An intake that names one medicine in words and one kind of medicine without a name. */
const RECORD = {
  ...MINIMAL_INTAKE_RECORD,
  medications: 'metformin 500mg twice daily',
  medicationClasses: ['Blood pressure medicines'],
};

/** At 390 px: no sideways scroll, and every button and summary in `scope` is at least 44 px tall. */
async function expectPhoneFit(page: Page, scope: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const fit = await page.evaluate((selector) => {
    const root = document.querySelector(selector);
    return {
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      small: [...(root?.querySelectorAll('button, summary') ?? [])]
        .filter((e) => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 44)
        .map((e) => `${e.tagName} ${e.textContent?.trim() || e.getAttribute('name') || ''}`),
    };
  }, scope);
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(fit.small).toEqual([]);
  if (size) await page.setViewportSize(size);
}

/** An ISO date `days` from today in the browser's calendar (the reminder's "I run out on"). */
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('My medicines: confirm, add from the list and in words, stop, remind; the doctor reviews', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { user: doctor, doctorId } = await approvedDoctor(request, {
    name: DOCTOR,
    clinic: 'Meds Clinic',
    timeZone: ZONE,
    schedule: {},
  });
  const patient = await newPatient(request);
  const saved = await request.post('/api/patients', {
    headers: { Authorization: `Bearer ${patient.idToken}` },
    data: { uid: patient.uid, data: RECORD },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  // Earlier today in the clinic's zone: a visit that has happened, so the doctor can review at it.
  await sql(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
     VALUES ($1, $2, ${earlierTodaySql(ZONE, 30)}, 'Medicine review', 'Meds Clinic', 'Cardiology', $3)`,
    [patient.uid, doctorId, DOCTOR],
  );

  // The patient.
  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('tab', { name: /^My medicines/ }).click();
  const panel = page.getByRole('tabpanel');
  const proposals = panel.getByTestId('medication-proposals');
  await expect(proposals.getByText('Blood pressure medicines — which one?')).toBeVisible();
  await expect(panel.getByText('No past medicines.')).toBeVisible();
  await expectAccessible(page);
  await shotAtWidths(page, 'medications-proposals');
  await expectPhoneFit(page, '[role=tabpanel]');

  // Confirm the medicine the intake named: the form comes prefilled.
  await proposals.getByRole('button', { name: /^Confirm: Metformin/ }).click();
  let form = page.getByRole('dialog', { name: /^Confirm Metformin/ });
  await expect(form.getByLabel('Medicine name')).toHaveValue('Metformin');
  await expect(form.getByLabel('Strength (e.g. 10 mg)')).toHaveValue('500 mg');
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, 'medications-confirm-proposal');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  const cards = panel.getByTestId('medication-card');
  await expect(cards.filter({ hasText: 'Metformin' })).toContainText('twice a day');
  await expect(proposals.getByRole('button', { name: /^Confirm: Metformin/ })).toHaveCount(0);

  // Add one from the shared list, found by its brand.
  await panel.getByRole('button', { name: 'Add a medicine' }).click();
  form = page.getByRole('dialog', { name: 'Add a medicine' });
  await form.getByLabel('Medicine name').fill('Norvasc');
  const suggestions = form.getByRole('list', { name: 'Suggestions from the list of common medicines' });
  await expect(suggestions.getByRole('button').first()).toContainText('Amlodipine');
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, 'medications-add-suggestions');
  await suggestions.getByRole('button').first().click();
  await expect(form.getByLabel('Medicine name')).toHaveValue('Amlodipine');
  await expect(form.getByText('From the list of common medicines: Amlodipine')).toBeVisible();
  await form.getByLabel('Strength (e.g. 10 mg)').fill('5 mg');
  await form.getByLabel('How often (e.g. once a day)').fill('once a day');
  await form.getByLabel('What it is for').fill('Blood pressure');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Amlodipine' })).toContainText('5 mg');

  // And one in the patient's own words.
  await panel.getByRole('button', { name: 'Add a medicine' }).click();
  form = page.getByRole('dialog', { name: 'Add a medicine' });
  await form.getByLabel('Medicine name').fill('Chamomile tea');
  await form.getByLabel('Notes').fill('A cup at night');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(cards).toHaveCount(3);

  // Stop the tea: it moves to the past medicines with its date and reason.
  await panel.getByRole('button', { name: 'Stop: Chamomile tea' }).click();
  const stop = page.getByRole('dialog', { name: 'Stop Chamomile tea' });
  await stop.getByLabel('Why (optional)').fill('Not needed');
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, 'medications-stop');
  await stop.getByRole('button', { name: 'Stop' }).click();
  await expect(stop).toHaveCount(0);
  await expect(cards).toHaveCount(2);
  await expect(panel.getByTestId('medication-past').filter({ hasText: 'Chamomile tea' })).toContainText(
    'Not needed',
  );

  // A refill reminder for metformin.
  await panel.getByRole('button', { name: 'Reminder: Metformin' }).click();
  const remind = page.getByRole('dialog', { name: 'Reminder for Metformin' });
  await remind.getByLabel('Before I run out').check();
  await remind.getByLabel('I run out on').fill(dateIn(20));
  await remind.getByLabel('Remind me this many days before').fill('3');
  await expectAccessible(page, { include: null });
  await shotAtWidths(page, 'medications-reminder');
  await remind.getByRole('button', { name: 'Save' }).click();
  await expect(remind).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Metformin' })).toContainText('3 days before I run out on');

  await expectAccessible(page);
  await shotAtWidths(page, 'medications-list');
  await expectPhoneFit(page, '[role=tabpanel]');

  // The printable summary lists them.
  await page.goto('/dashboard?view=record');
  const sheet = page.getByTestId('printable-summary');
  const printed = sheet.getByRole('region', { name: 'Medicines' });
  await expect(printed).toContainText('Metformin 500 mg');
  await expect(printed).toContainText('Amlodipine 5 mg');
  await expect(printed).not.toContainText('Chamomile');

  // The doctor, in a browser of their own.
  const doctorPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInWithSession(doctorPage, doctor, '/provider-dashboard');
  await expect(doctorPage).toHaveURL(/\/provider-dashboard/);
  const card = doctorPage.getByRole('article', { name: new RegExp(`^Appointment with ${PATIENT} on `) });
  await card.getByText('Medicines', { exact: true }).click();
  const list = card.getByRole('list', { name: `Medicines of ${PATIENT}` });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Metformin 500 mg');
  await expect(list).toContainText('Amlodipine 5 mg');
  await expect(card.getByTestId('medications-confirmed')).toContainText('Last confirmed by the patient on');
  await expect(card.getByTestId('medications-confirmed')).toContainText('Not reviewed by a doctor yet.');
  await card.getByRole('button', { name: 'Reviewed at this visit' }).click();
  await expect(card.getByTestId('medications-confirmed')).toContainText(`Last reviewed by ${DOCTOR} on`);
  await expectAccessible(doctorPage, { include: null });
  await shotAtWidths(doctorPage, 'medications-doctor-card');
  await expectPhoneFit(doctorPage, 'article');
});
