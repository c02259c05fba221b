import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { querySchema } from './query-string.js';
import { MEDICATION_STATUSES } from '../medications/types.js';

/** The request bodies of the medication routes; the field names are the contract the frontends use. */
const text = (max: number) => z.string().trim().max(max, MESSAGES.medicationTextTooLong);
const optionalText = (max: number) => text(max).nullable().optional();
const isoDate = z.iso.date(MESSAGES.medicationDateInvalid);
const version = z.number(MESSAGES.medicationVersionRequired).int().min(1, MESSAGES.medicationVersionRequired);

export const medicationReminderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('off') }).strict(),
  z
    .object({
      kind: z.literal('daily'),
      time: z
        .string(MESSAGES.medicationTimeInvalid)
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.medicationTimeInvalid),
    })
    .strict(),
  z
    .object({
      kind: z.literal('refill'),
      runsOutOn: isoDate,
      daysBefore: z
        .number(MESSAGES.medicationDaysBeforeInvalid)
        .int(MESSAGES.medicationDaysBeforeInvalid)
        .min(0, MESSAGES.medicationDaysBeforeInvalid)
        .max(60, MESSAGES.medicationDaysBeforeInvalid),
    })
    .strict(),
]);

/** `POST /api/patients/{uid}/medications`: add a medicine (or confirm an intake proposal: `proposalKey`). */
export const medicationInputSchema = z
  .object({
    name: z
      .string(MESSAGES.medicationNameRequired)
      .trim()
      .min(1, MESSAGES.medicationNameRequired)
      .max(200, MESSAGES.medicationTextTooLong),
    medicineId: z.string().max(80, MESSAGES.medicationTextTooLong).nullable().optional(),
    strength: optionalText(100),
    form: optionalText(100),
    dose: optionalText(100),
    frequency: optionalText(100),
    startedOn: isoDate.nullable().optional(),
    startedText: optionalText(100),
    reason: optionalText(300),
    conditionKey: z.string().max(80, MESSAGES.medicationTextTooLong).nullable().optional(),
    prescriber: optionalText(200),
    notes: optionalText(1000),
    proposalKey: z.string().max(200, MESSAGES.medicationProposalUnknown).optional(),
    /** Set by a doctor adding a medicine from a prescription they uploaded. */
    appointmentId: z.uuid(MESSAGES.medicationAppointmentInvalid).optional(),
  })
  .strict();
export type MedicationInput = z.infer<typeof medicationInputSchema>;

/** `PATCH /api/patients/{uid}/medications/{id}`: change fields of an entry made on `version`. */
export const medicationUpdateSchema = medicationInputSchema
  .omit({ proposalKey: true, appointmentId: true })
  .partial()
  .extend({ version })
  .strict();
export type MedicationUpdate = z.infer<typeof medicationUpdateSchema>;

/** `POST /api/patients/{uid}/medications/{id}/status`: stop, pause or restart. */
export const medicationStatusSchema = z
  .object({
    status: z.enum(MEDICATION_STATUSES, MESSAGES.medicationStatusInvalid),
    on: isoDate.optional(),
    reason: optionalText(300),
    version,
  })
  .strict();
export type MedicationStatusInput = z.infer<typeof medicationStatusSchema>;

/** `PUT /api/patients/{uid}/medications/{id}/reminder`. */
export const medicationReminderInputSchema = z
  .object({ reminder: medicationReminderSchema, version })
  .strict();
export type MedicationReminderInput = z.infer<typeof medicationReminderInputSchema>;

/** `POST /api/patients/{uid}/medications/review`: the doctor reviewed the list at this visit. */
export const medicationReviewSchema = z
  .object({ appointmentId: z.uuid(MESSAGES.medicationAppointmentInvalid) })
  .strict();
export type MedicationReviewInput = z.infer<typeof medicationReviewSchema>;

/** A medicine's id in a path: an unknown one reads as not found. */
export const medicationIdSchema = z.uuid(MESSAGES.notFound);

/** A proposal's key in a path (`intake:<visitId>:<n>`). */
export const medicationProposalKeySchema = z
  .string(MESSAGES.medicationProposalUnknown)
  .regex(/^intake:[0-9a-f-]{36}:\d{1,3}$/, MESSAGES.medicationProposalUnknown);

/** `GET /api/patients/{uid}/medications/history?cursor=`: the next keyset page. */
export const medicationHistoryQuerySchema = querySchema({
  cursor: z
    .string(MESSAGES.medicationCursorInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.medicationCursorInvalid)
    .max(300, MESSAGES.medicationCursorInvalid)
    .optional(),
});
export type MedicationHistoryQuery = z.infer<typeof medicationHistoryQuerySchema>;
