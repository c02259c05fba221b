import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  medicationHistoryQuerySchema,
  medicationIdSchema,
  medicationInputSchema,
  medicationProposalKeySchema,
  medicationReminderInputSchema,
  medicationReviewSchema,
  medicationStatusSchema,
  medicationUpdateSchema,
  uidSchema,
  type Medication,
  type MedicationHistoryPage,
  type MedicationHistoryQuery,
  type MedicationInput,
  type MedicationListResponse,
  type MedicationReminderInput,
  type MedicationReviewInput,
  type MedicationStatusInput,
  type MedicationUpdate,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { MedicationsService } from './medications.service.js';

const VERSION_CONFLICT = 'The entry changed since the version sent (reload it)';

@ApiTags('medications')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not yours, nor a patient you care for', schema: ERROR_BODY_SCHEMA })
@Controller('patients/:uid/medications')
export class MedicationsController {
  constructor(private readonly medications: MedicationsService) {}

  @Get()
  @ApiOperation({
    summary:
      'A patient’s current medicines (taking and paused), the intake’s open suggestions, the last confirmation and the last doctor’s review: the owner, a doctor caring for them, an admin with a stated reason',
  })
  @ApiResponse({ status: 200, description: 'MedicationListResponse' })
  list(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
  ): Promise<MedicationListResponse> {
    return this.medications.list(caller, uid);
  }

  @Get('history')
  @ApiOperation({
    summary: 'Stopped medicines, last stopped first, 20 a page; cursor = the nextCursor before',
  })
  @ApiResponse({ status: 200, description: 'MedicationHistoryPage { items, nextCursor }' })
  @ApiResponse({ status: 400, description: 'Bad cursor', schema: ERROR_BODY_SCHEMA })
  history(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Query(new ZodValidationPipe(medicationHistoryQuerySchema)) query: MedicationHistoryQuery,
  ): Promise<MedicationHistoryPage> {
    return this.medications.history(caller, uid, query.cursor);
  }

  @Post()
  @RateLimit('write')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Add a medicine: the owner (confirmed; proposalKey confirms an intake suggestion), or a doctor caring for the patient (waits for the patient’s confirmation)',
  })
  @ApiResponse({ status: 201, description: 'The Medication' })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 409, description: 'The suggestion is no longer open', schema: ERROR_BODY_SCHEMA })
  add(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Body(new ZodValidationPipe(medicationInputSchema)) body: MedicationInput,
  ): Promise<Medication> {
    return this.medications.add(caller, uid, body);
  }

  @Post('review')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A doctor caring for the patient marks the list reviewed at one of their appointments (audited)',
  })
  @ApiResponse({ status: 200, description: 'MedicationListResponse' })
  @ApiResponse({
    status: 400,
    description: 'Not an appointment of this doctor and patient',
    schema: ERROR_BODY_SCHEMA,
  })
  review(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Body(new ZodValidationPipe(medicationReviewSchema)) body: MedicationReviewInput,
  ): Promise<MedicationListResponse> {
    return this.medications.review(caller, uid, body.appointmentId);
  }

  @Post('proposals/:key/dismiss')
  @RateLimit('write')
  @HttpCode(204)
  @ApiOperation({ summary: 'The owner dismisses an intake suggestion: not a medicine they take' })
  @ApiResponse({ status: 204, description: 'Dismissed' })
  @ApiResponse({ status: 404, description: 'No such open suggestion', schema: ERROR_BODY_SCHEMA })
  async dismiss(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('key', new ZodValidationPipe(medicationProposalKeySchema)) key: string,
  ): Promise<void> {
    await this.medications.dismiss(caller, uid, key);
  }

  @Patch(':id')
  @RateLimit('write')
  @ApiOperation({ summary: 'The owner changes fields of an entry, on the version they read' })
  @ApiResponse({ status: 200, description: 'The Medication' })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such medicine', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 409, description: VERSION_CONFLICT, schema: ERROR_BODY_SCHEMA })
  update(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(medicationIdSchema)) id: string,
    @Body(new ZodValidationPipe(medicationUpdateSchema)) body: MedicationUpdate,
  ): Promise<Medication> {
    return this.medications.update(caller, uid, id, body);
  }

  @Post(':id/status')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The owner stops, pauses or restarts a medicine (a stopped one stays in the history)',
  })
  @ApiResponse({ status: 200, description: 'The Medication' })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such medicine', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 409, description: VERSION_CONFLICT, schema: ERROR_BODY_SCHEMA })
  setStatus(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(medicationIdSchema)) id: string,
    @Body(new ZodValidationPipe(medicationStatusSchema)) body: MedicationStatusInput,
  ): Promise<Medication> {
    return this.medications.setStatus(caller, uid, id, body);
  }

  @Post(':id/confirm')
  @RateLimit('write')
  @HttpCode(200)
  @ApiOperation({ summary: 'The owner confirms an entry a doctor (or an import) added' })
  @ApiResponse({ status: 200, description: 'The Medication' })
  @ApiResponse({ status: 404, description: 'No such medicine', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 409, description: 'Already confirmed', schema: ERROR_BODY_SCHEMA })
  confirm(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(medicationIdSchema)) id: string,
  ): Promise<Medication> {
    return this.medications.confirm(caller, uid, id);
  }

  @Put(':id/reminder')
  @RateLimit('write')
  @ApiOperation({
    summary:
      'The owner sets the medicine’s reminder: off, daily at HH:MM (clinic time zone), or n days before it runs out',
  })
  @ApiResponse({ status: 200, description: 'The Medication' })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No such medicine', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 409, description: VERSION_CONFLICT, schema: ERROR_BODY_SCHEMA })
  setReminder(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(medicationIdSchema)) id: string,
    @Body(new ZodValidationPipe(medicationReminderInputSchema)) body: MedicationReminderInput,
  ): Promise<Medication> {
    return this.medications.setReminder(caller, uid, id, body);
  }

  @Delete(':id')
  @RateLimit('write')
  @HttpCode(204)
  @ApiOperation({
    summary: 'The owner deletes an entry for good (audited); stopping keeps it in the history',
  })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 404, description: 'No such medicine', schema: ERROR_BODY_SCHEMA })
  async remove(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
    @Param('id', new ZodValidationPipe(medicationIdSchema)) id: string,
  ): Promise<void> {
    await this.medications.remove(caller, uid, id);
  }
}
