import { HttpException } from '@nestjs/common';
import {
  MESSAGES,
  createAppointmentSchema,
  createUserSchema,
  savePatientSchema,
  uidSchema,
} from '@medora/shared';
import { ApiException } from './http-exception.filter.js';
import { MAX_ERROR_FIELDS } from './input-limits.js';
import { ZodValidationPipe, unstorableTextPath } from './zod-validation.pipe.js';

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

  it('says an unknown key is unknown without quoting it back', () => {
    const key = 'k'.repeat(5000);
    const error = failure(() => pipe.transform({ uid: 'abc', role: 'patient', [key]: 1 }));
    expect(error.message).toBe(MESSAGES.unknownField);
    expect(JSON.stringify(error.fields)).not.toContain('kkkk');
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
    expect(failure(() => pipe.transform({ uid: 'abc', role: 'patient', ...many })).message).toBe(
      MESSAGES.unknownField,
    );
    // A short typo is still named, which helps whoever wrote the client.
    expect(failure(() => pipe.transform({ uid: 'abc', role: 'patient', isAdmin: true })).message).toMatch(
      /isAdmin/,
    );
  });

  it('does not echo an over-long field path', () => {
    const intake = new ZodValidationPipe(savePatientSchema);
    const error = failure(() => intake.transform({ uid: 'abc', data: { ['x'.repeat(500)]: 'y' } }));
    expect(error.fields).toEqual({ _: MESSAGES.unknownField });
  });

  it.each([
    ['a NUL character', 'Checkup\u0000'],
    ['a lone high surrogate', 'Checkup \uD83D'],
    ['a lone low surrogate', '\uDC00 Checkup'],
  ])('refuses otherwise valid text with %s (Postgres cannot store it as sent)', (_name, notes) => {
    const booking = new ZodValidationPipe(createAppointmentSchema);
    const body = { uid: 'abc', date: '2030-01-07 at 09:00 AM', doctor: 'Dr. A', notes };
    const error = failure(() => booking.transform(body));
    expect(error.getStatus()).toBe(400);
    expect(error.message).toBe(MESSAGES.validationFailed);
    expect(error.fields).toEqual({ notes: MESSAGES.validationFailed });
    expect(booking.transform({ ...body, notes: 'Checkup 🩺 שלום' }).notes).toBe('Checkup 🩺 שלום');
  });

  it('finds unstorable text in keys and deep values without recursing', () => {
    expect(unstorableTextPath({ a: [{ b: 'ok' }, { 'c\u0000': 1 }] })).toBe('a.1.c\u0000');
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorableTextPath(deep)).toMatch(/^0(\.0)+$/);
    expect(unstorableTextPath({ a: ['fine', 'emoji 👩‍⚕️'] })).toBeNull();
  });

  it('works for a single value such as a path param', () => {
    const params = new ZodValidationPipe(uidSchema);
    expect(params.transform('abc_123')).toBe('abc_123');
    expect(failure(() => params.transform('no spaces')).message).toBe('Not a valid uid.');
  });
});

describe('ZodValidationPipe error size', () => {
  it('names at most MAX_ERROR_FIELDS fields of 100 bad ones', () => {
    const pipe = new ZodValidationPipe(savePatientSchema);
    const data = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`unknown${i}`, 'x']));
    const error = failure(() => pipe.transform({ uid: 'abc', data }));
    expect(Object.keys(error.fields ?? {})).toHaveLength(MAX_ERROR_FIELDS);
  });
});
