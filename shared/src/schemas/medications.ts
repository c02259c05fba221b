import { z } from 'zod';
import { MEDICATION_STATUSES } from '../medications/types.js';

/**
 * The request bodies of the medication routes. Lengths and the catalogue messages are filled in
 * with the routes; the field names are the contract the frontends already use.
 */
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();
const isoDate = z.iso.date();

export const medicationReminderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('off') }).strict(),
  z.object({ kind: z.literal('daily'), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/) }).strict(),
  z
    .object({ kind: z.literal('refill'), runsOutOn: isoDate, daysBefore: z.number().int().min(0).max(60) })
    .strict(),
]);

/** `POST /api/patients/{uid}/medications`: add a medicine (or confirm an intake proposal: `proposalKey`). */
export const medicationInputSchema = z
  .object({
    name: text(200).min(1),
    medicineId: z.string().max(80).nullable().optional(),
    strength: optionalText(100),
    form: optionalText(100),
    dose: optionalText(100),
    frequency: optionalText(100),
    startedOn: isoDate.nullable().optional(),
    startedText: optionalText(100),
    reason: optionalText(300),
    conditionKey: z.string().max(80).nullable().optional(),
    prescriber: optionalText(200),
    notes: optionalText(1000),
    proposalKey: z.string().max(200).optional(),
    /** Set by a doctor adding a medicine from a prescription they uploaded. */
    appointmentId: z.uuid().optional(),
  })
  .strict();
export type MedicationInput = z.infer<typeof medicationInputSchema>;

/** `PATCH /api/patients/{uid}/medications/{id}`: change fields of an entry made on `version`. */
export const medicationUpdateSchema = medicationInputSchema
  .omit({ proposalKey: true, appointmentId: true })
  .partial()
  .extend({ version: z.number().int().min(1) })
  .strict();
export type MedicationUpdate = z.infer<typeof medicationUpdateSchema>;

/** `POST /api/patients/{uid}/medications/{id}/status`: stop, pause or restart. */
export const medicationStatusSchema = z
  .object({
    status: z.enum(MEDICATION_STATUSES),
    on: isoDate.optional(),
    reason: optionalText(300),
    version: z.number().int().min(1),
  })
  .strict();
export type MedicationStatusInput = z.infer<typeof medicationStatusSchema>;

/** `PUT /api/patients/{uid}/medications/{id}/reminder`. */
export const medicationReminderInputSchema = z
  .object({ reminder: medicationReminderSchema, version: z.number().int().min(1) })
  .strict();
export type MedicationReminderInput = z.infer<typeof medicationReminderInputSchema>;

/** `POST /api/patients/{uid}/medications/review`: the doctor reviewed the list at this visit. */
export const medicationReviewSchema = z.object({ appointmentId: z.uuid() }).strict();
export type MedicationReviewInput = z.infer<typeof medicationReviewSchema>;
