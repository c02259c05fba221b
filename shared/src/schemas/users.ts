import { z } from 'zod';
import { roleSchema, signupRoleSchema } from '../roles.js';
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

/** `GET /api/me`: the caller's account; `registered` is false until `POST /api/users` has run. */
export interface MeResponse {
  registered: boolean;
  user: {
    uid: string;
    email: string | null;
    role: z.infer<typeof roleSchema>;
    emailVerified: boolean;
  };
}

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: { status: 'up' | 'down'; latencyMs?: number };
  version: string;
}
