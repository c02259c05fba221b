import { expect, test, type Page } from '@playwright/test';
import { signInWithSession, uniqueEmail } from '../support/auth';
import { sql } from '../support/db';
import { AUTH_EMULATOR_URL } from '../support/stack';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * Onboarding as the doctor does it: the specialty and sub-specialty pickers, a text file named .pdf
 * refused on selection by name, a failed final submit that keeps the files and a retry that stores
 * each document once; then, approved, the profile editor (a licence change waits for an admin as a
 * change request; doctor-change-request.spec.ts follows it to the admin's decision).
 */

const PDF = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
const pdf = (name: string) => ({ name, buffer: PDF(name), mimeType: 'application/pdf' });

async function verify(email: string, password: string): Promise<void> {
  const call = async (path: string, body: object, auth?: string) => {
    const res = await fetch(
      `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
        body: JSON.stringify(body),
      },
    );
    expect(res.ok).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  const user = await call('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  await call('accounts:update', { localId: user.localId, emailVerified: true }, 'Bearer owner');
}

/** At 390 px nothing scrolls sideways. */
async function fitsPhone(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

test('onboarding leads to a bookable doctor who can edit their profile', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('onboarding');
  const password = 'secret123';
  const name = `Dr. Onboard ${Date.now().toString(36)}`;

  await page.goto('/doctor-signup?role=doctor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  await verify(email, password);
  await page.getByLabel('Full name *').fill(name);
  await page.getByLabel('Phone *').fill('5551234567');
  await page.getByLabel('Gender *').selectOption('Female');
  await page.getByLabel('Date of birth *').fill('1980-01-02');
  await page.getByRole('button', { name: 'Next' }).click();

  // 1. The specialty picker of the 16 and the specialty's sub-specialties as a multi-select.
  await expect(page.getByRole('heading', { level: 2, name: 'Professional Details' })).toBeVisible();
  const specialty = page.getByLabel('Specialty *');
  await expect(specialty.locator('option')).toHaveCount(17);
  await expect(page.getByText('Choose a specialty first to see its sub-specialties.')).toBeVisible();
  await specialty.selectOption('Cardiology');
  const subs = page.getByRole('group', { name: 'Sub-specialties (optional)' });
  await subs.getByRole('checkbox', { name: 'Echocardiography' }).check();
  await subs.getByRole('checkbox', { name: 'Heart failure' }).check();
  await expect(subs.getByRole('checkbox', { name: 'Epilepsy' })).toHaveCount(0);
  await page.getByLabel('Qualification *').fill('MD');
  await page.getByLabel('Years of experience *').fill('9');
  await page.getByLabel('License number *').fill('MA-100200');
  const box = await subs.getByRole('checkbox', { name: 'Heart failure' }).locator('..').boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await shotAtWidths(page, 'onboarding-professional');
  await fitsPhone(page);
  await expectAccessible(page, { include: null });
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Clinic Information' })).toBeVisible();
  await page.getByLabel('Clinic name *').fill('Harbor Heart Clinic');
  await page.getByLabel('City *').fill('Boston');
  await page.getByLabel('State *').fill('MA');
  await page.getByRole('button', { name: 'Next' }).click();

  // 2. A text file named .pdf is refused on selection, by name.
  await expect(page.getByRole('heading', { level: 2, name: 'Upload Documents' })).toBeVisible();
  await page.getByLabel('Medical Degree *').setInputFiles({
    name: 'my-degree.pdf',
    buffer: Buffer.from('this is only text'),
    mimeType: 'application/pdf',
  });
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    '“my-degree.pdf” is not a PDF, JPEG or PNG file. Please choose another file.',
  );
  await shotAtWidths(page, 'onboarding-file-refused');
  await fitsPhone(page);
  await expectAccessible(page, { include: null });
  await page.getByLabel('Medical Degree *').setInputFiles(pdf('degree.pdf'));
  await page.getByLabel('Medical License *').setInputFiles(pdf('license.pdf'));
  await page.getByLabel('Identity Proof *').setInputFiles(pdf('passport.pdf'));
  await expect(page.getByText('Chosen: passport.pdf')).toBeVisible();

  // The final submit fails once (after the uploads went through): the files stay chosen.
  let failOnce = true;
  await page.route('**/api/doctors', async (route) => {
    if (route.request().method() === 'POST' && failOnce) {
      failOnce = false;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, message: 'Service unavailable. Please try again.' }),
      });
      return;
    }
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.locator('main').getByRole('alert')).toContainText('Service unavailable');
  await expect(page.getByText('Chosen: degree.pdf')).toBeVisible();
  await expect(page.getByText('Chosen: license.pdf')).toBeVisible();
  await shotAtWidths(page, 'onboarding-submit-failed');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted Successfully!' })).toBeVisible();

  // The retry uploaded the same files again; the server kept one of each.
  const stored = await sql<{ type: string }>(
    `SELECT c.type FROM credentials c JOIN doctors d ON d.id = c.doctor_id WHERE d.email = $1 ORDER BY c.type`,
    [email],
  );
  expect(stored.map((r) => r.type)).toEqual(['degree', 'identity', 'license']);

  // The admin approves (the queue shows three documents, once each).
  const admin = await (await browser.newContext()).newPage();
  await signInWithSession(admin, 'admin', '/admin');
  await expect(admin).toHaveURL(/\/admin$/);
  const application = admin.getByRole('article', { name: `Application of ${name}` });
  await expect(application).toContainText('Cardiology (Echocardiography, Heart failure)');
  // The queue lists no documents until the admin asks for them.
  await application.getByRole('button', { name: 'Show 3 documents' }).click();
  await expect(application.getByText(/degree\.pdf/)).toHaveCount(1);
  await application.getByRole('button', { name: `Approve ${name}` }).click();
  // An approval is confirmed first.
  await admin
    .getByRole('dialog', { name: `Approve ${name}?` })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(application).toHaveCount(0);
  await admin.context().close();

  // 3. The approved doctor edits the profile from the dashboard.
  const doc = await (await browser.newContext()).newPage();
  await signInWithSession(doc, { email, password }, '/provider-dashboard');
  await expect(doc).toHaveURL(/\/provider-dashboard$/);
  const editor = doc.getByRole('region', { name: 'Your profile' });
  await expect(editor.getByLabel('Clinic name *')).toHaveValue('Harbor Heart Clinic');
  await editor.getByLabel('Clinic name *').fill('Harbor Heart Center');
  await editor.getByLabel('Street (optional)').fill('12 Harbor Way');
  await editor.getByLabel('Consultation fee (USD) *').fill('175');
  await editor.getByLabel('Consultation duration (minutes) *').fill('45');
  await editor.getByLabel('Languages (comma-separated) *').fill('English, Spanish');
  await editor.getByLabel('Bio (optional)').fill('Heart health for the whole family.');
  await editor.getByLabel('Accepting new patients').uncheck();
  await editor.getByRole('button', { name: 'Save profile' }).click();
  await expect(doc.locator('[role="alert"], [role="status"]').getByText('Profile saved')).toBeVisible();
  await editor.scrollIntoViewIfNeeded();
  await shotAtWidths(doc, 'onboarding-profile-editor');
  await fitsPhone(doc);
  await expectAccessible(doc, { include: null });
  const saved = await sql<{ clinic: string; consultation_fee: string; verification_status: string }>(
    `SELECT clinic, consultation_fee, verification_status FROM doctors WHERE email = $1`,
    [email],
  );
  expect(saved[0]).toMatchObject({ clinic: 'Harbor Heart Center', verification_status: 'approved' });
  expect(Number(saved[0]!.consultation_fee)).toBe(175);

  // A licence change is announced, confirmed, and waits for an admin: the record stays approved and listed.
  await editor.getByLabel('License number *').fill('MA-100201');
  await expect(editor.getByText('An admin reviews a new licence number or specialty')).toBeVisible();
  await shotAtWidths(doc, 'onboarding-profile-review-warning');
  await editor.getByRole('button', { name: 'Save profile' }).click();
  await doc
    .getByRole('dialog', { name: 'Send this change for review?' })
    .getByRole('button', { name: 'Send for review' })
    .click();
  await expect(editor.getByRole('status')).toContainText('waits for an admin’s review');
  await expect(editor.getByText(/Pending review: licence number .+ → MA-100201/)).toBeVisible();
  await shotAtWidths(doc, 'onboarding-profile-change-pending');
  await expectAccessible(doc, { include: null });
  const [row] = await sql<{ id: string; verification_status: string; license_number: string }>(
    `SELECT id, verification_status, license_number FROM doctors WHERE email = $1`,
    [email],
  );
  expect(row!.verification_status).toBe('approved');
  expect(row!.license_number).not.toBe('MA-100201');
  // Still listed and bookable with the approved values: doctor-change-request.spec.ts checks that with a
  // doctor who has weekly hours (this one has none, so the public list never shows it).
  await doc.context().close();
});
