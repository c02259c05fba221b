import { z } from 'zod';
import { MESSAGES } from '@medora/shared/messages';
import { ALL_QUESTIONS, DOCUMENT_SUFFIX, optionAppliesTo, UPLOAD_FIELDS } from '../intake/content.js';
import { heightWeightIssue } from '../intake/bmi.js';
import { dobProblem, isValidDob } from '../intake/dob.js';
import { EXCLUSIVE_OPTIONS, MAX_CHILDREN } from '../intake/engine.js';
import { FOLLOW_UP_VISIT_QUESTIONS } from '../intake/follow-up-visit.js';
import { VISIT_KINDS } from '../intake/visit.js';
import type { Question } from '../intake/types.js';
import { serverSetField } from './server-set.js';
import { uidSchema } from './users.js';

const TEXT_MAX = 2000;
const FILE_NAME_MAX = 255;

const enumOf = (options: readonly string[]) =>
  z.string().refine((v) => options.includes(v), { message: `Must be one of: ${options.join(', ')}.` });

function answerSchema(q: Question): z.ZodType {
  switch (q.type) {
    case 'select':
      return enumOf(q.options ?? []);
    case 'multiselect':
      return z
        .array(enumOf(q.options ?? []))
        .max(q.options?.length ?? 0)
        .refine((list) => new Set(list).size === list.length, { message: 'Each option may be chosen once.' })
        .refine((list) => list.length <= 1 || !list.some((v) => EXCLUSIVE_OPTIONS.includes(v)), {
          message: 'None cannot be combined with other options.',
        });
    case 'number':
      return z.number().int().min(0).max(MAX_CHILDREN);
    case 'dob':
      return z.string().superRefine((v, ctx) => {
        if (!isValidDob(v)) ctx.addIssue({ code: 'custom', message: dobProblem(v) ?? MESSAGES.dobInvalid });
      });
    case 'heightWeight':
      // The same rule and messages as the page: ranges named, zeros refused.
      return z
        .object({ heightFeet: z.number(), heightInches: z.number(), weight: z.number() })
        .strict()
        .superRefine((hw, ctx) => {
          const issue = heightWeightIssue(hw);
          if (issue)
            ctx.addIssue({ code: 'custom', path: issue.part ? [issue.part] : [], message: issue.message });
        });
    default:
      return z.string().max(TEXT_MAX);
  }
}

const fileName = z.string().max(FILE_NAME_MAX);

const shape: Record<string, z.ZodType> = {};
for (const q of ALL_QUESTIONS) shape[q.field] = answerSchema(q).optional();
// What changed since the last visit (a follow-up visit's questions).
for (const q of FOLLOW_UP_VISIT_QUESTIONS) shape[q.field] = answerSchema(q).optional();
for (const f of UPLOAD_FIELDS) shape[`${f}${DOCUMENT_SUFFIX}`] = fileName.optional();
// MedicalReports (file names of the final upload step), uploadedAt, reasonForVisit (displayed).
shape.medicalReports = z
  .string()
  .max(FILE_NAME_MAX * 10)
  .optional();
shape.uploadedAt = z.string().max(40).optional();
shape.reasonForVisit = z.string().max(TEXT_MAX).optional();

/**
 * The intake record as `POST /api/patients` accepts it: every field of the question bank
 * (main questions and follow-ups) with its enum or range, the `<field>_document` file names, and
 * nothing else — an unknown field is refused with its own field message.
 */
const questionOf = new Map(ALL_QUESTIONS.map((q) => [q.field, q]));

export const intakeRecordSchema = z.looseObject(shape).superRefine((record, ctx) => {
  for (const key of Object.keys(record)) {
    if (!(key in shape)) ctx.addIssue({ code: 'custom', path: [key], message: MESSAGES.unknownField });
    // An option of the other sex (e.g. a menstrual option for a male patient) is refused.
    const q = questionOf.get(key);
    const v = record[key];
    if (!q?.options || v === undefined) continue;
    const chosen = Array.isArray(v) ? v : [v];
    if (chosen.some((o) => typeof o === 'string' && !optionAppliesTo(o, record.gender)))
      ctx.addIssue({ code: 'custom', path: [key], message: MESSAGES.optionNotForSex });
  }
});
export type IntakeRecord = z.infer<typeof intakeRecordSchema>;

/** `POST /api/patients` body. */
export const savePatientSchema = z
  .object({
    uid: uidSchema,
    data: intakeRecordSchema,
    /** The visit this submission is; without it, inferred from `data.visitType`. */
    kind: z.enum(VISIT_KINDS).optional(),
  })
  .strict();
export type SavePatientInput = z.infer<typeof savePatientSchema>;

/**
 * `POST /api/patients/{uid}/documents` JSON body: a metadata-only record. The spec's
 * `fileUrl` is the server's to set: accepted only empty or absent, and never stored.
 */
export const createDocumentMetadataSchema = z
  .object({
    name: z.string().trim().min(1).max(FILE_NAME_MAX),
    type: z.string().trim().min(1).max(100).default('Medical Report'),
    fileUrl: serverSetField,
  })
  .strict();
export type CreateDocumentMetadataInput = z.infer<typeof createDocumentMetadataSchema>;

/** A document id in a path. */
export const documentIdSchema = z.uuid({ message: MESSAGES.notFound });

// The unsent intake kept on the server per account (`PUT /api/patients/{uid}/draft`).
/**
 * A draft holds answers as they are being typed, so values are checked for type and size only (a
 * half-typed height is fine), while every key must be a field of the record: the same text and list
 * limits as a submitted record, so a draft is never larger than a record can be.
 */
const draftValueSchema = z.union([
  z.string().max(TEXT_MAX),
  z.number().finite(),
  z.array(z.string().max(TEXT_MAX)).max(100),
  z
    .object({
      heightFeet: z.number().finite().nullable().optional(),
      heightInches: z.number().finite().nullable().optional(),
      weight: z.number().finite().nullable().optional(),
    })
    .strict(),
]);

export const draftAnswersSchema = z
  .record(z.string(), draftValueSchema.optional())
  .superRefine((record, ctx) => {
    for (const key of Object.keys(record)) {
      if (!(key in shape)) ctx.addIssue({ code: 'custom', path: [key], message: MESSAGES.unknownField });
    }
  });

/** `PUT /api/patients/{uid}/draft` body. */
export const saveDraftSchema = z
  .object({
    mode: z.enum(['new', ...VISIT_KINDS]),
    screen: z.enum(['question', 'review', 'upload']),
    key: z.string().max(200).optional(),
    answers: draftAnswersSchema,
  })
  .strict();
export type SaveDraftInput = z.infer<typeof saveDraftSchema>;

/** A visit id in a path. */
export const visitIdSchema = z.uuid({ message: MESSAGES.notFound });
/** A red-flag rule id in a path (lower-case words joined by hyphens). */
export const flagIdSchema = z
  .string()
  .max(60, { message: MESSAGES.flagReviewNotFound })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: MESSAGES.flagReviewNotFound });
