// The FHIR export's query string.
import { z } from 'zod';
import type { ListPage } from '../list-page.js';
import { formatMessage, MESSAGES } from '@medora/shared/messages';
import { querySchema } from './query-string.js';

/** The two shapes of the record: everything as a collection, or an International Patient Summary. */
export const FHIR_EXPORT_FORMATS = ['collection', 'ips'] as const;
export type FhirExportFormat = (typeof FHIR_EXPORT_FORMATS)[number];

/** `GET /api/patients/{uid}/fhir?format=` (default collection). */
export const fhirExportQuerySchema = querySchema({
  format: z.enum(FHIR_EXPORT_FORMATS, { message: MESSAGES.fhirFormatInvalid }).optional(),
});
export type FhirExportQuery = z.infer<typeof fhirExportQuerySchema>;

/**
 * The record a patient brings from another system: a FHIR R4 Bundle (an IPS document or a collection).
 * Only what the import reads is checked here; the entries it keeps are checked one by one
 * (`fhirImportResourceSchemas`), everything else in the Bundle is ignored.
 */
export const FHIR_IMPORT_BUNDLE_TYPES = ['document', 'collection'] as const;
/** More entries than a patient summary ever has; the JSON body limits still apply on top. */
export const FHIR_IMPORT_MAX_ENTRIES = 500;

/** The resources an import keeps, each as an item of `kind`. */
export const IMPORTED_ITEM_KINDS = ['allergy', 'condition', 'medication', 'observation'] as const;
export type ImportedItemKind = (typeof IMPORTED_ITEM_KINDS)[number];
export const IMPORTED_RESOURCE_KIND = {
  AllergyIntolerance: 'allergy',
  Condition: 'condition',
  MedicationStatement: 'medication',
  Observation: 'observation',
} as const satisfies Record<string, ImportedItemKind>;

/** pending until the patient confirms (it joins their record and its exports) or dismisses it. */
export const IMPORTED_ITEM_STATUSES = ['pending', 'confirmed', 'dismissed'] as const;
export type ImportedItemStatus = (typeof IMPORTED_ITEM_STATUSES)[number];

const FHIR_STRING_MAX = 10_000;
const fhirString = z
  .string({ message: MESSAGES.fhirImportValueInvalid })
  .min(1, { message: MESSAGES.fhirImportValueInvalid })
  .max(FHIR_STRING_MAX, { message: MESSAGES.fhirImportValueInvalid });
const coding = z.looseObject({
  system: fhirString.optional(),
  code: fhirString.optional(),
  display: fhirString.optional(),
});
const codeableConcept = z.looseObject({
  coding: z.array(coding).max(50).optional(),
  text: fhirString.optional(),
});
const reference = z.looseObject({ reference: fhirString.optional(), display: fhirString.optional() });

export const fhirImportBundleSchema = z.looseObject(
  {
    resourceType: z.literal('Bundle', { message: MESSAGES.fhirImportNotBundle }),
    id: fhirString.optional(),
    identifier: z.looseObject({ system: fhirString.optional(), value: fhirString.optional() }).optional(),
    type: z.enum(FHIR_IMPORT_BUNDLE_TYPES, { message: MESSAGES.fhirImportWrongType }),
    entry: z
      .array(
        z.looseObject(
          {
            fullUrl: fhirString.optional(),
            resource: z.looseObject(
              { resourceType: fhirString, id: fhirString.optional() },
              { message: MESSAGES.fhirImportEntryInvalid },
            ),
          },
          { message: MESSAGES.fhirImportEntryInvalid },
        ),
        { message: MESSAGES.fhirImportEntryInvalid },
      )
      .max(FHIR_IMPORT_MAX_ENTRIES, {
        message: formatMessage('fhirImportTooManyEntries', { max: FHIR_IMPORT_MAX_ENTRIES }),
      })
      .default([]),
  },
  { message: MESSAGES.fhirImportNotBundle },
);
export type FhirImportBundle = z.infer<typeof fhirImportBundleSchema>;

/** The fields the import reads of each kept resource (the rest is stored as it came). */
export const fhirImportResourceSchemas = {
  AllergyIntolerance: z.looseObject({
    code: codeableConcept,
    clinicalStatus: codeableConcept.optional(),
    verificationStatus: codeableConcept.optional(),
  }),
  Condition: z.looseObject({
    code: codeableConcept,
    clinicalStatus: codeableConcept.optional(),
    verificationStatus: codeableConcept.optional(),
  }),
  MedicationStatement: z
    .looseObject({
      status: fhirString,
      medicationCodeableConcept: codeableConcept.optional(),
      medicationReference: reference.optional(),
    })
    .refine((m) => m.medicationCodeableConcept || m.medicationReference),
  Observation: z.looseObject({ status: fhirString, code: codeableConcept }),
  Medication: z.looseObject({ code: codeableConcept.optional() }),
} as const;

/** One imported item as `GET /api/patients/{uid}/fhir/imported` lists it. */
export const importedRecordItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(IMPORTED_ITEM_KINDS),
  codeSystem: z.string().nullable(),
  code: z.string().nullable(),
  display: z.string().nullable(),
  text: z.string(),
  /** A statement that there is none ("No known allergy"), kept as such. */
  absence: z.boolean(),
  status: z.enum(IMPORTED_ITEM_STATUSES),
  /** Who the record came from, as the Bundle names it (its author or custodian), when it does. */
  sourceName: z.string().nullable(),
  sourceBundleId: z.string().nullable(),
  sourceIdentifier: z.string().nullable(),
  createdAt: z.string(),
});
export type ImportedRecordItem = z.infer<typeof importedRecordItemSchema>;

/** `GET /api/patients/{uid}/fhir/imported`: a page of the imported items, newest first. */
export type ImportedRecordsPage = ListPage<ImportedRecordItem>;

/** What `POST /api/patients/{uid}/fhir` answers: the items it kept. */
export const fhirImportResultSchema = z.object({
  imported: z.number().int(),
  items: z.array(importedRecordItemSchema),
});
export type FhirImportResult = z.infer<typeof fhirImportResultSchema>;

/** The id of an imported item in a path. */
export const importedItemIdSchema = z.uuid({ message: MESSAGES.fhirImportItemIdInvalid });
