import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  createUserSchema,
  uidSchema,
  userSchema,
  type CreateUserInput,
  type MeResponse,
  type User,
} from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { CurrentCaller } from '../auth/decorators.js';
import { ERROR_BODY_SCHEMA, openApiSchema } from '../common/openapi.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { UsersService } from './users.service.js';

const userDoc = openApiSchema(userSchema);

@ApiTags('users')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No valid ID token', schema: ERROR_BODY_SCHEMA })
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('users')
  @HttpCode(201)
  @RateLimit('signIn')
  @ApiOperation({ summary: 'Create the caller’s user record; a repeat call returns it unchanged' })
  @ApiResponse({ status: 201, description: 'Created', schema: userDoc })
  @ApiResponse({ status: 200, description: 'Already registered', schema: userDoc })
  @ApiResponse({ status: 400, description: 'Invalid body', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 403, description: 'uid is not the caller’s', schema: ERROR_BODY_SCHEMA })
  async create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(createUserSchema)) body: CreateUserInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<User> {
    const { created, user } = await this.users.register(caller, body);
    if (!created) reply.status(200);
    return user;
  }

  @Get('me')
  @RateLimit('signIn')
  @ApiOperation({
    summary: 'The caller’s account and what it may open; registered is false until POST /api/users',
  })
  @ApiResponse({ status: 200, description: 'MeResponse' })
  me(@CurrentCaller() caller: Caller): Promise<MeResponse> {
    return this.users.me(caller);
  }

  @Get('users/:uid')
  @ApiOperation({ summary: 'A user record: the owner or an admin' })
  @ApiResponse({ status: 200, description: 'User', schema: userDoc })
  @ApiResponse({ status: 403, description: 'Not yours', schema: ERROR_BODY_SCHEMA })
  @ApiResponse({ status: 404, description: 'No record', schema: ERROR_BODY_SCHEMA })
  get(
    @CurrentCaller() caller: Caller,
    @Param('uid', new ZodValidationPipe(uidSchema)) uid: string,
  ): Promise<User> {
    return this.users.get(caller, uid);
  }
}
