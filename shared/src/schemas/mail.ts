import { z } from 'zod';
import { UNSUBSCRIBE_LISTS } from '../mail/mail-links.js';
import { MESSAGES } from '@medora/shared/messages';

/** `?token=` of the unsubscribe routes; the signature is checked by the API. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: MESSAGES.unsubscribeTokenMissing })
    .trim()
    .min(1, MESSAGES.unsubscribeTokenMissing)
    .max(512, MESSAGES.unsubscribeTokenInvalid),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** `POST /api/dev/mail/reminder` (local mode only): send the reminder of this appointment now. */
export const devReminderSchema = z.strictObject({
  appointmentId: z.uuid(MESSAGES.notFound),
});
export type DevReminderInput = z.infer<typeof devReminderSchema>;

export const unsubscribeStatusSchema = z.strictObject({
  list: z.enum(UNSUBSCRIBE_LISTS),
  unsubscribed: z.boolean(),
});

const mailSinkSummaryFields = {
  id: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  receivedAt: z.iso.datetime({ offset: true }),
};
export const mailSinkSummarySchema = z.strictObject(mailSinkSummaryFields);
export const mailSinkMessageSchema = z.strictObject({
  ...mailSinkSummaryFields,
  from: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  headers: z.record(z.string(), z.string()),
  attachments: z.array(
    z.strictObject({ filename: z.string(), contentType: z.string(), size: z.number(), base64: z.string() }),
  ),
});
export const devReminderResponseSchema = z.strictObject({ outcome: z.enum(['sent', 'skipped']) });
