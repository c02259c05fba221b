import {
  applicationsQuerySchema,
  auditQuerySchema,
  doctorSearchQuerySchema,
  pageLimitSchema,
  providerAppointmentsQuerySchema,
  publicDoctorsQuerySchema,
} from './index.js';

describe('pageLimitSchema (one parser of ?limit= for every list route)', () => {
  const limit = pageLimitSchema({ max: 50, message: 'bad limit', notOnce: 'once please' });

  it('takes plain digits from 1 to max', () => {
    expect(limit.parse('1')).toBe(1);
    expect(limit.parse('50')).toBe(50);
    expect(limit.parse('007')).toBe(7);
  });

  it('refuses everything else with the route’s message', () => {
    for (const value of ['0', '51', '500', '1e2', '0x10', ' 5', '5 ', '', '-1', '2.5', '0000']) {
      const result = limit.safeParse(value);
      expect([value, result.success]).toEqual([value, false]);
      expect([value, result.error?.issues[0]?.message]).toEqual([value, 'bad limit']);
    }
  });

  it('names a repeated parameter with its own message', () => {
    expect(limit.safeParse(['5', '6']).error?.issues[0]?.message).toBe('once please');
  });

  it('is the parser of every list schema (same bounds, same refusals)', () => {
    const cases: [string, (l: string) => boolean, number][] = [
      ['doctor search', (l) => doctorSearchQuerySchema.safeParse({ limit: l }).success, 50],
      ['public doctors', (l) => publicDoctorsQuerySchema.safeParse({ limit: l }).success, 50],
      ['audit', (l) => auditQuerySchema.safeParse({ limit: l }).success, 200],
      ['applications', (l) => applicationsQuerySchema.safeParse({ limit: l }).success, 50],
      ['provider', (l) => providerAppointmentsQuerySchema.safeParse({ limit: l }).success, 100],
    ];
    for (const [name, ok, max] of cases) {
      expect([name, ok('1'), ok(String(max)), ok(String(max + 1)), ok('1e1'), ok(' 5'), ok('0')]).toEqual([
        name,
        true,
        true,
        false,
        false,
        false,
        false,
      ]);
    }
  });
});
