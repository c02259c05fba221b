import { createHash } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { z } from 'zod';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  applicationETag,
  createDoctorSchema,
  credentialMetadataSchema,
  doctorProfileUpdateSchema,
  doctorSlotsQuerySchema,
  MESSAGES,
  publicDoctorsQuerySchema,
  uidSchema,
  type CreateDoctorInput,
  type CredentialRecord,
  type DoctorChangeRequestResponse,
  type DoctorProfileResponse,
  type DoctorProfileUpdate,
  type DoctorRecordResponse,
  type DoctorSlotsQuery,
  type DoctorSlotsResponse,
  type PublicDoctorsQuery,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, Public, RequireVerifiedEmail } from '../auth/decorators.js';
import { ApiFileUpload, ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { openOneFile } from '../common/multipart.js';
import { DoctorApplicationsService } from './doctor-applications.service.js';
import { DoctorsService, type PublicDoctor } from './doctors.service.js';

/** A doctor's id in `/api/doctors/{uid}/slots` (the path segment is named as its sibling routes name it). */
const doctorIdSchema = z.uuid(MESSAGES.doctorNotBookable);

/** How long a shared cache or the browser may reuse a page of the public list. */
const PUBLIC_LIST_CACHE = 'public, max-age=30';

@ApiTags('doctors')
@Controller('doctors')
export class DoctorsController {
  constructor(
    private readonly doctors: DoctorsService,
    private readonly applications: DoctorApplicationsService,
  ) {}

  @Public()
  @Get()
  @ApiOperation({
    summary:
      'A page of the approved, available doctors (public fields only), by name: ?specialty=, ?q= (name ' +
      'or clinic), ?cursor=, ?limit= (default 20, max 50). The next page is in the `Link: <…>; rel="next"` ' +
      'header; ETag with If-None-Match answers 304; Cache-Control: public, max-age=30',
  })
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
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' })
  @ApiResponse({ status: 400, description: 'Invalid filter, limit or cursor', schema: ERROR_BODY_SCHEMA })
  async list(
    @Query(new ZodValidationPipe(publicDoctorsQuerySchema)) query: PublicDoctorsQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicDoctor[] | undefined> {
    const page = await this.doctors.listPublic(query);
    if (page.nextCursor) {
      const next = new URLSearchParams();
      if (query.specialty) next.set('specialty', query.specialty);
      if (query.q) next.set('q', query.q);
      next.set('cursor', page.nextCursor);
      next.set('limit', String(query.limit));
      void reply.header('link', `</api/doctors?${next.toString()}>; rel="next"`);
    }
    const etag = `W/"${createHash('sha256').update(JSON.stringify(page)).digest('base64url').slice(0, 27)}"`;
    void reply.header('etag', etag).header('cache-control', PUBLIC_LIST_CACHE);
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      void reply.status(304);
      return undefined;
    }
    return page.doctors;
  }

  // Public like GET /api/doctors (schedules are public; no patient data): the fallback list
  // (GET /api/doctors, when the patient's context cannot be read) still offers real free slots.
  @Public()
  @Get(':uid/slots')
  @ApiOperation({
    summary:
      'A bookable doctor’s free slots on the clinic dates ?from=YYYY-MM-DD to ?to=YYYY-MM-DD (at most 31 ' +
      'days), by the booking rules (from tomorrow, at most 14 dates in 30 days); {uid} is the doctor’s id',
  })
  @ApiResponse({ status: 400, description: 'Invalid window', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No bookable doctor with this id', schema: ERROR_BODY_SCHEMA })
  slots(
    @Param('uid', new ZodValidationPipe(doctorIdSchema)) id: string,
    @Query(new ZodValidationPipe(doctorSlotsQuerySchema)) query: DoctorSlotsQuery,
  ): Promise<DoctorSlotsResponse> {
    return this.doctors.slots(id, query);
  }

  @Post()
  @RequireVerifiedEmail()
  @HttpCode(201)
  @RateLimit('signIn')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Submit the caller’s doctor application ({ uid, data }); the server sets the status fields',
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
  @ApiOperation({ summary: 'A doctor’s application record: the owner or an admin; 404 when none' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No doctor record', schema: ERROR_BODY_SCHEMA })
  async get(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DoctorRecordResponse> {
    const record = await this.applications.get(caller, uid);
    // The version an admin's decision names in If-Match.
    void reply.header('etag', applicationETag(record.data.version));
    return record;
  }

  @Get(':uid/change-request')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The doctor’s latest profile change request (the open one, else the last decided), or null: the owner or an admin',
  })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No doctor record', schema: ERROR_BODY_SCHEMA })
  changeRequest(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
  ): Promise<DoctorChangeRequestResponse> {
    return this.applications.changeRequest(caller, uid);
  }

  @Patch(':uid/profile')
  @RateLimit('write')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The approved doctor edits their profile (clinic and address, fee, duration, languages, bio, accepting new patients, at once); a changed licence number or specialty becomes their one open change request for an admin (a new edit updates it), the approved values staying in force until approved',
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
  @ApiFileUpload({
    fields: credentialMetadataSchema.pick({ type: true, documentName: true }).partial({ documentName: true }),
    json: credentialMetadataSchema,
  })
  @ApiOperation({
    summary:
      'One credential document: multipart `type`, `documentName` then `file` (PDF, JPEG or PNG by content, max 10 MB), or the JSON metadata only',
  })
  @ApiResponse({ status: 400, description: 'Bad metadata or file content', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 413, description: 'File larger than 10 MB', schema: ERROR_BODY_SCHEMA })
  async addCredential(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Req() req: FastifyRequest,
  ): Promise<CredentialRecord> {
    // Who first, so nobody streams 10 MB into someone else's application.
    const target = DoctorApplicationsService.credentialUpload(uid);
    return this.applications.withApplicant(caller, uid, target, async () => {
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
    });
  }
}
