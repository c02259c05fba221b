import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { pino, stdSerializers, type DestinationStream, type LevelWithSilent } from 'pino';
import { rememberedRouteTemplate } from '../common/route-template.js';
import type { LogLevel } from '../config/config.js';
import { isDrainAnswer } from '../common/drain-answer.js';

/** The pino level of each LOG_LEVEL value (Nest's `log` is pino's `info`, `verbose` its `trace`). */
export const PINO_LEVEL: Record<LogLevel, LevelWithSilent> = {
  silent: 'silent',
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  info: 'info',
  debug: 'debug',
  verbose: 'trace',
  trace: 'trace',
};

/**
 * The redaction list, the one place that names what never reaches a log line: tokens
 * and credentials, e-mail addresses, and health data (intake answers, summaries, appointment notes).
 * Request and response bodies and headers are not logged at all (see the serializers below); this
 * list catches the same fields when code logs an object that carries them.
 */
export const REDACTED_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'idToken',
  'refreshToken',
  'accessToken',
  'password',
  'email',
  'answers',
  'summary',
  'notes',
] as const;

const REDACTED = new Set<string>(REDACTED_KEYS.map((k) => k.toLowerCase()));
/** Deeper than any object this API logs; a cycle or a huge structure stops here. */
const REDACT_DEPTH = 6;

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of `value` with every REDACTED_KEYS entry (any case, any depth up to REDACT_DEPTH) censored.
 * Plain objects and arrays only: errors go through their serializer, which scrubs their texts. (pino's
 * own `redact` needs a path per key and depth; 48 wildcard paths cost ~150 µs a line, this ~1 µs.)
 */
export function redactObject<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= REDACT_DEPTH) return '[TOO DEEP]' as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactObject(v, depth + 1)) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    out[key] = REDACTED.has(key.toLowerCase()) ? '[REDACTED]' : redactObject(value[key], depth + 1);
  }
  return out as T;
}

const EMAIL = /[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** A JWT (a Firebase ID token) and any bearer credential. */
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const BEARER = /\bBearer\s+[\w.~+/=-]+/gi;

/**
 * Free text (a message, an error's message or stack) with e-mail addresses and tokens replaced: an
 * error text can quote a value (Postgres: `Key (email)=(…) already exists`) that no key list sees.
 */
export function scrubText(text: string): string {
  return text.replace(BEARER, 'Bearer [REDACTED]').replace(JWT, '[REDACTED]').replace(EMAIL, '[REDACTED]');
}

/** The header the gateway (nginx `$request_id`) sets, echoed back on every response. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** A request id from outside is kept only if it cannot forge or break a log line. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The incoming X-Request-Id when it is a plain token, else a new random one. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

type Req = IncomingMessage;
type Res = ServerResponse;

/**
 * The fields of the one line per request: never the raw URL, headers or bodies. An answer the
 * client did not receive whole also says `aborted: true` (and the message is "request aborted").
 */
function requestLine(req: Req, res: Res, latencyMs: unknown) {
  const line = { method: req.method, route: rememberedRouteTemplate(req), status: res.statusCode, latencyMs };
  // A download the client cut off midway went out with its status line already sent: say so,
  // rather than leave a 200 that reads as a complete answer.
  return res.writableFinished ? line : { ...line, aborted: true };
}

/**
 * nestjs-pino / pino-http options: JSON lines at LOG_LEVEL to `destination` (stdout unless given),
 * one line per request with its id, route template, method, status and latency; every other log
 * line written while a request is handled carries the same `requestId`.
 */
export function loggerParams(level: LogLevel, destination?: DestinationStream): Params {
  return {
    pinoHttp: {
      level: PINO_LEVEL[level],
      stream: destination ?? pino.destination({ dest: 1, sync: true }),
      timestamp: pino.stdTimeFunctions.isoTime,
      // The object of each log call; child-logger bindings are only pino-http's requestId.
      formatters: { log: redactObject },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((a: unknown) => (typeof a === 'string' ? scrubText(a) : a));
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      // Our own serializers only (pino-http would otherwise serialize the whole request, headers
      // included, for every request even when nothing logs it).
      wrapSerializers: false,
      serializers: {
        req: (req: Req) => ({ method: req.method, route: rememberedRouteTemplate(req) }),
        res: (res: Res) => ({ status: res.statusCode }),
        err: (err: Error) => {
          const out = stdSerializers.err(err);
          return { ...out, message: scrubText(out.message), stack: scrubText(out.stack) };
        },
      },
      // Fastify has set `req.id` already (app.factory.ts, which also echoes it); this is the fallback.
      genReqId: (req: Req) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
      customAttributeKeys: { reqId: 'requestId', responseTime: 'latencyMs' },
      quietReqLogger: true,
      quietResLogger: true,
      // The drain's 503 while a replica shuts down is part of every deploy, not an error to alert on.
      customLogLevel: (_req: Req, res: Res, err?: Error) =>
        err || (res.statusCode >= 500 && !isDrainAnswer(res)) ? 'error' : 'info',
      customSuccessObject: (req: Req, res: Res, val: { latencyMs: number }) =>
        requestLine(req, res, val.latencyMs),
      customErrorObject: (req: Req, res: Res, _err: Error, val: { latencyMs: number }) =>
        requestLine(req, res, val.latencyMs),
    },
  };
}
