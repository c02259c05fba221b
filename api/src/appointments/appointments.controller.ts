import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  appointmentIdSchema,
  createAppointmentSchema,
  idempotencyKeySchema,
  listAppointmentsQuerySchema,
  rescheduleAppointmentSchema,
  type Appointment,
  type CreateAppointmentInput,
  type ListAppointmentsQuery,
  type RescheduleAppointmentInput,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, RequireVerifiedEmail } from '../auth/decorators.js';
import { sendFile } from '../common/file-response.js';
import { ApiFileResponse, ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { AppointmentsService } from './appointments.service.js';

/** Nest's @Headers takes no pipes: the header is validated with the same pipe by hand. */
const idempotencyKeyPipe = new ZodValidationPipe(idempotencyKeySchema.optional());

@ApiTags('appointments')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@Controller('appointments')
export class AppointmentsController {
  constructor(private readonly appointments: AppointmentsService) {}

  @Post()
  @RequireVerifiedEmail()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Book a slot for the caller. The slot must be offered by the doctor within the booking window; ' +
      'one active booking per doctor and start time.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Same key and body → the same appointment (200); same key, other body → 422',
  })
  @ApiResponse({ status: 201, description: 'Booked: Appointment' })
  @ApiResponse({ status: 200, description: 'Replay of an Idempotency-Key: the same Appointment' })
  @ApiResponse({
    status: 400,
    description: 'Invalid body or a slot the doctor does not offer',
    schema: ERROR_BODY_SCHEMA,
  })
  @ApiResponse({ status: 403, description: 'uid is not the caller’s', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'Doctor not available for booking', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 409, description: 'Slot already taken', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 422,
    description: 'Idempotency-Key reused with another body',
    schema: ERROR_BODY_SCHEMA,
  })
  @ApiResponse({
    status: 429,
    description:
      'Booking limit reached (bookings per hour, upcoming appointments) or too many requests from this ' +
      'account or address (then Retry-After gives the seconds to wait)',
    schema: ERROR_BODY_SCHEMA,
  })
  // Below the 429 description above so that one (decorators apply bottom-up) describes both limits.
  @RateLimit('booking')
  async create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(createAppointmentSchema)) body: CreateAppointmentInput,
    @Headers('idempotency-key') rawIdempotencyKey: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Appointment> {
    const idempotencyKey = idempotencyKeyPipe.transform(rawIdempotencyKey);
    const { created, appointment } = await this.appointments.create(caller, body, idempotencyKey);
    if (!created) reply.status(200);
    return appointment;
  }

  @Get()
  @ApiOperation({ summary: 'A patient’s appointments: the owner or an admin; newest first' })
  @ApiResponse({ status: 200, description: 'Appointment[]' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  list(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(listAppointmentsQuerySchema)) query: ListAppointmentsQuery,
  ): Promise<Appointment[]> {
    return this.appointments.list(caller, query.uid);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One appointment: its patient, its doctor or an admin' })
  @ApiResponse({ status: 200, description: 'Appointment' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such appointment', schema: ERROR_BODY_SCHEMA })
  get(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(appointmentIdSchema)) id: string,
  ): Promise<Appointment> {
    return this.appointments.get(caller, id);
  }

  @Post(':id/cancel')
  @RateLimit('write')
  @RequireVerifiedEmail()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancel an upcoming appointment (status missing, Scheduled or Confirmed): its patient or an admin. ' +
      'The slot can be booked again.',
  })
  @ApiResponse({ status: 200, description: 'The cancelled Appointment' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such appointment', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 409, description: 'Not upcoming any more', schema: ERROR_BODY_SCHEMA })
  cancel(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(appointmentIdSchema)) id: string,
  ): Promise<Appointment> {
    return this.appointments.cancel(caller, id);
  }

  @Post(':id/reschedule')
  @RequireVerifiedEmail()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Move an upcoming appointment to another free slot of the same doctor: its patient ' +
      'only. One transaction: the new slot is taken or 409; the old slot is free again; the id stays and ' +
      'rescheduledFrom holds the previous start.',
  })
  @ApiResponse({ status: 200, description: 'The rescheduled Appointment' })
  @ApiResponse({
    status: 400,
    description: 'Invalid body, the same slot, or a slot the doctor does not offer',
    schema: ERROR_BODY_SCHEMA,
  })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such appointment', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 409,
    description: 'Not upcoming any more, or the new slot is taken',
    schema: ERROR_BODY_SCHEMA,
  })
  @RateLimit('booking')
  reschedule(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(appointmentIdSchema)) id: string,
    @Body(new ZodValidationPipe(rescheduleAppointmentSchema)) body: RescheduleAppointmentInput,
  ): Promise<Appointment> {
    return this.appointments.reschedule(caller, id, body);
  }

  @Get(':id/ics')
  @ApiOperation({
    summary: 'The appointment as an iCalendar (.ics) file: its patient, its doctor or an admin',
  })
  @ApiFileResponse(['text/calendar'], 'An iCalendar file with the appointment')
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such appointment', schema: ERROR_BODY_SCHEMA })
  async ics(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(appointmentIdSchema)) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.appointments.ics(caller, id);
    await sendFile(reply, {
      name: file.fileName,
      contentType: 'text/calendar; charset=utf-8',
      body: file.body,
    });
  }
}
