import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  doctorSearchQuerySchema,
  uidSchema,
  type DoctorSearchQuery,
  type DoctorsWithContextResponse,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { DoctorsService } from './doctors.service.js';

@ApiTags('doctors')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@Controller('doctors-with-context')
export class DoctorsContextController {
  constructor(private readonly doctors: DoctorsService) {}

  @Get(':uid')
  @ApiOperation({
    summary:
      'A page of the doctor search for a patient: ?specialty=, ?condition= (the ' +
      'chronic-condition filter, comma-separated; if no doctor matches, every doctor), ?q= (name, clinic or specialty), ' +
      '?availableFrom=YYYY-MM-DD, ?cursor= (the previous page’s nextCursor), ?limit= (default 20, max 50). Each ' +
      'doctor has schedule, visitCount, lastVisitDate and nextFreeSlot; plus lastDoctorName, totalAppointments, nextCursor',
  })
  @ApiResponse({ status: 200, description: 'DoctorsWithContextResponse' })
  @ApiResponse({ status: 400, description: 'Invalid filter, limit or cursor', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  list(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Query(new ZodValidationPipe(doctorSearchQuerySchema)) query: DoctorSearchQuery,
  ): Promise<DoctorsWithContextResponse> {
    return this.doctors.listWithContext(caller, uid, query);
  }
}
