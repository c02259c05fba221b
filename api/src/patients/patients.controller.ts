import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { savePatientSchema, uidSchema, type PatientResponse, type SavePatientInput } from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, RequireVerifiedEmail } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA, openApiSchema } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { PatientsService } from './patients.service.js';

@ApiTags('patients')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@Controller('patients')
export class PatientsController {
  constructor(private readonly patients: PatientsService) {}

  @Get(':uid')
  @ApiOperation({
    summary: 'A patient’s intake record and clinical summary (spec §7); 404 for a new patient',
  })
  @ApiResponse({ status: 200, description: '{ exists, data, aiSummary }' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No record yet', schema: ERROR_BODY_SCHEMA })
  get(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
  ): Promise<PatientResponse> {
    return this.patients.get(caller, uid);
  }

  @Post()
  @RequireVerifiedEmail()
  @HttpCode(201)
  @ApiOperation({ summary: 'Save the caller’s intake record (spec §7); a repeat call replaces it (200)' })
  @ApiBody({ schema: openApiSchema(savePatientSchema) })
  @ApiResponse({ status: 400, description: 'Invalid record', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 403, description: 'uid is not the caller’s', schema: ERROR_BODY_SCHEMA })
  async save(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(savePatientSchema)) body: SavePatientInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PatientResponse> {
    const { created, patient } = await this.patients.save(caller, body);
    if (!created) reply.status(200);
    return patient;
  }
}
