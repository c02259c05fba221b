import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  applicationETag,
  createDoctorSchema,
  credentialMetadataSchema,
  doctorProfileUpdateSchema,
  uidSchema,
  type CreateDoctorInput,
  type CredentialRecord,
  type DoctorProfileResponse,
  type DoctorProfileUpdate,
  type DoctorRecordResponse,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, Public, RequireVerifiedEmail } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { openOneFile } from '../common/multipart.js';
import { DoctorApplicationsService } from './doctor-applications.service.js';
import { DoctorsService, type PublicDoctor } from './doctors.service.js';

@ApiTags('doctors')
@Controller('doctors')
export class DoctorsController {
  constructor(
    private readonly doctors: DoctorsService,
    private readonly applications: DoctorApplicationsService,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Approved, available doctors with their weekly schedule (public fields only)' })
  @ApiResponse({
    status: 200,
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          specialty: { type: 'string' },
          clinic: { type: 'string' },
          timeZone: { type: 'string' },
          schedule: {
            type: 'object',
            properties: {
              availableDays: { type: 'array', items: { type: 'string' } },
              timeSlots: {
                type: 'object',
                additionalProperties: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  })
  list(): Promise<PublicDoctor[]> {
    return this.doctors.listPublic();
  }

  @Post()
  @RequireVerifiedEmail()
  @HttpCode(201)
  @RateLimit('signIn')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Submit the caller’s doctor application (spec §7 { uid, data }); the server sets the status fields (spec §4)',
  })
  @ApiResponse({
    status: 400,
    description:
      'Invalid body, or the degree, licence and identity documents are not uploaded yet (non-superseded)',
    schema: ERROR_BODY_SCHEMA,
  })
  @ApiResponse({
    status: 403,
    description: 'Not the caller’s uid, or not a doctor/provider',
    schema: ERROR_BODY_SCHEMA,
  })
  @ApiResponse({ status: 409, description: 'Already approved', schema: ERROR_BODY_SCHEMA })
  submit(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(createDoctorSchema)) body: CreateDoctorInput,
  ): Promise<DoctorRecordResponse> {
    return this.applications.submit(caller, body);
  }

  @Get(':uid')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A doctor’s application record (spec §7): the owner or an admin; 404 when none' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No doctor record', schema: ERROR_BODY_SCHEMA })
  async get(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DoctorRecordResponse> {
    const record = await this.applications.get(caller, uid);
    // The version an admin's decision names in If-Match (issue 13 §3).
    void reply.header('etag', applicationETag(record.data.version));
    return record;
  }

  @Patch(':uid/profile')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Issue 16 §2: the approved doctor edits their profile (clinic and address, fee, duration, languages, bio, accepting new patients); a changed licence number or specialty returns it to review',
  })
  @ApiResponse({ status: 400, description: 'Invalid or empty body', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 403,
    description: 'Not the caller’s own record, not a doctor/provider, or not approved',
    schema: ERROR_BODY_SCHEMA,
  })
  updateProfile(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Body(new ZodValidationPipe(doctorProfileUpdateSchema)) body: DoctorProfileUpdate,
  ): Promise<DoctorProfileResponse> {
    return this.applications.updateProfile(caller, uid, body);
  }

  @Post(':uid/credentials')
  @RequireVerifiedEmail()
  @HttpCode(201)
  @RateLimit('upload')
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({
    summary:
      'One credential document (spec §7): multipart `type`, `documentName` then `file` (PDF, JPEG or PNG by content, max 10 MB), or the JSON metadata only',
  })
  @ApiResponse({ status: 400, description: 'Bad metadata or file content', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 413, description: 'File larger than 10 MB', schema: ERROR_BODY_SCHEMA })
  async addCredential(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Req() req: FastifyRequest,
  ): Promise<CredentialRecord> {
    // Who first, so nobody streams 10 MB into someone else's application.
    await this.applications.assertApplicant(caller, uid, DoctorApplicationsService.credentialUpload(uid));
    const pipe = new ZodValidationPipe(credentialMetadataSchema);
    if (!req.isMultipart()) return this.applications.addCredential(caller, uid, pipe.transform(req.body));
    const upload = await openOneFile(req);
    try {
      const meta = pipe.transform({
        type: upload.fields.type,
        documentName: upload.fields.documentName || upload.fileName,
      });
      return await this.applications.addCredential(caller, uid, meta, upload);
    } finally {
      upload.discard();
    }
  }
}
