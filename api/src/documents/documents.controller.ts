import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createDocumentMetadataSchema,
  documentIdSchema,
  uidSchema,
  type PatientDocument,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, RequireVerifiedEmail } from '../auth/decorators.js';
import { sendFile } from '../common/file-response.js';
import {
  ApiFileResponse,
  ApiFileUpload,
  DOCUMENT_MEDIA_TYPES,
  ERROR_BODY_SCHEMA,
} from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { openOneFile } from '../common/multipart.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { DocumentsService } from './documents.service.js';

@ApiTags('documents')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
@Controller('patients/:uid/documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get()
  @ApiOperation({ summary: 'A patient’s documents, metadata only' })
  list(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
  ): Promise<PatientDocument[]> {
    return this.documents.list(caller, uid);
  }

  @Post()
  @RequireVerifiedEmail()
  @HttpCode(201)
  @RateLimit('upload')
  @ApiFileUpload({
    fields: createDocumentMetadataSchema.pick({ type: true }),
    json: createDocumentMetadataSchema,
  })
  @ApiOperation({
    summary:
      'Upload a document (multipart field `file`, optional field `type`; PDF, DOC, DOCX, JPEG or PNG checked by content, max 10 MB) or create a metadata-only record from JSON { name, type } (fileUrl is set by the server: empty or absent)',
  })
  @ApiResponse({ status: 400, description: 'Bad body or file content', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({
    status: 413,
    description: 'File larger than 10 MB, or the patient’s document quota (files or bytes) is used up',
    schema: ERROR_BODY_SCHEMA,
  })
  async create(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Req() req: FastifyRequest,
  ): Promise<PatientDocument> {
    // Ownership first, so nobody streams 10 MB into someone else's folder.
    return this.documents.withWriteAccess(caller, uid, 'create', null, async () => {
      if (!req.isMultipart()) {
        const body = new ZodValidationPipe(createDocumentMetadataSchema).transform(req.body);
        return this.documents.createMetadata(uid, body);
      }
      // A patient at their file quota is refused before 10 MB are streamed in; the upload itself checks
      // files and bytes again, under a lock.
      await this.documents.assertQuota(uid, { files: 1, bytes: 0 });
      // The one multipart reader: a body far beyond the limit is refused unread, a malformed one is a 400.
      const upload = await openOneFile(req);
      try {
        return await this.documents.upload(uid, upload, upload.fields.type ?? 'Medical Report');
      } finally {
        upload.discard();
      }
    });
  }

  @Get(':id/file')
  @ApiOperation({ summary: 'Download a stored document’s bytes' })
  @ApiFileResponse(DOCUMENT_MEDIA_TYPES, 'The file, as its content was detected on upload')
  @ApiResponse({ status: 404, description: 'No such document with a file', schema: ERROR_BODY_SCHEMA })
  async download(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(documentIdSchema)) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.documents.download(caller, uid, id);
    await sendFile(reply, file);
  }

  @Delete(':id')
  @RateLimit('write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a document and its stored bytes (the owner only)' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 404, description: 'No such document', schema: ERROR_BODY_SCHEMA })
  async remove(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(documentIdSchema)) id: string,
  ): Promise<void> {
    await this.documents.remove(caller, uid, id);
  }
}
