import { HttpException } from '@nestjs/common';
import { MESSAGES, createUserSchema, uidSchema } from '@medora/shared';
import { ApiException } from './http-exception.filter.js';
import { ZodValidationPipe } from './zod-validation.pipe.js';

function failure(fn: () => unknown): ApiException {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiException) return error;
    throw error;
  }
  throw new Error('the pipe accepted invalid input');
}

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(createUserSchema);

  it('returns the parsed value for valid input', () => {
    expect(pipe.transform({ uid: ' abc ', role: 'doctor' })).toEqual({ uid: 'abc', role: 'doctor' });
  });

  it('answers 400 with the first issue as message and every field', () => {
    const error = failure(() => pipe.transform({ uid: '', role: 'admin' }));
    expect(error).toBeInstanceOf(HttpException);
    expect(error.getStatus()).toBe(400);
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['role', 'uid']);
  });

  it('gives exactly the adminRoleRefused message for the admin role', () => {
    const error = failure(() => pipe.transform({ uid: 'abc', role: 'admin' }));
    expect(error.message).toBe(MESSAGES.adminRoleRefused);
    expect(error.fields).toEqual({ role: MESSAGES.adminRoleRefused });
  });

  it('reports unknown keys', () => {
    const error = failure(() => pipe.transform({ uid: 'abc', role: 'patient', extra: 1 }));
    expect(error.fields).toHaveProperty('_');
  });

  it('works for a single value such as a path param', () => {
    const params = new ZodValidationPipe(uidSchema);
    expect(params.transform('abc_123')).toBe('abc_123');
    expect(failure(() => params.transform('no spaces')).message).toBe('Not a valid uid.');
  });
});
