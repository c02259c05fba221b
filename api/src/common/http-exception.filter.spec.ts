import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { MESSAGES } from '@medora/shared';
import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { ConnectionLostError } from '../database/resilient-pool.js';
import {
  ApiException,
  DATABASE_RETRY_AFTER_SECONDS,
  HttpExceptionFilter,
  toErrorBody,
} from './http-exception.filter.js';
import { HTTP_MESSAGES } from './http-messages.js';
import { MAX_ERROR_FIELDS } from './input-limits.js';
import { markObjectStoreError } from '../storage/object-store.js';

/** A server error as node-postgres raises it. */
function pgError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

/** A statement that touched patient data, failed the way TypeORM reports it. */
const failedQuery = (driverError: Error) =>
  new QueryFailedError(
    'UPDATE patient_profiles SET data = $2 WHERE firebase_uid = $1',
    ['uid-123', '{"name":"Robert Mendes"}'],
    driverError,
  );

const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: HTTP_MESSAGES.serviceUnavailable,
};

describe('toErrorBody', () => {
  it('keeps the message and fields of our own exceptions', () => {
    expect(toErrorBody(new ApiException(400, 'Nope', { uid: 'Required' })).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Nope',
      fields: { uid: 'Required' },
    });
  });

  it('keeps a specific HttpException message', () => {
    expect(toErrorBody(new ForbiddenException(MESSAGES.uidMismatch)).body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: MESSAGES.uidMismatch,
    });
  });

  it('replaces Nest’s generic messages with the catalogue’s', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /api/x')).body.message).toBe(MESSAGES.notFound);
    expect(toErrorBody(new UnauthorizedException()).body.message).toBe(MESSAGES.unauthenticated);
  });

  it('maps Fastify body errors wrapped by Nest to clear messages', () => {
    const wrap = (code: string, status: number) =>
      new HttpException('fastify text', status, {
        cause: Object.assign(new Error('x'), { code, statusCode: status }),
      });
    expect(toErrorBody(wrap('FST_ERR_CTP_INVALID_JSON_BODY', 400)).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: HTTP_MESSAGES.invalidJson,
    });
    expect(toErrorBody(wrap('FST_ERR_CTP_BODY_TOO_LARGE', 413)).body.statusCode).toBe(413);
    expect(toErrorBody(wrap('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415)).body.error).toBe(
      'Unsupported Media Type',
    );
  });

  it('maps raw Fastify errors by code', () => {
    const raw = Object.assign(new Error('Request body is too large'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    expect(toErrorBody(raw).body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: HTTP_MESSAGES.payloadTooLarge,
    });
  });

  it('hides unknown errors behind a 500 with the internal error message', () => {
    const { body, unexpected } = toErrorBody(
      new Error('relation "users" does not exist at SELECT * FROM users'),
    );
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: MESSAGES.internalError,
    });
    expect(unexpected).toBe(true);
    expect(toErrorBody('a string').body.statusCode).toBe(500);
  });

  it('answers 503 with the generic message when the database is unavailable', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
    const cases: [unknown, string][] = [
      [refused, 'ECONNREFUSED'],
      [new AggregateError([refused], 'connect failed'), 'ECONNREFUSED'],
      [failedQuery(pgError('57P01', 'terminating connection due to administrator command')), '57P01'],
      [pgError('57P03', 'the database system is starting up'), '57P03'],
      [pgError('08006', 'connection failure'), '08006'],
      [failedQuery(new Error('Connection terminated unexpectedly')), 'connection-terminated'],
      [new Error('timeout exceeded when trying to connect'), 'pool-exhausted'],
      [new ConnectionLostError(), '08006'],
    ];
    for (const [error, label] of cases) {
      const mapped = toErrorBody(error);
      expect(mapped.body).toEqual(UNAVAILABLE);
      expect(mapped).toMatchObject({ unexpected: false, databaseFailure: label });
    }
  });

  it('keeps other database errors a 500 without their SQL or values', () => {
    const { body, unexpected, databaseFailure } = toErrorBody(
      failedQuery(pgError('23505', 'duplicate key value violates unique constraint "patient_profiles_pkey"')),
    );
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: MESSAGES.internalError,
    });
    expect(unexpected).toBe(true);
    expect(databaseFailure).toBeUndefined();
  });

  it('treats a plain 400 HttpException as a client error', () => {
    expect(toErrorBody(new BadRequestException('Bad thing')).unexpected).toBe(false);
  });
});

