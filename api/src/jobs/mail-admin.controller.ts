import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  MESSAGES,
  failedMailQuerySchema,
  type FailedMailPage,
  type FailedMailQuery,
  type FailedMailRetry,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, Roles } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { DeadLettersService } from './dead-letters.service.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';

/** Mail that used up its tries, for an admin to see and send again. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not an admin', schema: ERROR_BODY_SCHEMA })
@Controller('admin/mail')
@Roles('admin')
export class MailAdminController {
  constructor(private readonly deadLetters: DeadLettersService) {}

  @Get('failed')
  @ApiOperation({
    summary:
      'A keyset page of dead-lettered e-mail, newest first: kind, audience, the ids it is about, tries, last error (no address, no health data); cursor, limit (1–50, default 20)',
  })
  @ApiResponse({ status: 200, description: 'FailedMailPage' })
  @ApiResponse({ status: 400, description: 'Bad cursor or limit', schema: ERROR_BODY_SCHEMA })
  failed(
    @Query(new ZodValidationPipe(failedMailQuerySchema)) query: FailedMailQuery,
  ): Promise<FailedMailPage> {
    return this.deadLetters.page(query);
  }

  @Post('failed/:id/retry')
  @RateLimit('write')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a dead-lettered e-mail again with fresh tries (audited)' })
  @ApiResponse({ status: 202, description: 'FailedMailRetry: the new job' })
  @ApiResponse({ status: 404, description: 'No such dead letter', schema: ERROR_BODY_SCHEMA })
  retry(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(z.uuid(MESSAGES.mailFailedNotFound))) id: string,
  ): Promise<FailedMailRetry> {
    return this.deadLetters.retry(caller, id);
  }
}
