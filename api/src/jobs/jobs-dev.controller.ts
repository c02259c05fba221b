import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  MESSAGES,
  devClockInputSchema,
  type DevClock,
  type DevClockInput,
  type ReminderSweepResult,
} from '@medora/shared';
import { Public } from '../auth/decorators.js';
import { ApiException } from '../common/http-exception.filter.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { AppClock } from './app-clock.js';
import { ReminderSweep } from './reminder-sweep.service.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';

/**
 * Local mode only (JobsModule registers it only with MEDORA_LOCAL_MODE, which the config
 * refuses in production): move this API's clock and run the reminder sweep now, so a browser test can
 * make a reminder fire without waiting a day. Public like the other dev routes: there are no real
 * users in local mode.
 */
@ApiTags('dev (local mode only)')
@Controller('dev')
export class JobsDevController {
  constructor(
    private readonly clock: AppClock,
    private readonly sweep: ReminderSweep,
  ) {}

  @Public()
  @Post('clock')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the offset of the API clock from real time, in minutes (local mode only)' })
  @ApiResponse({ status: 200, description: 'DevClock' })
  @ApiResponse({ status: 400, description: 'Bad offset', schema: ERROR_BODY_SCHEMA })
  setClock(@Body(new ZodValidationPipe(devClockInputSchema)) body: DevClockInput): DevClock {
    this.clock.setOffsetMinutes(body.offsetMinutes);
    return { now: this.clock.now().toISOString(), offsetMinutes: this.clock.offsetMinutes };
  }

  @Public()
  @Post('reminders/sweep')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run the reminder sweep now, by the API clock (local mode only)' })
  @ApiResponse({ status: 200, description: 'ReminderSweepResult' })
  @ApiResponse({ status: 400, description: 'A request body was sent', schema: ERROR_BODY_SCHEMA })
  async runSweep(@Body() body: unknown): Promise<ReminderSweepResult> {
    // It reads nothing: any body (even `{}` or `null`) is a caller's mistake, refused before it runs.
    if (body !== undefined) throw new ApiException(400, MESSAGES.devSweepNoBody);
    return { enqueued: await this.sweep.sweep() };
  }
}
