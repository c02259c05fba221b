import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { demoSessionSchema, type DemoSessionInput, type DemoSessionResponse } from '@medora/shared';
import { FirebaseAuthService } from '../auth/firebase-auth.service.js';
import { Public } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { DemoAccountsService } from './demo-accounts.service.js';
import { DemoDataService } from './demo-data.service.js';

/**
 * Replaces the spec's client-side test shortcut (username = password = role name, no auth) with a real
 * sign-in to a demo account. This controller exists only in explicit local mode (MEDORA_LOCAL_MODE with
 * the Auth emulator, never in production), as anyone may call it for any role, admin included.
 */
@ApiTags('dev (local mode only)')
@Controller('dev')
export class DevController {
  constructor(
    private readonly demo: DemoAccountsService,
    private readonly world: DemoDataService,
    private readonly firebase: FirebaseAuthService,
  ) {}

  @Public()
  @Post('demo-session')
  @RateLimit('signIn')
  @HttpCode(200)
  @ApiOperation({ summary: 'A custom token for the demo account of a role (local mode only)' })
  @ApiResponse({ status: 200, description: '{ customToken }' })
  @ApiResponse({ status: 400, description: 'Unknown role', schema: ERROR_BODY_SCHEMA })
  async demoSession(
    @Body(new ZodValidationPipe(demoSessionSchema)) body: DemoSessionInput,
  ): Promise<DemoSessionResponse> {
    // The demo world first (idempotent: a second sign-in adds nothing), so every dashboard has data.
    await this.world.ensure();
    const uid = await this.demo.ensure(body.role);
    return { customToken: await this.firebase.createCustomToken(uid) };
  }
}
