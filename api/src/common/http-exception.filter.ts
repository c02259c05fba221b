import { STATUS_CODES } from 'node:http';
import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import { MESSAGES, type ErrorBody } from '@medora/shared';
import { STATEMENT_TIMEOUT, connectionFailure, isStatementTimeout } from '../database/connection-errors.js';
import { isObjectStoreError } from '../storage/object-store.js';
import { HTTP_MESSAGES } from './http-messages.js';
import { capFields } from './input-limits.js';
import { routeTemplate } from './route-template.js';

/** Fastify's own errors (raised before a route runs) that we answer with a clear message. */
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: HTTP_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: HTTP_MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: HTTP_MESSAGES.payloadTooLarge },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: HTTP_MESSAGES.emptyJsonBody },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: HTTP_MESSAGES.invalidJson },
};

/** Default messages for HttpExceptions thrown without one of ours (e.g. Nest's 404 for unknown routes). */
const DEFAULT_MESSAGES: Partial<Record<number, string>> = {
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  405: HTTP_MESSAGES.methodNotAllowed,
  413: HTTP_MESSAGES.payloadTooLarge,
  415: HTTP_MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyRequests,
  503: HTTP_MESSAGES.serviceUnavailable,
};

/** Thrown by our code when an error body needs `fields` (validation). */
export class ApiException extends HttpException {
  constructor(
    status: number,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message, status);
  }
}

const reason = (status: number) => STATUS_CODES[status] ?? 'Error';

/**
 * Seconds a client should wait after a 503 for an unavailable database. The API itself has already
 * waited up to 5 s for the database (resilient-pool.ts) before answering.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export interface MappedError {
  body: ErrorBody;
  /** A bug (500): logged with its stack. */
  unexpected: boolean;
  /** Set when the database is unavailable: the answer is a 503 with `Retry-After`. */
  databaseFailure?: string;
}

/** Maps any thrown value to the one error body `{ statusCode, error, message, fields? }`. */
export function toErrorBody(exception: unknown): MappedError {
  if (exception instanceof ApiException) {
    const status = exception.getStatus();
    const body: ErrorBody = { statusCode: status, error: reason(status), message: exception.message };
    // Whoever threw it, an error body names at most MAX_ERROR_FIELDS fields.
    if (exception.fields) body.fields = capFields(exception.fields);
    return { body, unexpected: false };
  }
  if (exception instanceof HttpException) {
    // Nest's Fastify adapter wraps Fastify's own 4xx errors (body parsing) in an HttpException.
    const cause = exception.cause as { code?: unknown } | undefined;
    const known = typeof cause?.code === 'string' ? FASTIFY_ERRORS[cause.code] : undefined;
    if (known) {
      return {
        body: { statusCode: known.status, error: reason(known.status), message: known.message },
        unexpected: false,
      };
    }
    const status = exception.getStatus();
    const res = exception.getResponse();
    let message: string | undefined;
    if (typeof res === 'string') message = res;
    else if (res && typeof res === 'object' && 'message' in res) {
      const m = (res as { message: unknown }).message;
      message = Array.isArray(m) ? m.join('; ') : typeof m === 'string' ? m : undefined;
    }
    // Nest's built-in messages ("Cannot GET /x", "Unauthorized") are replaced by the catalogue's.
    const generic = !message || message === reason(status) || /^Cannot [A-Z]+ /.test(message);
    const finalMessage = generic ? (DEFAULT_MESSAGES[status] ?? reason(status)) : message!;
    return {
      body: { statusCode: status, error: reason(status), message: finalMessage },
      unexpected: status >= 500,
    };
  }
  // A statement cancelled by statement_timeout is the database being slow, not a bug.
  if (isStatementTimeout(exception)) {
    return {
      body: { statusCode: 503, error: reason(503), message: MESSAGES.databaseTimedOut },
      unexpected: false,
      databaseFailure: STATEMENT_TIMEOUT,
    };
  }
  // A restart or a dropped connection is an outage, not a bug: 503. The driver's text (SQL, values,
  // table names) never reaches the body.
  const databaseFailure = connectionFailure(exception);
  if (databaseFailure) {
    return {
      body: { statusCode: 503, error: reason(503), message: HTTP_MESSAGES.serviceUnavailable },
      unexpected: false,
      databaseFailure,
    };
  }
  if (exception && typeof exception === 'object') {
    const e = exception as { code?: unknown; statusCode?: unknown };
    const known = typeof e.code === 'string' ? FASTIFY_ERRORS[e.code] : undefined;
    if (known) {
      return {
        body: { statusCode: known.status, error: reason(known.status), message: known.message },
        unexpected: false,
      };
    }
    // Other client errors raised by Fastify or its plugins (statusCode 4xx): JSON parse errors from
    // the body parser carry statusCode 400 and no FST code.
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      const status = e.statusCode;
      const message =
        exception instanceof SyntaxError || status === 400
          ? HTTP_MESSAGES.invalidJson
          : (DEFAULT_MESSAGES[status] ?? reason(status));
      return { body: { statusCode: status, error: reason(status), message }, unexpected: false };
    }
  }
  return { body: { statusCode: 500, error: reason(500), message: MESSAGES.internalError }, unexpected: true };
}

/** The part of Fastify's reply the filter uses. */
interface ReplyChain {
  header: (key: string, value: string) => ReplyChain;
  send: (body: string) => void;
}
interface ErrorReply {
  code: (code: number) => ReplyChain;
  sent?: boolean;
}

/** The global exception filter: every error answer has the same body; unknown errors are logged, never leaked. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const { body, unexpected, databaseFailure } = toErrorBody(exception);
    if (unexpected || databaseFailure) {
      const req = host
        .switchToHttp()
        .getRequest<({ method?: string } & Parameters<typeof routeTemplate>[0]) | undefined>();
      // The route template, never the raw URL: that carries patient ids.
      const route = `${req?.method ?? '?'} ${routeTemplate(req)}`;
      if (databaseFailure) {
        // The label only (a SQLSTATE or socket code): no SQL, no values. Both stores fail with socket
        // codes, so the one that failed is named: an operator looks at the right service.
        const store = isObjectStoreError(exception) ? 'object store' : 'database';
        this.logger.warn(`${route}: ${store} unavailable (${databaseFailure})`);
      } else {
        this.logger.error(
          `${route} failed: ${exception instanceof Error ? exception.message : String(exception)}`,
          exception instanceof Error ? exception.stack : undefined,
        );
      }
    }
    const reply = host.switchToHttp().getResponse<ErrorReply>();
    if (reply.sent) return;
    let answer = reply.code(body.statusCode).header('content-type', 'application/json; charset=utf-8');
    if (databaseFailure) answer = answer.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    answer.send(JSON.stringify(body));
  }
}
