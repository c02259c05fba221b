import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  unsubscribeQuerySchema,
  unsubscribeStatusSchema,
  type UnsubscribeQuery,
  type UnsubscribeStatus,
} from '@medora/shared';
import { Public } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA, openApiSchema } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { UnsubscribeService } from './unsubscribe.service.js';

const statusDoc = openApiSchema(unsubscribeStatusSchema);

/**
 * The unsubscribe link of a reminder mail. No sign-in: the signed, expiring token is the
 * authority, and it names its user. GET only checks it (mail scanners follow links); POST — the
 * RFC 8058 one-click, or the button of the shell's /unsubscribe page — turns the reminders off.
 */
@ApiTags('mail')
@ApiQuery({ name: 'token', required: true, description: 'The token of the mail’s unsubscribe link' })
@ApiResponse({ status: 400, description: 'Missing, forged or tampered token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 404, description: 'The token’s account no longer exists', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 410, description: 'Expired token', schema: ERROR_BODY_SCHEMA })
@Controller('mail')
export class MailController {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @Public()
  @Get('unsubscribe')
  @RateLimit('signIn')
  @ApiOperation({ summary: 'Checks an unsubscribe token; changes nothing' })
  @ApiResponse({ status: 200, description: 'UnsubscribeStatus', schema: statusDoc })
  check(
    @Query(new ZodValidationPipe(unsubscribeQuerySchema)) query: UnsubscribeQuery,
  ): Promise<UnsubscribeStatus> {
    return this.unsubscribe.check(query.token);
  }

  @Public()
  @Post('unsubscribe')
  @HttpCode(200)
  @RateLimit('signIn')
  @ApiOperation({
    summary: 'One-click unsubscribe (RFC 8058): turns the token’s user’s reminder e-mails off',
  })
  // What a mail client sends (RFC 8058 §3.2); the token in the URL is what counts, the body is not read.
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    required: false,
    schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
  })
  @ApiResponse({ status: 200, description: 'UnsubscribeStatus', schema: statusDoc })
  apply(
    @Query(new ZodValidationPipe(unsubscribeQuerySchema)) query: UnsubscribeQuery,
  ): Promise<UnsubscribeStatus> {
    return this.unsubscribe.apply(query.token);
  }
}
