import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  appointmentIdSchema,
  providerAppointmentsQuerySchema,
  providerScheduleSchema,
  type ProviderAppointmentIntake,
  type ProviderAppointmentsPage,
  type ProviderAppointmentsQuery,
  type ProviderOverview,
  type ProviderScheduleInput,
  type ProviderScheduleResponse,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { ProviderService } from './provider.service.js';

const idPipe = () => new ZodValidationPipe(appointmentIdSchema);

/**
 * The provider dashboard's reads (overview, appointment list, intake) and its schedule: approved
 * doctors and providers only, the service decides (403). The doctor's commands on an appointment are
 * the appointments module's (DoctorAppointmentsController).
 */
@ApiTags('provider')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not an approved doctor or provider', schema: ERROR_BODY_SCHEMA })
@Controller()
export class ProviderController {
  constructor(private readonly provider: ProviderService) {}

  @Get('provider/overview')
  @ApiOperation({ summary: 'Counters: today’s appointments, upcoming, patients, completed' })
  overview(@CurrentCaller() caller: Caller): Promise<ProviderOverview> {
    return this.provider.overview(caller);
  }

  @Get('provider/appointments')
  @ApiOperation({
    summary:
      'A page of this doctor’s appointments in a window of clinic dates (default today and the next 7 days; at most 31), by start: patient name and summary headline, no intake',
  })
  @ApiResponse({ status: 400, description: 'Bad date, window, cursor or limit', schema: ERROR_BODY_SCHEMA })
  appointments(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(providerAppointmentsQuerySchema)) query: ProviderAppointmentsQuery,
  ): Promise<ProviderAppointmentsPage> {
    return this.provider.appointments(caller, query);
  }

  @Get('provider/appointments/:id/intake')
  @ApiOperation({
    summary:
      'The clinical summary and intake of one appointment’s patient: its doctor only, while the appointment is active (audited)',
  })
  @ApiResponse({ status: 404, description: 'Not this doctor’s appointment', schema: ERROR_BODY_SCHEMA })
  appointmentIntake(
    @CurrentCaller() caller: Caller,
    @Param('id', idPipe()) id: string,
  ): Promise<ProviderAppointmentIntake> {
    return this.provider.appointmentIntake(caller, id);
  }

  @Get('provider/schedule')
  @ApiOperation({
    summary:
      'The weekly schedule (hours, generated slots, date exceptions), clinic zone and upcoming bookings outside it',
  })
  schedule(@CurrentCaller() caller: Caller): Promise<ProviderScheduleResponse> {
    return this.provider.schedule(caller);
  }

  @Put('provider/schedule')
  @RateLimit('write')
  @ApiOperation({
    summary:
      'Replace the weekly schedule: weekly hours per weekday (start, end, slot length, breaks; the slots are generated) or weekday names with hh:mm AM/PM slots, date exceptions (vacation, closed day, extra hours) and an IANA zone; existing bookings stay and are listed',
  })
  @ApiResponse({
    status: 400,
    description: 'Bad day, time, range, break, slot length, exception or zone',
    schema: ERROR_BODY_SCHEMA,
  })
  updateSchedule(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(providerScheduleSchema)) body: ProviderScheduleInput,
  ): Promise<ProviderScheduleResponse> {
    return this.provider.updateSchedule(caller, body);
  }
}
