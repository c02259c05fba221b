import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  MESSAGES,
  applicationDecisionSchema,
  applicationsQuerySchema,
  cursorQuerySchema,
  patientLookupQuerySchema,
  rejectApplicationSchema,
  suspendDoctorSchema,
  versionFromIfMatch,
  type ApplicationDecisionInput,
  type AdminDashboardOverview,
  type ApplicationsPage,
  type ApplicationsQuery,
  type ChangeRequestsPage,
  type CredentialsPage,
  type CursorQuery,
  type DoctorChangeRequest,
  type DoctorRecord,
  type FollowUpPage,
  type PatientLookupQuery,
  type PatientLookupResult,
  type RejectApplicationInput,
  type SuspendDoctorInput,
  type SuspensionResult,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, Roles } from '../auth/decorators.js';
import { sendFile } from '../common/file-response.js';
import { ApiFileResponse, CREDENTIAL_MEDIA_TYPES, ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ApiException } from '../common/http-exception.filter.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { AdminService } from './admin.service.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';

const idSchema = z.uuid(MESSAGES.notFound);

/**
 * The application version a decision names: the body's `version` or the `If-Match`
 * ETag; 400 when neither (or when they disagree).
 */
function decisionVersion(bodyVersion: number | undefined, ifMatch: string | undefined): number {
  const header = ifMatch === undefined ? null : versionFromIfMatch(ifMatch);
  const fields = { version: MESSAGES.applicationVersionRequired };
  if (ifMatch !== undefined && header === null)
    throw new ApiException(400, MESSAGES.applicationVersionRequired, fields);
  if (bodyVersion !== undefined && header !== null && bodyVersion !== header)
    throw new ApiException(400, MESSAGES.applicationVersionRequired, fields);
  const version = bodyVersion ?? header;
  if (version === null) throw new ApiException(400, MESSAGES.applicationVersionRequired, fields);
  return version;
}

