import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { MESSAGES } from '@medora/shared';
import { ApiException, HttpExceptionFilter, toErrorBody } from './http-exception.filter.js';
import { HTTP_MESSAGES } from './http-messages.js';

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

  it('treats a plain 400 HttpException as a client error', () => {
    expect(toErrorBody(new BadRequestException('Bad thing')).unexpected).toBe(false);
  });
});

describe('HttpExceptionFilter', () => {
  function hostFor() {
    const sent: { code?: number; body?: string } = {};
    const reply = {
      sent: false,
      code(c: number) {
        sent.code = c;
        return { header: () => ({ send: (b: string) => void (sent.body = b) }) };
      },
    };
    const host = {
      switchToHttp: () => ({
        getResponse: () => reply,
        getRequest: () => ({ method: 'GET', url: '/api/x' }),
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
});
