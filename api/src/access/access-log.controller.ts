import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ACCESS_GRANT_MINUTES,
  accessReasonSchema,
  cursorQuerySchema,
  uidSchema,
  type AccessGrant,
  type CursorQuery,
  type AccessLogResponse,
  type AccessReasonInput,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { AccessLogService } from './access-log.service.js';

@ApiTags('patients')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@Controller('patients')
export class AccessLogController {
  constructor(private readonly service: AccessLogService) {}

  @Post(':uid/access-reason')
  @RateLimit('write')
  @HttpCode(201)
  @ApiOperation({
    summary: `Break-the-glass: an admin states why they need the patient’s health record (10–500 characters) and may read it for ${ACCESS_GRANT_MINUTES} minutes; every read is audited with the reason and shown to the patient`,
  })
  @ApiResponse({ status: 201, description: '{ patientUid, reason, grantedAt, expiresAt }' })
  @ApiResponse({
    status: 400,
    description: 'Reason missing, too short or too long',
    schema: ERROR_BODY_SCHEMA,
  })
  @ApiResponse({ status: 403, description: 'Not an admin', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such patient', schema: ERROR_BODY_SCHEMA })
  grant(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Body(new ZodValidationPipe(accessReasonSchema)) body: AccessReasonInput,
  ): Promise<AccessGrant> {
    return this.service.grant(caller, uid, body.reason);
  }

  @Get(':uid/access-log')
  @ApiOperation({
    summary:
      'Who looked at my record: reads of the patient’s health data by anyone else (doctors, admins with their stated reason), newest first, 20 a page: { items, nextCursor }; `cursor` = the previous page’s `nextCursor`. The owner only',
  })
  @ApiResponse({ status: 200, description: '{ items, nextCursor }' })
  @ApiResponse({ status: 400, description: 'cursor is not a page of this list', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  list(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Query(new ZodValidationPipe(cursorQuerySchema)) query: CursorQuery,
  ): Promise<AccessLogResponse> {
    return this.service.list(caller, uid, query.cursor);
  }
}
