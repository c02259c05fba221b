import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loginThroughUi, signInWithSession } from '../support/auth';
import { controlService } from '../support/stack';
import { expectAccessible, shotAtWidths, SHOTS_WANTED } from '../support/screens';
import { newPatient, tinyPdf } from '../support/accounts';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[role="alert"], [role="status"]').getByText(text).first();

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

test.describe('patient dashboard', () => {
  test('documents: a real PDF is uploaded, previewed, downloaded byte for byte and deleted', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request, true);
    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);

    // Summary with BMI and the generated clinical summary.
    await expect(tab(page, 'Patient Summary')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('summary-bmi')).toHaveText(
      /^BMI \d+\.\d \((Normal|Underweight|Overweight|Obese)\)$/,
    );
    await expect(page.getByTestId('ai-summary')).toContainText(/Generated /);
    await shotAtWidths(page, 'dashboard-summary');
    await expectAccessible(page);

    await tab(page, 'Medical Documents (0)').click();
    await expect(page).toHaveURL(/[?&]tab=documents/);
    await expect(page.getByText('No documents uploaded yet')).toBeVisible();
    await shotAtWidths(page, 'dashboard-documents-empty');

    const input = page.getByTestId('document-input');
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a pdf') });
    await expect(page.getByRole('alert').getByText('Please upload PDF files only').first()).toBeVisible();

    const pdf = tinyPdf('Medora test report');
    await input.setInputFiles({ name: 'Blood test.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(toast(page, 'Document uploaded successfully!')).toBeVisible();
    await expect(tab(page, 'Medical Documents (1)')).toBeVisible();
    const card = page.getByTestId('document-card').filter({ hasText: 'Blood test.pdf' });
    await expect(card).toBeVisible();
    await shotAtWidths(page, 'dashboard-documents');
    await expectAccessible(page);

    // Preview: the PDF from an authenticated download, as a typed blob in an iframe.
    await card.getByRole('button', { name: 'Preview: Blood test.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blood test.pdf' });
    const frame = dialog.getByTestId('file-preview');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await expect(frame).toHaveAttribute('data-content-type', 'application/pdf');
    const previewBytes = await frame.evaluate(async (el) => {
      const res = await fetch((el as HTMLIFrameElement).src);
      return Array.from(new Uint8Array(await res.arrayBuffer()));
    });
    // The file's own bytes, then an incremental update that titles the preview with the file name.
    const preview = Buffer.from(previewBytes);
    expect(preview.subarray(0, pdf.length).equals(pdf)).toBe(true);
    expect(preview.subarray(pdf.length).toString('latin1')).toContain('/Title');
    // The frame paints its PDF a moment after it loads: only a screenshot needs that moment.
    if (SHOTS_WANTED) await page.waitForTimeout(500);
    await shotAtWidths(page, 'dashboard-document-preview');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Download: the same bytes under the same name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download: Blood test.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Blood test.pdf');
    expect(readFileSync((await download.path())!).equals(pdf)).toBe(true);

    // Delete, after the confirmation dialog.
    await card.getByRole('button', { name: 'Delete: Blood test.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete' });
    await expect(confirm).toContainText('Delete Blood test.pdf?');
    await shotAtWidths(page, 'dashboard-document-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Document deleted successfully!')).toBeVisible();
    await expect(tab(page, 'Medical Documents (0)')).toBeVisible();
    await expect(page.getByText('No documents uploaded yet')).toBeVisible();
    const list = await request.get(`/api/patients/${user.uid}/documents`, {
      headers: { Authorization: `Bearer ${user.idToken}` },
    });
    expect(await list.json()).toEqual([]);

    // The tab survives a reload.
    await page.reload();
    await expect(tab(page, 'Medical Documents (0)')).toHaveAttribute('aria-selected', 'true');
  });

  test('appointments: book from the tab, see details, cancel to History, and the slot is free again', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request, true);
    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);

    await tab(page, 'Appointments (0)').click();
    await expect(page).toHaveURL(/tab=appointments&sub=upcoming/);
    await expect(page.getByText('No appointments found')).toBeVisible();
    await shotAtWidths(page, 'dashboard-appointments-empty');
    await page.getByRole('tab', { name: 'History (0)' }).click();
    await expect(page.getByText('No appointment history yet')).toBeVisible();
    await page.getByRole('tab', { name: 'Upcoming (0)' }).click();
    await page.getByRole('button', { name: 'Book Your First Appointment' }).click();
    await expect(page).toHaveURL(/tab=book/);
    await expect(tab(page, 'Book Appointment')).toHaveAttribute('aria-selected', 'true');

    // Back returns to the Appointments tab (the tab is a history entry).
    await page.goBack();
    await expect(tab(page, 'Appointments (0)')).toHaveAttribute('aria-selected', 'true');
    await page.goForward();

    // The booking remote's flow, in its dashboard variant.
    const start = page.getByRole('button', { name: 'Start Booking Appointment' });
    const doctor = page.getByRole('button', { name: /Dr\. Michael Chen/ });
    await expect(start.or(doctor).first()).toBeVisible();
    await shotAtWidths(page, 'dashboard-book');
    if (await start.isVisible()) await start.click();
    await expect(doctor).toBeVisible();
    await doctor.click();
    const dateButton = page.getByRole('button', { name: /, \d+ slots?$/ }).first();
    await expect(dateButton).toBeVisible();
    await dateButton.click();
    const slot = page.getByRole('button', { name: /^\d{2}:\d{2} (AM|PM)$/ }).first();
    await expect(slot).toBeVisible();
    await slot.click();
    await page.getByRole('button', { name: 'Confirm Appointment' }).click();
    await expect(toast(page, /^Appointment booked successfully!/)).toBeVisible();

    // Lands on Appointments → Upcoming with the new count.
    await expect(page).toHaveURL(/tab=appointments&sub=upcoming/);
    await expect(tab(page, 'Appointments (1)')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Upcoming (1)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('appointment-item')).toHaveCount(1);
    await shotAtWidths(page, 'dashboard-appointments');
    await expectAccessible(page);

    // Details dialog.
    await page.getByRole('button', { name: /^Details: Dr\. Michael Chen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Appointment details' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Dr. Michael Chen');
    await expect(dialog).toContainText('Scheduled');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await shotAtWidths(page, 'dashboard-appointment-details');
    await expectAccessible(page);

    // .ics
    const [ics] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
    ]);
    expect(ics.suggestedFilename()).toMatch(/\.ics$/);
    const icsText = readFileSync((await ics.path())!, 'utf8');
    expect(icsText).toContain('BEGIN:VCALENDAR');
    expect(icsText).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(icsText).toContain('SUMMARY:Appointment with Dr. Michael Chen');

    const auth = { Authorization: `Bearer ${user.idToken}` };
    const [appointment] = (await (
      await request.get(`/api/appointments?uid=${user.uid}`, { headers: auth })
    ).json()) as { id: string; date: string; doctorId: string; doctor: string; clinic: string }[];

    // Cancel: confirmation, toast, moves to History.
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expect(confirm).toBeVisible();
    await shotAtWidths(page, 'dashboard-appointment-cancel-confirm');
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(toast(page, 'Appointment cancelled.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Appointment details' })).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Upcoming (0)' })).toBeVisible();
    await page.getByRole('tab', { name: 'History (1)' }).click();
    await expect(page).toHaveURL(/sub=history/);
    await expect(page.getByTestId('appointment-item')).toContainText('Cancelled');
    await expect(tab(page, 'Appointments (1)')).toBeVisible();
    await shotAtWidths(page, 'dashboard-appointments-history');

    // The slot is free again: another patient books exactly it.
    const other = await newPatient(request);
    const rebook = await request.post('/api/appointments', {
      headers: { Authorization: `Bearer ${other.idToken}` },
      data: {
        uid: other.uid,
        date: appointment!.date,
        doctorId: appointment!.doctorId,
        doctor: appointment!.doctor,
        clinic: appointment!.clinic,
      },
    });
    expect(rebook.status(), await rebook.text()).toBe(201);

    // Reload keeps the sub-tab.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'History (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a new patient without a record is sent to /form', async ({ page, request }) => {
    const user = await newPatient(request);
    // Where the login screen sends a patient without a record is what this proves: the UI sign-in.
    await loginThroughUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/form$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/form$/);
  });
});

// The Book tab mounts the booking remote through the shell's remote route, so a
// booking remote that is down shows the same 'Loading chunk failed' failure, here inside the dashboard.
test.describe('patient dashboard, booking remote down', () => {
  test('the Book tab shows Loading chunk failed inside the dashboard, and Retry recovers in place', async ({
    page,
    request,
  }) => {
    const user = await newPatient(request, true);
    await signInWithSession(page, user, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);
    await controlService('booking', 'stop');
    try {
      await page.goto('/dashboard?tab=book');
      const failure = page.getByRole('heading', { name: 'Loading chunk failed', level: 2 });
      await expect(failure).toBeVisible();
      await expect(page.getByTestId('failed-remote')).toContainText('booking');
      // The dashboard around it keeps working: its tabs are there, and there is one main landmark.
      await expect(tab(page, 'Book Appointment')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('main')).toHaveCount(1);
      await expectAccessible(page);
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    } finally {
      await controlService('booking', 'start');
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    const start = page.getByRole('button', { name: 'Start Booking Appointment' });
    const doctor = page.getByRole('button', { name: /Dr\. Michael Chen/ });
    await expect(start.or(doctor).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});
