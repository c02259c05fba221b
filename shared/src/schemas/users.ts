import { z } from 'zod';
import { roleSchema, signupRoleSchema } from './roles.js';
import { MESSAGES } from '../messages.js';

/** Firebase uids are opaque strings of up to 128 characters. */
export const uidSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid uid.');

/**
 * `POST /api/users` (spec §7). The server takes email and emailVerified from the verified token;
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
      .regex(/^\d{10,15}$/, MESSAGES.invalidPhone)
      .optional(),
  })
  .strict();
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** A user record as the API returns it (spec §3 User). */
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
 * What the caller may open, decided by the server (ARCHITECTURE rule 5); client guards only redirect.
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

/** Kinds of notification in the patient header's bell (spec §2 Patient header bar). */
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

export interface NotificationsResponse {
  items: AppNotification[];
  unread: number;
}

/** Ids are `<source>:<key>`, e.g. `system:welcome` or `appointment:<uuid>`. */
export const notificationIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z]+:[A-Za-z0-9_-]+$/, 'Not a valid notification id.');

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
