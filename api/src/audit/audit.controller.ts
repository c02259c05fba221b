import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { auditQuerySchema, type AuditPage, type AuditQuery } from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller, Roles } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { AuditService } from './audit.service.js';

@ApiTags('audit')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not an admin', schema: ERROR_BODY_SCHEMA })
@Controller('audit')
@Roles('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiResponse({ status: 400, description: 'Bad filter', schema: ERROR_BODY_SCHEMA })
  @ApiOperation({
    summary:
      'A page of audit rows, newest first: { items, nextCursor }; filters actor (a uid exactly, or an account’s e-mail or a part of its name), resourceType, resourceId, action, outcome, from, to (ISO 8601, years 2000–9999, from ≤ to; neither: the last 30 days), cursor (the nextCursor of the page before, with the same filters), limit (1–200, default 100). Every filter has its index. The read itself is audited.',
  })
  list(
    @CurrentCaller() caller: Caller,
    @Query(new ZodValidationPipe(auditQuerySchema)) query: AuditQuery,
  ): Promise<AuditPage> {
    return this.audit.list(caller, query);
  }
}
