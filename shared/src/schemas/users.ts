import { z } from 'zod';
import { roleSchema, signupRoleSchema } from './roles.js';
import { MESSAGES } from '@medora/shared/messages';
import type { ListPage } from '../list-page.js';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  isValidPhoneDigits,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  REMINDER_LEAD_HOURS,
} from '../auth/account-fields.js';
import { PASSWORD_MIN_LENGTH } from '../auth/password.js';

/** Firebase uids are opaque strings of up to 128 characters. */
export const uidSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid uid.');

/**
 * `POST /api/users`. The server takes email and emailVerified from the verified token;
 * the body may carry them (the spec sends them) but they are ignored.
 */
export const createUserSchema = z
  .object({
    uid: uidSchema,
    role: z
      .string()
      .refine((r) => r !== 'admin', MESSAGES.adminRoleRefused)
      .pipe(signupRoleSchema),
    email: z.string().max(320).optional(),
    emailVerified: z.boolean().optional(),
    phone: z
      .string()
      .max(32)
      .regex(new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`), MESSAGES.invalidPhone)
      .optional(),
  })
  .strict();
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** A user record as the API returns it. */
export const userSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  emailVerified: z.boolean(),
  phone: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * What the caller may open, decided by the server; client guards only redirect.
 * `providerDashboard`: role doctor or provider with an approved doctor record linked to the account.
 */
export interface MeAccess {
  admin: boolean;
  providerDashboard: boolean;
}

/** `GET /api/me`: the caller's account; `registered` is false until `POST /api/users` has run. */
export interface MeResponse {
  registered: boolean;
  user: {
    uid: string;
    email: string | null;
    role: z.infer<typeof roleSchema>;
    emailVerified: boolean;
  };
  access: MeAccess;
}

/** Kinds of notification in the patient header's bell. */
export const NOTIFICATION_TYPES = ['appointment', 'document', 'reminder', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** One notification, built by the server from the caller's own data; `read` is kept per user. */
export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  createdAt: string;
  read: boolean;
}

/** The caller's notifications (one bounded page: `nextCursor` is null) and how many are unread. */
export type NotificationsResponse = ListPage<AppNotification> & { unread: number };

/**
 * Ids are `<source>:<key>[:<key>…]`, e.g. `system:welcome`, `appointment:<uuid>` or
 * `doctor-rescheduled:<uuid>:<stamp>` (the doctor's and applicant's ids could not be marked read).
 */
export const notificationIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z]+(?:-[a-z]+)*(?::[A-Za-z0-9_-]+)+$/, 'Not a valid notification id.');

/** `POST /api/notifications/read`: marks the caller's notifications as read. */
export const markNotificationsReadSchema = z
  .object({ ids: z.array(notificationIdSchema).min(1).max(100) })
  .strict();
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

/** `POST /api/dev/demo-session` (only against the Auth emulator): a demo account per role. */
export const demoSessionSchema = z.object({ role: roleSchema }).strict();
export type DemoSessionInput = z.infer<typeof demoSessionSchema>;
export interface DemoSessionResponse {
  customToken: string;
}

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: { status: 'up' | 'down'; latencyMs?: number };
  version: string;
}

/** `GET /api/health/live`: the process answers; no database involved. */
export interface LivenessResponse {
  status: 'ok';
  version: string;
}

/**
 * `GET /api/health/ready`: 200 `ready` when the database answers and every migration
 * this version knows is applied and the process is not shutting down; otherwise 503 `not-ready`.
 */
export interface ReadinessResponse {
  status: 'ready' | 'not-ready';
  database: 'up' | 'down';
  migrations: 'current' | 'pending' | 'unknown';
  /**
   * Redis (shared rate-limit counts) and the object store (S3 file bytes): reported, `off` when not
   * configured; their outage does not make a replica unready (every replica shares them, and the API
   * serves without them: per-process counts, 503 on file bytes only).
   */
  redis: DependencyState;
  objectStore: DependencyState;
  shuttingDown: boolean;
  version: string;
}

/** A shared dependency the readiness route reports. */
export type DependencyState = 'up' | 'down' | 'off';

// ── My account — the settings page ───────────────────────────────────────────────

/** Letters, digits, punctuation and spaces: no line breaks or other control characters. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The same, with line breaks allowed (a multi-line text such as a doctor's bio). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Whether one line of text a person typed (a name, a clinic) is free of line breaks and other control
 * characters, which would forge extra lines in mails, CSV exports and logs. `multiline` allows CR/LF.
 */
export function isPlainText(text: string, multiline = false): boolean {
  return !(multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(text);
}

/**
 * The account's name: trimmed, at most ACCOUNT_NAME_MAX_LENGTH characters, no control characters;
 * empty clears it (stored as null).
 */
export const accountNameSchema = z
  .string()
  .trim()
  .max(ACCOUNT_NAME_MAX_LENGTH, MESSAGES.settingsNameTooLong)
  .refine((name) => isPlainText(name), MESSAGES.settingsNameInvalid);

/** The account's phone: 10 to 15 digits (the page strips non-digits as one types); empty clears it. */
export const accountPhoneSchema = z
  .string()
  .refine((phone) => phone === '' || isValidPhoneDigits(phone), MESSAGES.invalidPhone);

/**
 * `PATCH /api/me/account`: the caller's name and/or phone. The owner is the verified token's uid; the
 * e-mail is never taken from a body (it follows the token). The settings form sends both fields.
 */
export const updateAccountSchema = z
  .strictObject({ name: accountNameSchema.optional(), phone: accountPhoneSchema.optional() })
  .refine((body) => body.name !== undefined || body.phone !== undefined, MESSAGES.settingsNothingToUpdate);
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

/** The settings form's name and phone: both fields, the rules of `updateAccountSchema`. */
export const accountFormSchema = z.strictObject({ name: accountNameSchema, phone: accountPhoneSchema });
export type AccountFormValues = z.infer<typeof accountFormSchema>;

/** `GET/PATCH /api/me/account`: the caller's account as the settings page shows it. */
export interface Account {
  uid: string;
  /** The verified token's address, stored when the caller last reached the API with it. */
  email: string | null;
  emailVerified: boolean;
  role: z.infer<typeof roleSchema>;
  name: string | null;
  phone: string | null;
}

/** `PUT /api/me/preferences`: the whole set of notification preferences. */
export const notificationPreferencesSchema = z.strictObject({
  emailBookingConfirmations: z.boolean(),
  emailReminders: z.boolean(),
  reminderLeadHours: z.literal(REMINDER_LEAD_HOURS, MESSAGES.settingsPrefLeadInvalid),
  inAppNotifications: z.boolean(),
});

/** The password change form: the current password (re-authentication first), the new one twice. */
export const changePasswordFormSchema = z
  .strictObject({
    currentPassword: z.string().min(1, MESSAGES.settingsCurrentPasswordRequired),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
    confirmPassword: z.string(),
  })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: MESSAGES.settingsPasswordsDiffer,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: MESSAGES.settingsPasswordUnchanged,
    path: ['newPassword'],
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/**
 * The e-mail change form: the new address (a verification link goes there) and the current password
 * (re-authentication first). `currentEmail` is the signed-in address, to refuse "changing" to it.
 */
export function changeEmailFormSchema(currentEmail: string | null) {
  return z.strictObject({
    newEmail: z
      .string()
      .trim()
      .min(1, MESSAGES.resetEmailRequired)
      .max(320, MESSAGES.invalidEmail)
      .pipe(z.email(MESSAGES.invalidEmail))
      .refine(
        (email) => email.toLowerCase() !== (currentEmail ?? '').toLowerCase(),
        MESSAGES.settingsEmailUnchanged,
      ),
    currentPassword: z.string().min(1, MESSAGES.settingsCurrentPasswordRequired),
  });
}
export type ChangeEmailFormValues = z.infer<ReturnType<typeof changeEmailFormSchema>>;
