/** A phone number has 10 to 15 digits (optional at sign-up, in the settings page too). */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

/** Non-digits are stripped as the user types and at most 15 digits are kept. */
export function normalizePhone(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
}

/** Whether a stored phone (digits only) has an allowed length (10 to 15 digits). */
export function isValidPhoneDigits(digits: string): boolean {
  return new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`).test(digits);
}

/** The longest account name the settings page and `PATCH /api/me/account` accept. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** How long before an appointment an e-mail reminder may be sent, in hours. */
export const REMINDER_LEAD_HOURS = [2, 24, 48] as const;
export type ReminderLeadHours = (typeof REMINDER_LEAD_HOURS)[number];

/**
 * A user's notification preferences, kept per user by the API (`GET/PUT
 * /api/me/preferences`) for the notifications issue to honour.
 */
export interface NotificationPreferences {
  /** E-mail a confirmation when an appointment is booked, rescheduled or cancelled. */
  emailBookingConfirmations: boolean;
  /** E-mail a reminder `reminderLeadHours` before an appointment. */
  emailReminders: boolean;
  reminderLeadHours: ReminderLeadHours;
  /** Show notifications in the header's bell. */
  inAppNotifications: boolean;
}

/** What a user who never saved preferences gets (and what a new row starts with). */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = Object.freeze({
  emailBookingConfirmations: true,
  emailReminders: true,
  reminderLeadHours: 24,
  inAppNotifications: true,
});
