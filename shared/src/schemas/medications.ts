import { z } from 'zod';
import { MESSAGES } from '@medora/shared/messages';
import { querySchema } from './query-string.js';
import { pageCursorSchema } from './page-limit.js';
import {
  MEDICATION_SOURCES,
  MEDICATION_STATUSES,
  type Medication,
  type MedicationListResponse,
} from '../medications/types.js';

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
  cursor: pageCursorSchema(MESSAGES.medicationCursorInvalid).optional(),
});
export type MedicationHistoryQuery = z.infer<typeof medicationHistoryQuerySchema>;

// The answers of the medication routes (RESPONSE_SCHEMAS): strict, so a field the contract in
// `../medications/types.ts` does not name fails the API tests.
const answeredTime = z.iso.datetime({ offset: true });
const textOrNull = z.string().nullable();

export const medicationSchema = z.strictObject({
  id: z.string(),
  patientUid: z.string(),
  name: z.string(),
  medicineId: textOrNull,
  strength: textOrNull,
  form: textOrNull,
  dose: textOrNull,
  frequency: textOrNull,
  startedOn: textOrNull,
  startedText: textOrNull,
  reason: textOrNull,
  conditionKey: textOrNull,
  prescriber: textOrNull,
  prescriberUid: textOrNull,
  status: z.enum(MEDICATION_STATUSES),
  statusOn: textOrNull,
  statusReason: textOrNull,
  notes: textOrNull,
  source: z.enum(MEDICATION_SOURCES),
  confirmedAt: answeredTime.nullable(),
  reminder: medicationReminderSchema,
  createdAt: answeredTime,
  updatedAt: answeredTime,
  version: z.number().int(),
}) satisfies z.ZodType<Medication>;

export const medicationProposalSchema = z.strictObject({
  key: z.string(),
  kind: z.enum(['drug', 'class']),
  sourceText: z.string(),
  medicineId: textOrNull,
  name: textOrNull,
  strength: textOrNull,
  dose: textOrNull,
  frequency: textOrNull,
  conditionKey: textOrNull,
});

export const medicationListResponseSchema = z.strictObject({
  current: z.array(medicationSchema),
  proposals: z.array(medicationProposalSchema),
  lastConfirmedAt: answeredTime.nullable(),
  lastReview: z
    .strictObject({
      reviewedAt: answeredTime,
      doctorUid: z.string(),
      doctorName: z.string(),
      appointmentId: textOrNull,
    })
    .nullable(),
}) satisfies z.ZodType<MedicationListResponse>;
