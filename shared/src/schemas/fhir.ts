// The FHIR export's query string.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { querySchema } from './query-string.js';

/** The two shapes of the record: everything as a collection, or an International Patient Summary. */
export const FHIR_EXPORT_FORMATS = ['collection', 'ips'] as const;
export type FhirExportFormat = (typeof FHIR_EXPORT_FORMATS)[number];

/** `GET /api/patients/{uid}/fhir?format=` (default collection). */
export const fhirExportQuerySchema = querySchema({
  format: z.enum(FHIR_EXPORT_FORMATS, { message: MESSAGES.fhirFormatInvalid }).optional(),
});
export type FhirExportQuery = z.infer<typeof fhirExportQuerySchema>;