/** Inline preview of a credential (PDF or image), never sniffed, never cached. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not an admin', schema: ERROR_BODY_SCHEMA })
@Controller('admin')
@Roles('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('overview')
  @ApiOperation({
    summary:
      'Counts for the admin dashboard: pending applications, approved doctors, patients, appointments this week, users by role',
  })
  @ApiResponse({ status: 200, description: 'AdminDashboardOverview' })
  overview(): Promise<AdminDashboardOverview> {
    return this.admin.overview();
  }

  @Get('applications')
  @ApiOperation({
    summary:
      'A keyset page of submitted applications by status (default pending): q searches name, e-mail and licence; sort oldest|newest by submission date; cursor (the nextCursor of the page before), limit (1–50, default 10). Each with the account role, earlier rejections and its number of documents (not the documents); total counts every match',
  })
  @ApiResponse({ status: 200, description: 'ApplicationsPage' })
  @ApiResponse({ status: 400, description: 'Bad filter', schema: ERROR_BODY_SCHEMA })
  applications(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(applicationsQuerySchema)) query: ApplicationsQuery,
  ): Promise<ApplicationsPage> {
    return this.admin.applications(caller, query);
  }

  @Get('applications/:id/credentials')
  @ApiOperation({
    summary:
      'A page of one submitted application’s documents, oldest first, loaded when opened (audited): { items, nextCursor }; `cursor` = the previous page’s `nextCursor`',
  })
  @ApiResponse({ status: 200, description: '{ items: CredentialRecord[], nextCursor }' })
  @ApiResponse({ status: 400, description: 'cursor is not a page of this list', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such submitted application', schema: ERROR_BODY_SCHEMA })
  applicationCredentials(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Query(new ZodValidationPipe(cursorQuerySchema)) query: CursorQuery,
  ): Promise<CredentialsPage> {
    return this.admin.applicationCredentials(caller, id, query.cursor);
  }

  @Get('credentials/:id/file')
  @ApiOperation({ summary: 'A credential document’s bytes, for review (audited)' })
  @ApiFileResponse(CREDENTIAL_MEDIA_TYPES, 'The credential document')
  @ApiResponse({ status: 404, description: 'No such credential with a file', schema: ERROR_BODY_SCHEMA })
  async credentialFile(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.admin.credentialFile(caller, id);
    await sendFile(reply, file, 'inline');
  }

  @Post('doctors/:id/approve')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Approve an application: verified and available, bookable once the doctor has weekly hours (audited). Names the reviewed version: body `version` or `If-Match`',
  })
  @ApiResponse({ status: 400, description: 'No version', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 409,
    description: 'The application changed since that version, or is already decided',
    schema: ERROR_BODY_SCHEMA,
  })
  approve(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Body(new ZodValidationPipe(applicationDecisionSchema)) body: ApplicationDecisionInput,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<DoctorRecord> {
    return this.admin.decide(caller, id, decisionVersion(body.version, ifMatch), { approve: true });
  }

  @Post('doctors/:id/reject')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Reject an application with a reason the applicant sees on next login (audited). Names the reviewed version: body `version` or `If-Match`',
  })
  @ApiResponse({ status: 400, description: 'No reason or no version', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 409,
    description: 'The application changed since that version, or is already decided',
    schema: ERROR_BODY_SCHEMA,
  })
  reject(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Body(new ZodValidationPipe(rejectApplicationSchema)) body: RejectApplicationInput,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<DoctorRecord> {
    return this.admin.decide(caller, id, decisionVersion(body.version, ifMatch), {
      approve: false,
      reason: body.reason,
    });
  }

  @Post('doctors/:id/reopen')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Re-open a decided application for review: pending and not bookable until decided again (audited). Names the version: body `version` or `If-Match`',
  })
  @ApiResponse({ status: 400, description: 'No version', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 409,
    description: 'The application changed since that version, or is not decided',
    schema: ERROR_BODY_SCHEMA,
  })
  reopen(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Body(new ZodValidationPipe(applicationDecisionSchema)) body: ApplicationDecisionInput,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<DoctorRecord> {
    return this.admin.reopen(caller, id, decisionVersion(body.version, ifMatch));
  }

  @Post('doctors/:id/suspend')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Suspend an approved doctor with a reason: not bookable, no dashboard, no access to patients’ records (audited). Names the version: body `version` or `If-Match`. Answers with their upcoming appointments for follow-up',
  })
  @ApiResponse({ status: 400, description: 'No reason or no version', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 409,
    description: 'Changed since that version, or not an approved doctor, or suspended already',
    schema: ERROR_BODY_SCHEMA,
  })
  suspend(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Body(new ZodValidationPipe(suspendDoctorSchema)) body: SuspendDoctorInput,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<SuspensionResult> {
    return this.admin.suspend(caller, id, decisionVersion(body.version, ifMatch), body.reason);
  }

  @Post('doctors/:id/reinstate')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Reinstate a suspended doctor: bookable and back on their dashboard (audited). Names the version: body `version` or `If-Match`',
  })
  @ApiResponse({ status: 400, description: 'No version', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 409,
    description: 'Changed since that version, or not suspended',
    schema: ERROR_BODY_SCHEMA,
  })
  reinstate(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Body(new ZodValidationPipe(applicationDecisionSchema)) body: ApplicationDecisionInput,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<DoctorRecord> {
    return this.admin.reinstate(caller, id, decisionVersion(body.version, ifMatch));
  }

  @Get('change-requests')
  @ApiOperation({
    summary:
      'A page of approved doctors’ open profile change requests (licence number, specialty), oldest first, each as a diff: field, current value, requested value (audited per doctor): { items, nextCursor }; `cursor` = the previous page’s `nextCursor`',
  })
  @ApiResponse({ status: 200, description: '{ items: DoctorChangeRequest[], nextCursor }' })
  @ApiResponse({ status: 400, description: 'cursor is not a page of this list', schema: ERROR_BODY_SCHEMA })
  changeRequests(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(cursorQuerySchema)) query: CursorQuery,
  ): Promise<ChangeRequestsPage> {
    return this.admin.changeRequests(caller, query.cursor);
  }

  @Post('change-requests/:id/approve')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Approve a doctor’s change request: the requested values replace the approved ones (audited; the doctor is notified). Names the reviewed version: body `version` or `If-Match`',
  })
  @ApiResponse({ status: 400, description: 'No version', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such change request', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 409,
    description: 'The doctor changed the request since that version, or it is already decided',
    schema: ERROR_BODY_SCHEMA,
  })
  approveChange(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Body(new ZodValidationPipe(applicationDecisionSchema)) body: ApplicationDecisionInput,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<DoctorChangeRequest> {
    return this.admin.decideChange(caller, id, decisionVersion(body.version, ifMatch), { approve: true });
  }

  @Post('change-requests/:id/reject')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Reject a doctor’s change request with a reason: the approved values stay; the doctor is told why in the bell and by e-mail (audited). Names the reviewed version: body `version` or `If-Match`',
  })
  @ApiResponse({ status: 400, description: 'No reason or no version', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such change request', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 409,
    description: 'The doctor changed the request since that version, or it is already decided',
    schema: ERROR_BODY_SCHEMA,
  })
  rejectChange(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Body(new ZodValidationPipe(rejectApplicationSchema)) body: RejectApplicationInput,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<DoctorChangeRequest> {
    return this.admin.decideChange(caller, id, decisionVersion(body.version, ifMatch), {
      approve: false,
      reason: body.reason,
    });
  }

  @Get('patients')
  @ApiOperation({
    summary:
      'The patient account an e-mail names (exact, any case): uid and name only, for the record lookup (audited)',
  })
  @ApiResponse({ status: 200, description: 'PatientLookupResult: { uid, name }' })
  @ApiResponse({ status: 400, description: 'Not an e-mail', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No patient with this e-mail', schema: ERROR_BODY_SCHEMA })
  findPatient(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(patientLookupQuerySchema)) query: PatientLookupQuery,
  ): Promise<PatientLookupResult> {
    return this.admin.findPatient(caller, query.email);
  }

  @Get('doctors/:id/upcoming')
  @ApiOperation({
    summary:
      'A page of a doctor’s upcoming appointments, soonest first, with the patient’s name, for follow-up (each audited): { items, nextCursor }; `cursor` = the previous page’s `nextCursor`',
  })
  @ApiResponse({ status: 400, description: 'cursor is not a page of this list', schema: ERROR_BODY_SCHEMA })
  upcoming(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodValidationPipe(idSchema)) id: string,
    @Query(new ZodValidationPipe(cursorQuerySchema)) query: CursorQuery,
  ): Promise<FollowUpPage> {
    return this.admin.upcoming(caller, id, query.cursor);
  }
}
