import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  markNotificationsReadSchema,
  type MarkNotificationsReadInput,
  type NotificationsResponse,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { NotificationsService } from './notifications.service.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';

@ApiTags('notifications')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'The caller’s notifications (built from their own data), newest first' })
  @ApiResponse({ status: 200, description: 'NotificationsResponse' })
  list(@CurrentCaller() caller: Caller): Promise<NotificationsResponse> {
    return this.notifications.list(caller);
  }

  @Post('read')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark some of the caller’s notifications as read; returns the updated list' })
  @ApiResponse({ status: 200, description: 'NotificationsResponse' })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 403, description: 'Not the caller’s notification', schema: ERROR_BODY_SCHEMA })
  markRead(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(markNotificationsReadSchema)) body: MarkNotificationsReadInput,
  ): Promise<NotificationsResponse> {
    return this.notifications.markRead(caller, body.ids);
  }
}
