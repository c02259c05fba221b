import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  MESSAGES,
  devReminderSchema,
  type DevReminderInput,
  type MailSinkMessage,
  type MailSinkSummary,
} from '@medora/shared';
import { Public } from '../auth/decorators.js';
import { ApiException } from '../common/http-exception.filter.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { MAIL_DISPATCHER, type MailDispatcher, type MailOutcome } from './mail.contract.js';
import { MailSink } from './mail-sink.js';
import { MailRepository } from './mail.repository.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';

/**
 * The local SMTP sink's mails for /dev/mailbox, and a reminder sent on demand (so that a
 * reminder's unsubscribe link can be tried without waiting a day). Local mode only: MailDevModule is
 * registered, like DevModule, only with MEDORA_LOCAL_MODE.
 */
@ApiTags('dev (local mode only)')
@ApiResponse({ status: 404, description: 'No such mail, or no local sink', schema: ERROR_BODY_SCHEMA })
@Controller('dev/mail')
export class MailDevController {
  constructor(
    private readonly sink: MailSink,
    private readonly mail: MailRepository,
    @Inject(MAIL_DISPATCHER) private readonly dispatcher: MailDispatcher,
  ) {}

  private running(): MailSink {
    if (!this.sink.running) throw new ApiException(404, MESSAGES.mailSinkUnavailable);
    return this.sink;
  }

  @Public()
  @Get()
  @ApiOperation({ summary: 'The mails the local SMTP sink received, newest first (local mode only)' })
  @ApiResponse({ status: 200, description: 'MailSinkSummary[]' })
  list(): MailSinkSummary[] {
    return this.running().list();
  }

  @Public()
  @Get(':id')
  @ApiOperation({
    summary: 'One mail of the local SMTP sink: both parts, links, attachments (local mode only)',
  })
  @ApiResponse({ status: 200, description: 'MailSinkMessage' })
  get(@Param('id') id: string): MailSinkMessage {
    const message = this.running().get(id);
    if (!message) throw new ApiException(404, MESSAGES.mailSinkNotFound);
    return message;
  }

  @Public()
  @Post('reminder')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends the reminder of an appointment now (local mode only)' })
  @ApiResponse({ status: 200, description: '{ outcome: sent | skipped }' })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  async reminder(
    @Body(new ZodValidationPipe(devReminderSchema)) body: DevReminderInput,
  ): Promise<{ outcome: MailOutcome }> {
    const row = await this.mail.appointment(body.appointmentId);
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    const outcome = await this.dispatcher.dispatch({
      kind: 'appointment.reminder',
      appointmentId: body.appointmentId,
      startsAt: row.facts.startsAt.toISOString(),
      audience: 'patient',
    });
    return { outcome };
  }
}
