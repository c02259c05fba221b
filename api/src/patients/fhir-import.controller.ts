import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  cursorQuerySchema,
  fhirImportBundleSchema,
  importedItemIdSchema,
  uidSchema,
  type CursorQuery,
  type FhirImportBundle,
  type FhirImportResult,
  type ImportedRecordItem,
  type ImportedRecordsPage,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, RequireVerifiedEmail } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { FhirImportService } from './fhir-import.service.js';

/** A record brought from another system, and the patient's decision on each of its items. */
@ApiTags('patients')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@Controller('patients')
export class FhirImportController {
  constructor(private readonly imports: FhirImportService) {}

  @Post(':uid/fhir')
  @RateLimit('write')
  // Health data joins the account: the same proof of identity as the intake.
  @RequireVerifiedEmail()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Import a FHIR R4 Bundle (an IPS document or a collection) from another system: its allergies, conditions, medication statements and observations are kept as imported items waiting for the owner to confirm them (owner only)',
  })
  @ApiResponse({ status: 201, description: '{ imported, items }' })
  @ApiResponse({
    status: 400,
    description: 'Not a Bundle, wrong type, too many entries, an invalid resource, or nothing to import',
    schema: ERROR_BODY_SCHEMA,
  })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 413, description: 'Body too large', schema: ERROR_BODY_SCHEMA })
  importBundle(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Body(new ZodValidationPipe(fhirImportBundleSchema)) body: FhirImportBundle,
  ): Promise<FhirImportResult> {
    return this.imports.importBundle(caller, uid, body);
  }

  @Get(':uid/fhir/imported')
  @ApiOperation({
    summary:
      'A page of the items imported from other systems, newest first: all for the owner, the confirmed ones for a doctor caring for the patient or an admin with a grant; { items, nextCursor }, `cursor` = the previous page’s `nextCursor`',
  })
  @ApiResponse({ status: 200, description: '{ items: ImportedRecordItem[], nextCursor }' })
  @ApiResponse({ status: 400, description: 'cursor is not a page of this list', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  list(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Query(new ZodValidationPipe(cursorQuerySchema)) query: CursorQuery,
  ): Promise<ImportedRecordsPage> {
    return this.imports.list(caller, uid, query.cursor);
  }

  @Post(':uid/fhir/imported/:id/confirm')
  @RateLimit('write')
  @RequireVerifiedEmail()
  @HttpCode(200)
  @ApiOperation({ summary: 'The owner confirms an imported item: it joins the record’s exports' })
  @ApiResponse({ status: 200, description: 'The item, status confirmed' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such item of this patient', schema: ERROR_BODY_SCHEMA })
  confirm(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(importedItemIdSchema)) id: string,
  ): Promise<ImportedRecordItem> {
    return this.imports.decide(caller, uid, id, 'confirm');
  }

  @Post(':uid/fhir/imported/:id/dismiss')
  @RateLimit('write')
  @RequireVerifiedEmail()
  @HttpCode(200)
  @ApiOperation({ summary: 'The owner dismisses an imported item: it stays out of the record' })
  @ApiResponse({ status: 200, description: 'The item, status dismissed' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such item of this patient', schema: ERROR_BODY_SCHEMA })
  dismiss(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(importedItemIdSchema)) id: string,
  ): Promise<ImportedRecordItem> {
    return this.imports.decide(caller, uid, id, 'dismiss');
  }
}
