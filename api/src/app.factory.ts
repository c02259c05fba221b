import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import { MAX_JSON_BODY_BYTES, MAX_UPLOAD_BYTES } from '@medora/shared';
import type { Type } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { answerFrameworkError } from './common/framework-errors.js';
import { keepConnectionForEarlyAnswers } from './common/early-answer.js';
import { addResponseSchemas, documentValidatedBodies, OPENAPI_VERSION } from './common/openapi.js';
import { ApiException } from './common/http-exception.filter.js';
import {
  FHIR_IMPORT_JSON_LIMITS,
  FHIR_IMPORT_ROUTE,
  JSON_LIMITS,
  jsonShapeAnswer,
  jsonShapeProblem,
} from './common/input-limits.js';
import {
  DOCS_HELMET_OPTIONS,
  DOCS_PATH_PREFIX,
  HSTS,
  apiSecurityHeaders,
  securityHeaders,
} from './common/security-headers.js';
import { rememberRouteTemplate, routeTemplate } from './common/route-template.js';
import { REQUEST_ID_HEADER, requestIdOf } from './logging/logger-options.js';
import { trackRequestsForDrain } from './health/drain.js';
import { API_VERSION } from './version.js';

/** 1 MiB of JSON is plenty for every route of this API; uploads get their own limit later. */
const BODY_LIMIT = MAX_JSON_BODY_BYTES;

/**
 * Builds the app (not listening): Fastify, prefix /api, helmet's headers, CORS for CORS_ORIGIN, OpenAPI at
 * /api/docs, the global error filter and auth guard. Tests use it in-process.
 */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    // Only the listed proxies' X-Forwarded-For entries are believed (request.ip); see client-ip.ts.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    frameworkErrors: answerFrameworkError,
    // One id per request: the gateway's X-Request-Id when it is a plain token, else a
    // new one. It is `request.id`, the `requestId` of every log line, and echoed on the response.
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    abortOnError: false,
    // Nest's own lines (and every `new Logger(...)` in the code) wait for pino, then go through it
    // as JSON at LOG_LEVEL (logging/logger-options.ts).
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  // The security headers, computed once (see security-headers.ts): the API's on every answer, the
  // page policy Swagger UI needs on the OpenAPI routes only.
  const apiHeaders = apiSecurityHeaders();
  const docsHeaders = securityHeaders(DOCS_HELMET_OPTIONS);
  keepConnectionForEarlyAnswers(adapter.getInstance());
  // The request log line is written from the raw response; it names the route by its template.
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    rememberRouteTemplate(request.raw, routeTemplate(request));
    void reply.header(REQUEST_ID_HEADER, request.id);
    const headers = request.url.startsWith(DOCS_PATH_PREFIX) ? docsHeaders : apiHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.raw.setHeader('Strict-Transport-Security', HSTS);
    done();
  });
  app.setGlobalPrefix('api');
  // JSON bodies: key count and depth are checked on the raw bytes first, then Fastify's
  // own parser (prototype-poisoning protection) reads them.
  const parseJson = adapter.getInstance().getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, (req, body, done) => {
    const fhir = req.method === FHIR_IMPORT_ROUTE.method && req.routeOptions.url === FHIR_IMPORT_ROUTE.url;
    const limits = fhir ? FHIR_IMPORT_JSON_LIMITS : JSON_LIMITS;
    const problem = jsonShapeProblem(body, limits);
    if (problem) {
      const { status, message } = jsonShapeAnswer(problem, limits);
      done(new ApiException(status, message), undefined);
      return;
    }
    // Fastify's default parser reads a Buffer as well as a string (its types say string only).
    void parseJson(req as never, body as unknown as string, done);
  });
  // Document uploads: one file of at most 10 MB per request; parts are streamed and the
  // limit stops reading at 10 MB instead of buffering the whole body first.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    throwFileSizeLimit: true,
  });
  // RFC 8058: a mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click`
  // form-encoded; the signed token is in the URL, so the short body is accepted and not read.
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: 1024 }, (_req, body, done) =>
    done(null, String(body)),
  );
  app.enableCors({
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  // The OpenAPI UI and JSON only when OPENAPI_PUBLIC is on (default off in production).
  if (config.openapiPublic) mountOpenApi(app);
  trackRequestsForDrain(app);
  await app.init();
  return app;
}

/**
 * The OpenAPI document at /api/docs-json (and -yaml) and the Swagger UI at /api/docs. The document is
 * built on its first request, not at boot: scanning every route for it took a large share of each
 * boot (every test app, `npm start`), and most processes never serve it.
 */
function mountOpenApi(app: NestFastifyApplication): void {
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
  });
}

function openApiDocument(app: NestFastifyApplication): OpenAPIObject {
  documentValidatedBodies(
    [...app.get(ModulesContainer).values()].flatMap((module) =>
      [...module.controllers.values()].map((controller) => controller.metatype as Type<unknown>),
    ),
  );
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setOpenAPIVersion(OPENAPI_VERSION)
      .setTitle('Medora API')
      .setDescription(
        'Health records and appointments. Send a Firebase ID token as `Authorization: Bearer <token>`.',
      )
      .setVersion(API_VERSION)
      // Relative: the document is served by the API it describes, whatever its host.
      .addServer('/')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' })
      // Every route needs the token unless it says `security: []` (`@Public()`).
      .addSecurityRequirements('bearer')
      .build(),
  );
  addResponseSchemas(document as unknown as Parameters<typeof addResponseSchemas>[0]);
  return document;
}
