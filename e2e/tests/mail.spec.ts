import { expect, test } from '@playwright/test';
import { MESSAGES } from '@medora/shared';
import { signInWithSession, type EmulatorUser } from '../support/auth';
import { approvedDoctor, newPatient } from '../support/accounts';
import { clinicDate } from '../support/dates';
import { downloadedCalendar, openMail } from '../support/mailbox';
import { expectAccessible, shotAtWidths } from '../support/screens';

/**
 * E-mail through a real SMTP path. The stack's API runs its SMTP sink in-process (no
 * SMTP_URL locally); /dev/mailbox lists what it received. A booking's confirmation carries a valid
 * .ics (downloaded and parsed here), a cancel sends the CANCEL; a reminder's unsubscribe link opens
 * the /unsubscribe page, whose button turns reminder e-mails off, as the settings page then shows.
 */

const ZONE = 'Europe/Berlin';
const DOCTOR = `Dr. Post ${Date.now().toString(36)}`;
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: EVERY_DAY,
  timeSlots: Object.fromEntries(EVERY_DAY.map((d) => [d, ['09:00 AM', '11:30 AM']])),
};

const auth = (user: EmulatorUser) => ({ Authorization: `Bearer ${user.idToken}` });

test('booking and cancel mails in /dev/mailbox with a valid .ics; a reminder’s unsubscribe link turns reminders off', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { doctorId } = await approvedDoctor(request, {
    name: DOCTOR,
    clinic: 'Spree Heart Clinic',
    timeZone: ZONE,
    schedule: SCHEDULE,
  });
  const patient = await newPatient(request, true);
  const booked = await request.post('/api/appointments', {
    headers: auth(patient),
    data: {
      uid: patient.uid,
      date: `${clinicDate(ZONE, 3)} at 09:00 AM`,
      doctorId,
      doctor: DOCTOR,
      clinic: 'Spree Heart Clinic',
      specialty: 'Cardiology',
      notes: 'Checkup',
      prescriptionUrl: null,
      bookedAt: new Date().toISOString(),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as { id: string; startsAt: string };

  // The confirmation: listed, opened, both parts, the clinic's zone named, a REQUEST .ics.
  await page.goto('/dev/mailbox');
  // Sent by the durable queue's worker: reload until it is there.
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('button', {
        name: `${MESSAGES.mailSinkOpen} Booked: your appointment with ${DOCTOR}`,
        exact: false,
      }),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
  await shotAtWidths(page, 'mail-mailbox-list');
  await openMail(page, `Booked: your appointment with ${DOCTOR}`);
  await expect(page.getByText(`(${ZONE})`).first()).toBeVisible();
  const request1 = await downloadedCalendar(page);
  expect(request1).toMatchObject({ method: 'PUBLISH', uid: `${appointment.id}@medora`, sequence: 0 });
  expect(request1.start).toBe(new Date(appointment.startsAt).toISOString());
  await expectAccessible(page);
  // The HTML part, on demand, in a sandboxed frame (axe cannot run in a frame without scripts).
  await page.getByRole('button', { name: MESSAGES.mailSinkShowHtml }).click();
  const html = page.frameLocator('iframe');
  await expect(html.getByText(`(${ZONE})`).first()).toBeVisible();
  await expect(html.getByRole('link', { name: MESSAGES.mailOpenMedora })).toHaveAttribute(
    'href',
    /\/dashboard$/,
  );
  await shotAtWidths(page, 'mail-mailbox-opened', () =>
    expect(html.getByText(MESSAGES.mailFooter)).toBeVisible(),
  );

  // A reminder (sent on demand by the local-mode dev route): its link opens the unsubscribe page.
  const reminder = await request.post('/api/dev/mail/reminder', { data: { appointmentId: appointment.id } });
  expect(await reminder.json()).toEqual({ outcome: 'sent' });
  await openMail(page, `Reminder: your appointment with ${DOCTOR}`);
  const unsubscribe = page.getByRole('link', { name: /\/unsubscribe\?token=/ });
  await unsubscribe.click();
  await expect(page).toHaveURL(/\/unsubscribe\?token=/);
  await expect(page.getByRole('heading', { name: MESSAGES.unsubscribeTitle })).toBeVisible();
  await expect(page.getByText(MESSAGES.unsubscribeIntro)).toBeVisible();
  await expectAccessible(page);
  await shotAtWidths(page, 'mail-unsubscribe');
  await page.getByRole('button', { name: MESSAGES.unsubscribeConfirm }).click();
  await expect(page.getByText(MESSAGES.unsubscribeDone)).toBeVisible();
  await shotAtWidths(page, 'mail-unsubscribe-done');

  // A forged link: the API's message on the page, no button.
  await page.goto('/unsubscribe?token=forged.token');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.unsubscribeTokenInvalid);
  await expect(page.getByRole('button', { name: MESSAGES.unsubscribeConfirm })).toHaveCount(0);

  // Cancel: the file marks the same UID cancelled, with a higher SEQUENCE; the mail says so.
  const cancelled = await request.post(`/api/appointments/${appointment.id}/cancel`, {
    headers: auth(patient),
  });
  expect(cancelled.status()).toBe(200);
  await openMail(page, `Cancelled: your appointment with ${DOCTOR}`);
  const cancel = await downloadedCalendar(page);
  expect(cancel).toMatchObject({ method: 'PUBLISH', uid: request1.uid });
  await expect(page.getByText(MESSAGES.mailCalendarCancelledNote).first()).toBeVisible();
  expect(cancel.sequence).toBeGreaterThan(request1.sequence);

  // The patient's settings now show reminder e-mails off (booking confirmations still on).
  await signInWithSession(page, patient, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page.getByLabel(MESSAGES.settingsPrefReminderEmails)).not.toBeChecked();
  await expect(page.getByLabel(MESSAGES.settingsPrefBookingEmails)).toBeChecked();
});
