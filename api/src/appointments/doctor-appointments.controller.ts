import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  appointmentIdSchema,
  appointmentStatusUpdateSchema,
  doctorCancelSchema,
  type AppointmentStatusUpdate,
  type DoctorCancelInput,
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
import { openOneFile } from '../common/multipart.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { DoctorVisitsService } from './doctor-visits.service.js';
import { PrescriptionsService } from './prescriptions.service.js';

const idPipe = () => new ZodValidationPipe(appointmentIdSchema);

/**
 * The doctor's commands on an appointment (close, reopen, cancel, attach a prescription), under the
 * provider dashboard's URLs, and the prescription's download. Approved doctors and providers only
 * for the commands: the services decide (403).
 */
@ApiTags('provider')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not an approved doctor or provider', schema: ERROR_BODY_SCHEMA })
@Controller()
export class DoctorAppointmentsController {
  constructor(
    private readonly visits: DoctorVisitsService,
    private readonly prescriptions: PrescriptionsService,
  ) {}

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
    await this.prescriptions.uploaderFor(caller, id);
    const upload = await openOneFile(req);
    try {
      return await this.prescriptions.attach(caller, id, upload);
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
    await sendFile(reply, await this.prescriptions.download(caller, id));
  }
}
