import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/internal';
import type { Type } from '@nestjs/common';
import { ApiBody, ApiResponse, DECORATORS } from '@nestjs/swagger';
import { z } from 'zod';
import { CONTENT_TYPES, CREDENTIAL_FILE_TYPES, RESPONSE_SCHEMAS } from '@medora/shared';
import { ZodValidationPipe } from './zod-validation.pipe.js';

/**
 * The version the document declares: zod writes JSON Schema 2020-12 (type arrays, `const`, numeric
 * `exclusiveMinimum`), which is OpenAPI 3.1's schema dialect and not 3.0's.
 */
export const OPENAPI_VERSION = '3.1.0';

/** OpenAPI schema of a zod schema (the shared contracts are the single source). */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** A file's bytes in a multipart part or a download. */
const BINARY = { type: 'string', format: 'binary' };

/** What a stored document is served as: a type its upload was accepted as, by content. */
export const DOCUMENT_MEDIA_TYPES = Object.values(CONTENT_TYPES);

/** What a stored credential or prescription is served as (their uploads accept fewer types). */
export const CREDENTIAL_MEDIA_TYPES = CREDENTIAL_FILE_TYPES.map((type) => CONTENT_TYPES[type]);

/**
 * Adds fields to a route's operation object. `@ApiOperation` merges into the same metadata (in either
 * decorator order) but would reset `summary`, so this writes the metadata itself.
 */
function extendOperation(fields: Record<string, unknown>): MethodDecorator {
  return (_target, _key, descriptor) => {
    const previous = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value as object) as
      object | undefined;
    Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...previous, ...fields }, descriptor.value as object);
    return descriptor;
  };
}

/** A route anyone may call: `security: []` overrides the document's bearer requirement. */
export const ApiPublic = (): MethodDecorator => extendOperation({ security: [] });

/**
 * An upload: multipart/form-data with the metadata `fields` (sent before the file: the server reads the
 * parts in order) and a binary `file`; with `json`, the metadata-only alternative as application/json.
 */
export function ApiFileUpload(options: { fields?: z.ZodObject; json?: z.ZodType } = {}): MethodDecorator {
  const fields = options.fields ? openApiSchema(options.fields) : { type: 'object', properties: {} };
  const multipart = {
    ...fields,
    properties: { ...(fields.properties as object), file: BINARY },
    required: [...((fields.required as string[] | undefined) ?? []), 'file'],
  };
  const content: Record<string, { schema: unknown }> = { 'multipart/form-data': { schema: multipart } };
  if (options.json) content['application/json'] = { schema: openApiSchema(options.json) };
  return extendOperation({ requestBody: { required: true, content } });
}

/** A download: the 200 answer is the file, in one of `mediaTypes`. */
export function ApiFileResponse(mediaTypes: readonly string[], description: string): MethodDecorator {
  const content = Object.fromEntries(mediaTypes.map((type) => [type, { schema: BINARY }]));
  return ApiResponse({ status: 200, description, content });
}

type BodyArgument = { data?: unknown; pipes?: unknown[] };

/**
 * Documents the JSON body of every route that validates `@Body()` with a {@link ZodValidationPipe}, from
 * that pipe's schema, so what a route checks is what the document says it takes. An explicit `@ApiBody`
 * wins. Runs before the document is built; the metadata it adds is the same on every run.
 */
export function documentValidatedBodies(controllers: Iterable<Type<unknown>>): void {
  for (const controller of controllers) {
    const prototype = controller.prototype as object;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
      if (name === 'constructor' || typeof descriptor?.value !== 'function') continue;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
        string,
        BodyArgument
      >;
      const body = Object.entries(args).find(
        ([key, arg]) => key.startsWith(`${RouteParamtypes.BODY}:`) && arg.data === undefined,
      )?.[1];
      const pipe = body?.pipes?.find(
        (p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe,
      );
      if (!pipe) continue;
      const parameters = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, descriptor.value as object) ??
        []) as {
        in?: string;
      }[];
      if (parameters.some((p) => p.in === 'body')) continue;
      // Optional when the schema takes a missing body (a version that `If-Match` may carry instead).
      const required = !pipe.schema.safeParse(undefined).success;
      ApiBody({ schema: openApiSchema(pipe.schema), required })(prototype, name, descriptor);
    }
  }
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
