import { Body, Controller, Get, Patch, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  accountSchema,
  notificationPreferencesSchema,
  updateAccountSchema,
  type Account,
  type NotificationPreferences,
  type UpdateAccountInput,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA, openApiSchema } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { SettingsService } from './settings.service.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';

const accountDoc = openApiSchema(accountSchema);
const preferencesDoc = openApiSchema(notificationPreferencesSchema);

/** The settings page's routes, always on the caller's own account (the token's uid). */
@ApiTags('settings')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'No user record yet', schema: ERROR_BODY_SCHEMA })
@Controller('me')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('account')
  @ApiOperation({ summary: 'The caller’s account (name, phone, the e-mail of the verified token)' })
  @ApiResponse({ status: 200, description: 'Account', schema: accountDoc })
  account(@CurrentCaller() caller: Caller): Promise<Account> {
    return this.settings.account(caller);
  }

  @Patch('account')
  @RateLimit('write')
  @ApiOperation({ summary: 'Changes the caller’s name and/or phone; the e-mail is never taken from a body' })
  @ApiResponse({ status: 200, description: 'Account', schema: accountDoc })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  updateAccount(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(updateAccountSchema)) body: UpdateAccountInput,
  ): Promise<Account> {
    return this.settings.updateAccount(caller, body);
  }

  @Get('preferences')
  @ApiOperation({ summary: 'The caller’s notification preferences (the defaults until saved)' })
  @ApiResponse({ status: 200, description: 'NotificationPreferences', schema: preferencesDoc })
  preferences(@CurrentCaller() caller: Caller): Promise<NotificationPreferences> {
    return this.settings.getPreferences(caller);
  }

  @Put('preferences')
  @RateLimit('write')
  @ApiOperation({ summary: 'Saves the caller’s notification preferences (the whole set)' })
  @ApiResponse({ status: 200, description: 'NotificationPreferences', schema: preferencesDoc })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  savePreferences(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(notificationPreferencesSchema)) body: NotificationPreferences,
  ): Promise<NotificationPreferences> {
    return this.settings.savePreferences(caller, body);
  }
}
