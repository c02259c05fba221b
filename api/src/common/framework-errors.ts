import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@medora/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES } from './http-messages.js';

/**
 * Fastify's router refuses a malformed URL (`%zz`: 400) or an over-long path parameter (414) before
 * Nest sees the request, and by default answers with its own body (a `code` and the URL echoed back).
 * This gives those answers the API's one error body instead (`frameworkErrors` server option).
 */
export function answerFrameworkError(
  error: { statusCode?: number },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const body: ErrorBody = {
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    message: HTTP_MESSAGES.invalidUrl,
  };
  void reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(body));
}
