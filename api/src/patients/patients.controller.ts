import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  FHIR_JSON_CONTENT_TYPE,
  cursorQuerySchema,
  fhirExportQuerySchema,
  flagIdSchema,
  saveDraftSchema,
  savePatientSchema,
  uidSchema,
  visitIdSchema,
  type DraftResponse,
  type FhirExportQuery,
  type PatientResponse,
  type SaveDraftInput,
  type SavePatientInput,
  type VisitDetail,
  type CursorQuery,
  type VisitsResponse,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, RequireVerifiedEmail } from '../auth/decorators.js';
import { sendFile } from '../common/file-response.js';
import { ApiFileResponse, ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import type { FlagReviewResult } from '@medora/shared';
import { PatientsService } from './patients.service.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';

@ApiTags('patients')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@Controller('patients')
export class PatientsController {
  constructor(private readonly patients: PatientsService) {}

  @Get(':uid')
  @ApiOperation({
    summary: 'A patient’s intake record and clinical summary; 404 for a new patient',
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
  @RateLimit('write')
  @RequireVerifiedEmail()
  @HttpCode(201)
  @ApiOperation({ summary: 'Save the caller’s intake record; a repeat call replaces it (200)' })
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

  // Visits and the unsent draft.
  @Get(':uid/visits')
  @ApiOperation({
    summary:
      'A patient’s visits, newest first, 50 a page (with the total): { items, nextCursor, total }; `cursor` = the previous page’s `nextCursor`',
  })
  @ApiResponse({ status: 200, description: '{ items, nextCursor, total }' })
  @ApiResponse({
    status: 400,
    description: 'cursor is not a page of this patient’s visits',
    schema: ERROR_BODY_SCHEMA,
  })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  listVisits(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Query(new ZodValidationPipe(cursorQuerySchema)) query: CursorQuery,
  ): Promise<VisitsResponse> {
    return this.patients.listVisits(caller, uid, query.cursor);
  }

  @Get(':uid/visits/:id')
  @ApiOperation({ summary: 'One visit: its answers and clinical summary' })
  @ApiResponse({ status: 200, description: 'The visit' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such visit of this patient', schema: ERROR_BODY_SCHEMA })
  getVisit(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(visitIdSchema)) id: string,
  ): Promise<VisitDetail> {
    return this.patients.getVisit(caller, uid, id);
  }

  @Post(':uid/visits/:id/flags/:flagId/review')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A clinician (a doctor of the patient, or an admin) marks a visit’s red flag reviewed: it is no longer carried to later summaries (audited)',
  })
  @ApiResponse({ status: 200, description: '{ visitId, flagId, reviewedAt }' })
  @ApiResponse({ status: 403, description: 'Not a clinician of this patient', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such visit or flag', schema: ERROR_BODY_SCHEMA })
  reviewFlag(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(visitIdSchema)) id: string,
    @Param('flagId', new ZodValidationPipe(flagIdSchema)) flagId: string,
  ): Promise<FlagReviewResult> {
    return this.patients.reviewFlag(caller, uid, id, flagId);
  }

  // The record in FHIR R4, always as a file (like the .ics): a JSON a patient takes anywhere.
  @Get(':uid/fhir')
  @RateLimit('export')
  @ApiOperation({
    summary:
      'The patient’s record as a FHIR R4 Bundle (application/fhir+json, as a file): `format=collection` (default) everything, `format=ips` an International Patient Summary document; the owner, a doctor with an active appointment, an admin',
  })
  @ApiQuery({ name: 'format', required: false, enum: ['collection', 'ips'] })
  @ApiFileResponse([FHIR_JSON_CONTENT_TYPE], 'A FHIR R4 Bundle of type collection, or of type document (IPS)')
  @ApiResponse({ status: 400, description: 'format is not collection or ips', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such patient', schema: ERROR_BODY_SCHEMA })
  async exportFhir(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Query(new ZodValidationPipe(fhirExportQuerySchema)) query: FhirExportQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.patients.exportFhir(caller, uid, query.format ?? 'collection');
    await sendFile(reply, {
      name: file.fileName,
      contentType: `${FHIR_JSON_CONTENT_TYPE}; charset=utf-8`,
      body: file.body,
    });
  }

  @Get(':uid/draft')
  @ApiOperation({ summary: 'The caller’s unsent intake (draft: null when there is none)' })
  @ApiResponse({ status: 200, description: '{ draft, savedAt }' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  getDraft(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
  ): Promise<DraftResponse> {
    return this.patients.getDraft(caller, uid);
  }

  @Put(':uid/draft')
  @RateLimit('autosave')
  // A draft holds the same health data as the intake (conditions, medicines): the same proof of identity.
  @RequireVerifiedEmail()
  @ApiOperation({ summary: 'Replace the caller’s unsent intake' })
  @ApiResponse({ status: 200, description: '{ draft, savedAt }' })
  @ApiResponse({ status: 400, description: 'Invalid draft', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 413, description: 'Body too large', schema: ERROR_BODY_SCHEMA })
  saveDraft(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Body(new ZodValidationPipe(saveDraftSchema)) body: SaveDraftInput,
  ): Promise<DraftResponse> {
    return this.patients.saveDraft(caller, uid, body);
  }

  @Delete(':uid/draft')
  @RateLimit('write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Discard the caller’s unsent intake' })
  @ApiResponse({ status: 204, description: 'Deleted (or there was none)' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  async deleteDraft(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
  ): Promise<void> {
    await this.patients.deleteDraft(caller, uid);
  }
}
