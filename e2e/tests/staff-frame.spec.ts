import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughUi, signInWithSession, signUpVerifiedInEmulator } from '../support/auth';
import { sql } from '../support/db';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * Doctors, providers and admins get the patient's frame — the account menu with
 * their e-mail, their role, their own Dashboard, Settings and Logout, and a bell with their own
 * notifications; a page an account may not open sends it to its own dashboard with a message.
 */

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

const wholePageAccessible = (page: Page) => expectAccessible(page, { include: null });

/**
 * At 390 px: the header's controls are inside the view and at least 44 px both ways, and (for the
 * whole page) the document does not scroll sideways.
 */
async function expectPhoneFrame(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const bad = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('header a, header button')]
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.textContent,
        box: el.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width < 44 || box.height < 44 || box.right > width + 0.5)
      .map(({ name }) => name);
  });
  expect(bad).toEqual([]);
  if (size) await page.setViewportSize(size);
}

const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /account menu$/ });

async function openMenu(page: Page) {
  await accountButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** A patient who books the demo doctor: written to the database (the booking path has its API tests). */
async function bookDemoDoctor(request: APIRequestContext): Promise<string> {
  const patient = await signUpVerifiedInEmulator();
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${patient.idToken}` },
    data: { uid: patient.uid, role: 'patient' },
  });
  expect(res.status()).toBe(201);
  const [row] = await sql<{ id: string }>(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, clinic, specialty, doctor_name, booked_at)
     SELECT $1, d.id, date_trunc('hour', now()) + interval '9 days' + (random() * 2000)::int * interval '1 hour',
            COALESCE(d.clinic, 'Clinic'), COALESCE(d.specialty, 'General'), d.name, now()
       FROM doctors d JOIN users u ON u.id = d.user_id WHERE u.firebase_uid = 'demo-doctor'
     RETURNING id`,
    [patient.uid],
  );
  expect(row).toBeDefined();
  return row!.id;
}

test('a doctor has the account menu and a bell with their new booking, and signs out from the menu', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInWithSession(page, 'doctor', '/provider-dashboard');
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  await bookDemoDoctor(request);
  await page.reload();

  // The bell: their own notification, a new booking.
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText('New booking').first()).toBeVisible();
  await expect(panel.getByText(/A patient booked an appointment with you on /).first()).toBeVisible();
  await wholePageAccessible(page);
  await shotAtWidths(page, 'staff-doctor-bell');
  await page.keyboard.press('Escape');

  // The account menu: e-mail, role label, Dashboard, Settings, Logout.
  const menu = await openMenu(page);
  await expect(menu.getByText('doctor@demo.medora.test')).toBeVisible();
  await expect(menu.getByTestId('account-role')).toHaveText('Doctor');
  await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Settings', 'Logout']);
  await wholePageAccessible(page);
  await shotAtWidths(page, 'staff-doctor-menu');
  // The whole page: an appointment card whose patient is shown by a long e-mail address breaks it.
  await expectPhoneFrame(page);

  // Settings keeps the frame; Dashboard leads back to the doctor's own dashboard.
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await (await openMenu(page)).getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  await expectPhoneFrame(page);
  await shotAtWidths(page, 'staff-doctor-dashboard');

  // Logout from the menu: the landing page, and the dashboard asks for a login again.
  await (await openMenu(page)).getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/provider-dashboard');
  await expect(page).toHaveURL(/\/patient-login$/);
});

test('an admin lands on /admin with the account menu and a bell, and signs out from the menu', async ({
  page,
}) => {
  // Where the login screen sends an admin is part of what this proves: the UI sign-in.
  await loginThroughUi(page, 'admin', 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Medora' })).toHaveAttribute('href', '/admin');

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Welcome to Medora', { exact: true }),
  ).toBeVisible();
  await wholePageAccessible(page);
  await shotAtWidths(page, 'staff-admin-bell');
  await page.keyboard.press('Escape');

  const menu = await openMenu(page);
  await expect(menu.getByText('admin@demo.medora.test')).toBeVisible();
  await expect(menu.getByTestId('account-role')).toHaveText('Admin');
  await wholePageAccessible(page);
  await shotAtWidths(page, 'staff-admin-menu');
  await expectPhoneFrame(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/patient-login$/);
});

test('a doctor refused at /admin lands on their own dashboard with a message, not the marketing page', async ({
  page,
}) => {
  await signInWithSession(page, 'doctor', '/provider-dashboard');
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  await expect(
    toast(page, 'Only administrators can open the admin page. This is your own dashboard.'),
  ).toBeVisible();
  await expect(accountButton(page)).toBeVisible();
  await wholePageAccessible(page);
  await shotAtWidths(page, 'staff-doctor-refused-admin');
});

test('the login page’s clinician choices and the landing footer lead to /doctor-signup', async ({ page }) => {
  await page.goto('/patient-login');
  for (const [label, role, link] of [
    ['Healthcare Provider', 'provider', 'Healthcare Provider sign up'],
    ['Doctor/Admin', 'doctor', 'Doctor sign up'],
  ] as const) {
    await page.getByLabel(label).check();
    const prompt = page.getByTestId('doctor-signup-prompt');
    await expect(prompt.getByRole('link', { name: link })).toHaveAttribute(
      'href',
      `/doctor-signup?role=${role}`,
    );
    await expect(prompt).toContainText('verification link');
  }
  await wholePageAccessible(page);
  await expectPhoneFrame(page);
  await shotAtWidths(page, 'staff-login-apply');
  await page.getByTestId('doctor-signup-prompt').getByRole('link', { name: 'Doctor sign up' }).click();
  await expect(page).toHaveURL(/\/doctor-signup\?role=doctor$/);

  await page.goto('/');
  await page.getByRole('link', { name: 'For doctors and providers: apply to join' }).click();
  await expect(page).toHaveURL(/\/doctor-signup$/);
});

test('a rejected applicant has the frame, the decision in the bell, and the reason without ".."', async ({
  page,
  request,
}) => {
  const applicant = await signUpVerifiedInEmulator();
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${applicant.idToken}` },
    data: { uid: applicant.uid, role: 'doctor' },
  });
  expect(res.status()).toBe(201);
  // The admin's decision as the reject route writes it (the route itself has its API tests).
  await sql(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, verification_status, onboarding_completed,
                          rejection_reason, reviewed_at)
     SELECT u.id, 'Dr. Rejected', u.email, 'Cardiology', 'Second Try Clinic', 'rejected', true,
            'The licence has expired.', now()
       FROM users u WHERE u.firebase_uid = $1`,
    [applicant.uid],
  );
  await signInWithSession(page, applicant, '/doctor-onboarding');
  await expect(page).toHaveURL(/\/doctor-onboarding$/);
  const sentence =
    'Your application was not approved: The licence has expired. You can correct it and submit again.';
  await expect(page.getByRole('main').getByText(sentence)).toBeVisible();

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText('Application not approved', { exact: true })).toBeVisible();
  await expect(panel.getByText(sentence)).toBeVisible();
  await wholePageAccessible(page);
  await shotAtWidths(page, 'staff-applicant-rejected-bell');
  await page.keyboard.press('Escape');
  const menu = await openMenu(page);
  await expect(menu.getByTestId('account-role')).toHaveText('Doctor');
  await expectPhoneFrame(page);
});
