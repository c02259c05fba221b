import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  appointmentIdSchema,
  appointmentStatusUpdateSchema,
  doctorCancelSchema,
  providerAppointmentsQuerySchema,
  providerScheduleSchema,
  type AppointmentStatusUpdate,
  type DoctorCancelInput,
  type ProviderAppointmentIntake,
  type ProviderAppointmentsPage,
  type ProviderAppointmentsQuery,
  type ProviderOverview,
  type ProviderScheduleInput,
  type ProviderScheduleResponse,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller } from '../auth/decorators.js';
import { sendFile } from '../common/file-response.js';
import {
  ApiFileResponse,
  ApiFileUpload,
  CREDENTIAL_MEDIA_TYPES,
  ERROR_BODY_SCHEMA,
} from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { openOneFile } from '../common/multipart.js';
import { ProviderService } from './provider.service.js';
import { DoctorVisitsService } from '../appointments/doctor-visits.service.js';

const idPipe = () => new ZodValidationPipe(appointmentIdSchema);

/** The provider dashboard: approved doctors and providers only, the service decides (403). */
@ApiTags('provider')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not an approved doctor or provider', schema: ERROR_BODY_SCHEMA })
@Controller()
export class ProviderController {
  constructor(
    private readonly provider: ProviderService,
    private readonly visits: DoctorVisitsService,
  ) {}

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

  @Patch('provider/appointments/:id/status')
  @RateLimit('write')
  @ApiOperation({ summary: 'Mark a started Scheduled or Confirmed appointment Completed or No-Show' })
  @ApiResponse({ status: 409, description: 'Not started yet, or not open', schema: ERROR_BODY_SCHEMA })
  setStatus(
    @CurrentCaller() caller: Caller,
    @Param('id', idPipe()) id: string,
    @Body(new ZodValidationPipe(appointmentStatusUpdateSchema)) body: AppointmentStatusUpdate,
  ): Promise<{ id: string; status: string }> {
    return this.visits.setStatus(caller, id, body);
  }

  @Post('provider/appointments/:id/reopen')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Undo a Completed or No-Show mark within 24 hours of setting it (Scheduled again)',
  })
  @ApiResponse({
    status: 409,
    description: 'Not closed, or closed more than 24 hours ago',
    schema: ERROR_BODY_SCHEMA,
  })
  reopen(
    @CurrentCaller() caller: Caller,
    @Param('id', idPipe()) id: string,
  ): Promise<{ id: string; status: string }> {
    return this.visits.reopen(caller, id);
  }

  @Post('provider/appointments/:id/cancel')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel an upcoming appointment with a reason (frees the slot, notifies the patient)',
  })
  @ApiResponse({ status: 400, description: 'Missing or too long reason', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 409, description: 'Not an upcoming appointment', schema: ERROR_BODY_SCHEMA })
  cancel(
    @CurrentCaller() caller: Caller,
    @Param('id', idPipe()) id: string,
    @Body(new ZodValidationPipe(doctorCancelSchema)) body: DoctorCancelInput,
  ): Promise<{ id: string; status: string }> {
    return this.visits.cancel(caller, id, body);
  }

  @Post('provider/appointments/:id/prescription')
  @HttpCode(201)
  @RateLimit('upload')
  @ApiFileUpload()
  @ApiOperation({
    summary: 'Attach a prescription (multipart `file`: PDF, JPEG or PNG by content, max 10 MB)',
  })
  @ApiResponse({ status: 413, description: 'File larger than 10 MB', schema: ERROR_BODY_SCHEMA })
  async prescription(
    @CurrentCaller() caller: Caller,
    @Param('id', idPipe()) id: string,
    @Req() req: FastifyRequest,
  ): Promise<{ id: string; prescriptionUrl: string }> {
    // Refused before any byte of the upload is read.
    await this.provider.doctorFor(caller, {
      action: 'appointment.prescription.upload',
      resourceType: 'appointment',
      resourceId: id,
    });
    const upload = await openOneFile(req);
    try {
      return await this.provider.attachPrescription(caller, id, upload);
    } finally {
      upload.discard();
    }
  }

  @Get('appointments/:id/prescription')
  @ApiOperation({ summary: 'Download an appointment’s prescription: its patient, its doctor or an admin' })
  @ApiFileResponse(CREDENTIAL_MEDIA_TYPES, 'The prescription')
  @ApiResponse({ status: 404, description: 'No prescription', schema: ERROR_BODY_SCHEMA })
  async downloadPrescription(
    @CurrentCaller() caller: Caller,
    @Param('id', idPipe()) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendFile(reply, await this.provider.prescription(caller, id));
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
