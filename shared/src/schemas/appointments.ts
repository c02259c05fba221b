import { z } from 'zod';
import { querySchema } from './query-string.js';
import { MESSAGES } from '@medora/shared/messages';
import { parseAppointmentDate, parseIsoDate, parseTime12h } from '../booking/dates.js';
import { serverSetField } from './server-set.js';
import { uidSchema } from './users.js';

/**
 * `POST /api/appointments` (the original body, plus `doctorId`, which our UI sends). The server decides
 * bookedAt (its clock), the status (Scheduled) and the snapshot of doctor, clinic and specialty from
 * the doctor record; the body's copies are accepted for spec compatibility and otherwise ignored.
 */
export const createAppointmentSchema = z
  .object({
    uid: uidSchema,
    date: z
      .string({ error: MESSAGES.bookingSelectionRequired })
      .trim()
      .refine((v) => parseAppointmentDate(v) !== null, MESSAGES.appointmentDateInvalid),
    doctorId: z.uuid(MESSAGES.appointmentDoctorInvalid).optional(),
    doctor: z.string().trim().min(1, MESSAGES.bookingSelectionRequired).max(200),
    clinic: z.string().trim().max(200).optional(),
    specialty: z.string().trim().max(200).optional(),
    notes: z.string().max(2000, MESSAGES.appointmentNotesTooLong).optional(),
    // Set by the server when the doctor attaches a prescription: empty or absent here.
    prescriptionUrl: serverSetField,
    bookedAt: z.string().max(64).optional(),
  })
  .strict();
export type CreateAppointmentInput = z.infer<typeof createAppointmentSchema>;

/** `GET /api/appointments?uid=` */
export const listAppointmentsQuerySchema = querySchema({ uid: uidSchema });
export type ListAppointmentsQuery = z.infer<typeof listAppointmentsQuerySchema>;

/**
 * `POST /api/appointments/{id}/reschedule`: the new slot of the same doctor, as the clinic
 * wall date and time ('2026-11-27', '11:30 AM').
 */
export const rescheduleAppointmentSchema = z
  .object({
    date: z
      .string({ error: MESSAGES.bookingSelectionRequired })
      .trim()
      .refine((v) => parseIsoDate(v) !== null, MESSAGES.rescheduleDateInvalid),
    time: z
      .string({ error: MESSAGES.bookingSelectionRequired })
      .trim()
      .refine((v) => parseTime12h(v) !== null, MESSAGES.rescheduleTimeInvalid),
  })
  .strict();
export type RescheduleAppointmentInput = z.infer<typeof rescheduleAppointmentSchema>;

/** `:id` of an appointment. */
export const appointmentIdSchema = z.uuid(MESSAGES.notFound);

/** `Idempotency-Key` header: a client-chosen token, e.g. a UUID per booking attempt. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, MESSAGES.idempotencyKeyInvalid)
  .max(128, MESSAGES.idempotencyKeyInvalid)
  .regex(/^[A-Za-z0-9_.:-]+$/, MESSAGES.idempotencyKeyInvalid);
