import { z } from 'zod';
import { RESPONSE_SCHEMAS } from '@medora/shared';

/** OpenAPI schema of a zod schema (the shared contracts are the single source). */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export const ERROR_BODY_SCHEMA = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

type OpenApiOperation = {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

/**
 * Shows each route's success body: the schema from `RESPONSE_SCHEMAS`, the table the API
 * tests and the client's development check use too, on every 2xx answer the route documents (or a
 * 200 when it documents none). Routes answering a file or nothing (`null` in the table) are left as is.
 */
export function addResponseSchemas(document: { paths: Record<string, Record<string, unknown>> }): void {
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(operations)) {
      const schema = RESPONSE_SCHEMAS[`${method.toUpperCase()} ${path}`];
      if (!schema) continue;
      const operation = value as OpenApiOperation;
      const responses = (operation.responses ??= {});
      const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
      for (const status of success.length > 0 ? success : ['200']) {
        const response = (responses[status] ??= { description: 'OK' });
        response.content = { 'application/json': { schema: openApiSchema(schema, 'output') } };
      }
    }
  }
}