describe('HttpExceptionFilter', () => {
  function hostFor() {
    const sent: { code?: number; body?: string; headers: Record<string, string> } = { headers: {} };
    const chain = {
      header(key: string, value: string) {
        sent.headers[key] = value;
        return chain;
      },
      send: (b: string) => void (sent.body = b),
    };
    const reply = {
      sent: false,
      code(c: number) {
        sent.code = c;
        return chain;
      },
    };
    const host = {
      switchToHttp: () => ({
        getResponse: () => reply,
        getRequest: () => ({
          method: 'GET',
          url: '/api/patients/uid-123',
          routeOptions: { url: '/api/patients/:uid' },
        }),
      }),
    } as unknown as ArgumentsHost;
    return { host, sent };
  }

  it('sends the error body with its status and never the stack', () => {
    const { host, sent } = hostFor();
    const filter = new HttpExceptionFilter();
    (filter as unknown as { logger: { error: () => void } }).logger = { error: () => undefined };
    filter.catch(new Error('SELECT secret FROM t'), host);
    expect(sent.code).toBe(500);
    expect(JSON.parse(sent.body!)).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: MESSAGES.internalError,
    });
    expect(sent.body).not.toContain('SELECT');
  });

  it('answers an unavailable database with 503, Retry-After and a log line without SQL', () => {
    const { host, sent } = hostFor();
    const filter = new HttpExceptionFilter();
    const warnings: string[] = [];
    (filter as unknown as { logger: { warn: (m: string) => void } }).logger = {
      warn: (m) => void warnings.push(m),
    };
    filter.catch(failedQuery(pgError('57P01', 'terminating connection due to administrator command')), host);
    expect(sent.code).toBe(503);
    expect(JSON.parse(sent.body!)).toEqual(UNAVAILABLE);
    expect(sent.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(warnings).toEqual(['GET /api/patients/:uid: database unavailable (57P01)']);
    expect(`${sent.body} ${warnings.join()}`).not.toMatch(
      /patient_profiles|firebase_uid|Robert|UPDATE|uid-123/,
    );
  });

  it('names the object store, not the database, when the object store is unreachable', () => {
    const { host, sent } = hostFor();
    const filter = new HttpExceptionFilter();
    const warnings: string[] = [];
    (filter as unknown as { logger: { warn: (m: string) => void } }).logger = {
      warn: (m) => void warnings.push(m),
    };
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    filter.catch(markObjectStoreError(refused), host);
    expect(sent.code).toBe(503);
    expect(warnings).toEqual(['GET /api/patients/:uid: object store unavailable (ECONNREFUSED)']);
  });
});

describe('toErrorBody field cap', () => {
  it('names at most MAX_ERROR_FIELDS fields, whoever threw the exception', () => {
    const fields = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'bad']));
    const { body } = toErrorBody(new ApiException(400, MESSAGES.validationFailed, fields));
    expect(Object.keys(body.fields ?? {})).toHaveLength(MAX_ERROR_FIELDS);
  });
});

describe('toErrorBody: statement_timeout', () => {
  it('answers a statement the server cancelled (57014) with 503 and the catalogue message, not a 500', () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const mapped = toErrorBody(new QueryFailedError('SELECT pg_sleep(10)', [], cancelled));
    expect(mapped.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: MESSAGES.databaseTimedOut,
    });
    expect(mapped.unexpected).toBe(false);
    expect(mapped.databaseFailure).toBe('57014');
  });
});
