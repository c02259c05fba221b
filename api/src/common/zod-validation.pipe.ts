import { Injectable, type PipeTransform } from '@nestjs/common';
import { MESSAGES, fieldErrors } from '@medora/shared';
import type { z } from 'zod';
import { ApiException } from './http-exception.filter.js';

/**
 * The one validation pipe: `@Body(new ZodValidationPipe(createUserSchema))` (also for params and query).
 * On failure: 400, message = the first issue's message (so rules like adminRoleRefused reach the client
 * verbatim), fields = every field's first message.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const first = result.error.issues[0];
    throw new ApiException(400, first?.message ?? MESSAGES.validationFailed, fieldErrors(result.error));
  }
}
