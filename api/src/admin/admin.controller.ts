import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AdminOverview } from '@medora/shared';
import { Roles } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { AdminService } from './admin.service.js';

@ApiTags('admin')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@ApiResponse({ status: 403, description: 'Not an admin', schema: ERROR_BODY_SCHEMA })
@Controller('admin')
@Roles('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('overview')
  @ApiOperation({ summary: 'Counts for the admin dashboard: users by role, doctors by verification status' })
  @ApiResponse({ status: 200, description: 'AdminOverview' })
  overview(): Promise<AdminOverview> {
    return this.admin.overview();
  }
}
