import { expect, test, type Page } from '@playwright/test';
import { signInWithSession } from '../support/auth';
import { expectAccessible, shotAtWidths } from '../support/screens';
import { newPatient } from '../support/accounts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

const heading = (page: Page) => page.getByTestId('intake-question');

/** No serious or critical accessibility violation inside the intake. */
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test.describe('patient intake', () => {
  test('a new patient completes the intake with two chronic conditions and two symptoms, reviews and submits', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    await signInWithSession(page, user, '/form');
    await expect(page).toHaveURL(/\/form$/);

    await expect(heading(page)).toHaveText('What is your full name?');
    await expect(heading(page)).toBeFocused();
    await next(page);
    await expect(page.getByRole('alert').getByText('This field is required.')).toBeVisible();
    await page.getByLabel('What is your full name?').fill('Maria Santos');
    await next(page);

    await expect(heading(page)).toHaveText('What is your gender?');
    await expect(heading(page)).toBeFocused();
    await page.getByRole('radio', { name: 'Female' }).check();
    await shotAtWidths(page, 'intake-select-question');
    await expectAccessible(page);
    await next(page);

    await expect(heading(page)).toHaveText('What is your date of birth?');
    await page.getByLabel('Year').selectOption('1984');
    await page.getByLabel('Month').selectOption('2');
    await expect(page.getByLabel('Day').locator('option')).toHaveCount(30); // '—' + 29 days (leap year)
    await page.getByLabel('Day').selectOption('29');
    await shotAtWidths(page, 'intake-dob');
    await expectAccessible(page);
    await next(page);

    await expect(heading(page)).toHaveText('What are your height and weight?');
    await page.getByLabel('Height (feet)').fill('5');
    await page.getByLabel('Height (inches)').fill('4');
    await next(page);
    await expect(
      page.getByRole('alert').getByText('Please fill in all height and weight fields.'),
    ).toBeVisible();
    await page.getByLabel('Weight (kg)').fill('74');
    await expect(page.getByText('BMI 28.0 (Overweight)')).toBeVisible();
    await shotAtWidths(page, 'intake-height-weight');
    await expectAccessible(page);
    await next(page);

    await page.getByRole('radio', { name: 'New Appointment' }).check();
    await next(page);
    await next(page);
    await expect(page.getByRole('alert').getByText('Please select at least 1 option.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Penicillin' }).check();
    await next(page);
    await expect(heading(page)).toHaveText('Other allergies or reactions (optional)');
    await next(page);

    await expect(heading(page)).toHaveText('Do you have any chronic conditions?');
    // Selection order decides the follow-up order: Hypertension first, then Diabetes.
    await page.getByRole('checkbox', { name: 'Hypertension' }).check();
    await page.getByRole('checkbox', { name: 'Diabetes' }).check();
    // The browser refuses other types and files over 10 MB before uploading (the server checks again).
    await page.getByLabel('Attach a document (optional)').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(
      page
        .getByRole('alert')
        .getByText('Please upload a PDF, Word document or image (.pdf .doc .docx .jpg .jpeg .png).'),
    ).toBeVisible();
    await page.getByLabel('Attach a document (optional)').setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
    });
    await expect(
      page.getByRole('alert').getByText('The file is larger than 10 MB. Please choose a smaller file.'),
    ).toBeVisible();
    await page.getByLabel('Attach a document (optional)').setInputFiles({
      name: 'glucose-log.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(page.getByText('Attached: glucose-log.pdf')).toBeVisible();
    await next(page);

    const visited: string[] = [];
    for (const topic of ['Hypertension', 'Diabetes']) {
      for (let i = 0; i < 3; i++) {
        await expect(page.getByTestId('intake-topic')).toHaveText(`About your ${topic}`);
        visited.push(`${topic}: ${await heading(page).textContent()}`);
        if (topic === 'Diabetes' && i === 0) {
          await shotAtWidths(page, 'intake-chronic-follow-up');
          await expectAccessible(page);
        }
        const radio = page.getByRole('radio').first();
        if ((await page.getByRole('radio').count()) > 0) await radio.check();
        else await page.getByRole('checkbox').first().check();
        await next(page);
      }
    }
    expect(visited).toEqual([
      'Hypertension: How long have you had hypertension?',
      'Hypertension: When was your blood pressure last checked by a health professional?',
      'Hypertension: Which medicines do you take for hypertension?',
      'Diabetes: How long have you had diabetes?',
      'Diabetes: When was your last blood sugar or HbA1c test?',
      'Diabetes: Which medicines do you take for diabetes?',
    ]);

    await expect(heading(page)).toHaveText('Any other long-term condition not listed? (optional)');
    await next(page);
    await expect(heading(page)).toHaveText('Which medicines do you take? (optional)');
    await page.getByLabel('Which medicines do you take? (optional)').fill('Metformin 500 mg twice daily');
    await next(page);
    await page.getByRole('checkbox', { name: 'Diabetes medicines' }).check();
    await next(page);
    // The risk medicines the clinical rules read (insulin here).
    await expect(heading(page)).toHaveText('Do you take any of these medicines?');
    await page.getByRole('checkbox', { name: 'Insulin' }).check();
    await next(page);
    await page.getByRole('radio', { name: 'No' }).check();
    await next(page);
    await page.getByRole('radio', { name: 'Never' }).check();
    await next(page);
    await page.getByRole('radio', { name: 'Social' }).check();
    await next(page);
    // Female aged 21 or more: the children questions appear.
    await expect(heading(page)).toHaveText('Have you given birth?');
    await page.getByRole('radio', { name: 'Yes' }).check();
    await next(page);
    await page.getByLabel('How many children have you given birth to? (optional)').fill('2');
    await next(page);
    // A woman of 12 to 55: could she be pregnant (NICE NG126, NG133); then travel.
    await expect(heading(page)).toHaveText('Could you be pregnant?');
    await page.getByRole('radio', { name: 'No', exact: true }).check();
    await next(page);
    await expect(heading(page)).toHaveText(
      'Have you travelled outside your home country in the last 3 months?',
    );
    await page.getByRole('radio', { name: 'No', exact: true }).check();
    await next(page);

    await expect(heading(page)).toHaveText('What symptoms bring you in today?');
    await page.getByRole('checkbox', { name: 'Headache' }).check();
    await page.getByRole('checkbox', { name: 'Chest Pain' }).check();
    await shotAtWidths(page, 'intake-symptoms');
    await next(page);

    const symptomTopics: string[] = [];
    while ((await page.getByTestId('intake-topic').count()) > 0) {
      const topic = (await page.getByTestId('intake-topic').textContent()) ?? '';
      if (symptomTopics[symptomTopics.length - 1] !== topic) symptomTopics.push(topic);
      if (topic === 'About your Chest Pain' && !(await page.locator('body').getAttribute('data-shot'))) {
        await page.locator('body').evaluate((b) => b.setAttribute('data-shot', '1'));
        await shotAtWidths(page, 'intake-symptom-follow-up');
      }
      if ((await page.getByRole('radio').count()) > 0) await page.getByRole('radio').first().check();
      else await page.getByRole('checkbox').first().check();
      await next(page);
    }
    expect(symptomTopics).toEqual(['About your Headache', 'About your Chest Pain']);

    await expect(heading(page)).toHaveText('Do you have any of these other symptoms? (optional)');
    await next(page);

    await expect(heading(page)).toHaveText('Please Review Your Information');
    for (const name of [
      'Personal Information',
      'Medical History',
      'Symptoms Summary',
      'Documents uploaded in this intake',
    ]) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Visit Information' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Personal Information' })).toContainText('Maria Santos');
    await expect(page.getByRole('region', { name: 'Personal Information' })).toContainText(
      'BMI 28.0, Overweight',
    );
    await expect(page.getByRole('region', { name: 'Medical History' })).toContainText(
      'Hypertension, Diabetes',
    );
    await expect(page.getByRole('region', { name: 'Symptoms Summary' })).toContainText(
      'Headache, Chest Pain',
    );
    await expect(page.getByRole('region', { name: 'Documents uploaded in this intake' })).toContainText(
      'glucose-log.pdf',
    );
    await shotAtWidths(page, 'intake-review');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Continue to File Upload' }).click();
    await expect(heading(page)).toHaveText('Upload medical reports (PDF/image)');
    await page.getByLabel('Choose reports to upload').setInputFiles({
      name: 'ecg.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(page.getByText('Attached: ecg.pdf')).toBeVisible();
    await shotAtWidths(page, 'intake-upload');
    await page.getByRole('button', { name: 'Finish & Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! Your form was submitted.' })).toBeVisible();
    await shotAtWidths(page, 'intake-thank-you');
    await expect(page).toHaveURL(/\/dashboard$/);
    // Per account, so another account on this browser does not inherit it.
    expect(
      await page.evaluate((uid) => localStorage.getItem(`medora.profileCompleted.${uid}`), user.uid),
    ).toBe('true');

    // The record, its summary and the stored files are on the server.
    const auth = { Authorization: `Bearer ${user.idToken}` };
    const profile = await (await request.get(`/api/patients/${user.uid}`, { headers: auth })).json();
    expect(profile.data.chronicConditions).toEqual(['Hypertension', 'Diabetes']);
    expect(profile.data.chronicConditions_document).toBe('glucose-log.pdf');
    expect(profile.data.medicalReports).toBe('ecg.pdf');
    expect(profile.aiSummary.redFlags.length).toBeGreaterThan(0);
    const docs = await (await request.get(`/api/patients/${user.uid}/documents`, { headers: auth })).json();
    expect(docs.map((d: { name: string }) => d.name).sort()).toEqual(['ecg.pdf', 'glucose-log.pdf']);
    const file = await request.get(`/api${docs[0].fileUrl}`, { headers: auth });
    expect(Buffer.compare(await file.body(), PDF)).toBe(0);
  });

  test('a returning patient choosing Follow-Up Visit sees no symptom or history questions', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    const saved = await request.post('/api/patients', {
      headers: { Authorization: `Bearer ${user.idToken}` },
      data: {
        uid: user.uid,
        data: {
          name: 'Tom Reed',
          gender: 'Male',
          dob: '1970-04-02',
          heightWeight: { heightFeet: 5, heightInches: 11, weight: 88 },
          visitType: 'New Appointment',
          allergyList: ['None'],
          chronicConditions: ['Asthma'],
          asthmaDuration: 'Over 10 years',
          asthmaLastTest: '1-3 months ago',
          asthmaMeds: ['Montelukast'],
          symptoms: ['Cough'],
        },
      },
    });
    expect(saved.status()).toBe(201);
    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/form');
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await shotAtWidths(page, 'intake-welcome-back');
    await expectAccessible(page);
    await page.getByRole('button', { name: /Follow-Up Visit/ }).click();

    // Besides height and weight, a follow-up asks what changed since the last visit.
    const asked: string[] = [];
    while ((await page.getByRole('button', { name: 'Next' }).count()) > 0) {
      asked.push((await heading(page).textContent()) ?? '');
      if (asked.length === 1) {
        await expect(page.getByLabel('Weight (kg)')).toHaveValue('88');
        await page.getByLabel('Weight (kg)').fill('86');
      }
      // Travel is asked at every visit (a man: no pregnancy question).
      if (asked.length === 2) await page.getByRole('radio', { name: 'No', exact: true }).check();
      if (asked.length === 3) await page.getByRole('radio', { name: 'About the same' }).check();
      await next(page);
    }
    expect(asked).toEqual([
      'What are your height and weight?',
      'Have you travelled outside your home country in the last 3 months?',
      'Since your last visit, how are you feeling?',
      'Do you have any new symptoms since your last visit? (optional)',
      'Anything else that changed since your last visit? (optional)',
    ]);
    await expect(heading(page)).toHaveText('Please Review Your Information');
    await page.getByRole('button', { name: 'Continue to File Upload' }).click();
    await page.getByRole('button', { name: 'Finish & Submit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const profile = await (
      await request.get(`/api/patients/${user.uid}`, { headers: { Authorization: `Bearer ${user.idToken}` } })
    ).json();
    expect(profile.data.visitType).toBe('Follow-up Visit');
    expect(profile.data.heightWeight.weight).toBe(86);
    expect(profile.data.asthmaMeds).toEqual(['Montelukast']);
    // The previous visit's symptoms are not this visit's.
    expect(profile.data.symptoms).toBeUndefined();
    expect(profile.data.followUpChange).toBe('About the same');
  });

  test('a reload mid-intake keeps the answers, and the keyboard alone moves through the steps', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request);
    await signInWithSession(page, user, '/form');
    await expect(page).toHaveURL(/\/form$/);
    await expect(heading(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lena Fischer');
    await page.keyboard.press('Enter');
    await expect(heading(page)).toHaveText('What is your gender?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // the first radio: Male
    await page.keyboard.press('ArrowRight'); // Female
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(heading(page)).toHaveText('What is your date of birth?');
    await page.getByLabel('Year').selectOption('1990');
    // The draft is kept on the server, saved shortly after the last change.
    await expect(page.getByTestId('draft-status')).toHaveText('Saved');

    await page.reload();
    await expect(heading(page)).toHaveText('What is your date of birth?');
    await expect(page.getByLabel('Year')).toHaveValue('1990');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByLabel('What is your full name?')).toHaveValue('Lena Fischer');
  });
});
