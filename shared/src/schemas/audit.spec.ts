import { AUDIT_MAX_LIMIT } from '../doctors/admin-desk.js';
import { auditQuerySchema } from './audit.js';

const parse = (query: Record<string, unknown>) => auditQuerySchema.safeParse(query);
const message = (query: Record<string, unknown>) => parse(query).error?.issues[0]?.message;

describe('auditQuerySchema (GET /api/audit)', () => {
  it('refuses timestamps Postgres cannot store or nobody means, instead of passing them on (a 500)', () => {
    expect(message({ from: '0000-01-01T00:00:00Z' })).toBe('from must be between the years 2000 and 9999');
    expect(message({ to: '10000-01-01T00:00:00Z' })).toBe(
      'to must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z',
    );
    expect(message({ from: '2026-02-30T00:00:00Z' })).toBe(
      'from must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z',
    );
  });

  it('wants from ≤ to', () => {
    expect(message({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toBe(
      'from must not be later than to',
    );
    expect(parse({ from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }).success).toBe(true);
  });

  it('takes a limit only as plain digits within 1…200 (a bounded page)', () => {
    expect(parse({ limit: '200' }).data).toEqual({ limit: AUDIT_MAX_LIMIT });
    for (const limit of ['0', '201', '500', '1e2', '0x10', ' 5', '', '-1', ['5', '6']]) {
      expect([limit, parse({ limit }).success]).toEqual([limit, false]);
    }
  });

  it('accepts only the typed actions and resource types', () => {
    expect(parse({ action: 'credential.view', resourceType: 'credential' }).success).toBe(true);
    expect(parse({ action: 'DROP TABLE' }).success).toBe(false);
    expect(parse({ resourceType: 'everything' }).success).toBe(false);
  });
});
