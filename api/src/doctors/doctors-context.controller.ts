import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { uidSchema, type DoctorsWithContextResponse } from '@medora/shared';
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
      'Bookable doctors for a patient (spec §7): schedule, timeZone, visitCount, lastVisitDate and the slots ' +
      'already taken in the booking window (takenSlots: date → times), plus lastDoctorName and totalAppointments',
  })
  @ApiResponse({ status: 200, description: 'DoctorsWithContextResponse' })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  list(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
  ): Promise<DoctorsWithContextResponse> {
    return this.doctors.listWithContext(caller, uid);
  }
}
