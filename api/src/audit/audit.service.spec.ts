import { AuditRepository, withAuditInsert } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { auditEntry, type AuditRecord } from './audit-record.js';

describe('AuditService.record', () => {
  it('never throws into the request path when the insert fails', async () => {
    const ds = { query: () => Promise.reject(new Error('database down')) } as never;
    const service = new AuditService(new AuditRepository(ds));
    const errors: string[] = [];
    (service as unknown as { logger: { error: (m: string) => void } }).logger.error = (m) => errors.push(m);
    await expect(
      service.record({
        actorUid: 'u',
        actorRole: 'patient',
        action: 'read',
        resourceType: 'profile',
        resourceId: 'u',
        outcome: 'allowed',
      }),
    ).resolves.toBeUndefined();
    expect(errors).toEqual([expect.stringContaining('database down')]);
  });
});

const ENTRY: AuditRecord = {
  actorUid: 'u1',
  actorRole: 'patient',
  action: 'list',
  resourceType: 'appointment',
  resourceId: null,
  outcome: 'allowed',
  detail: 'patient u1',
  clientIp: '203.0.113.7',
  userAgent: 'jest',
  subjectUid: 'u1',
};

describe('AuditService.queryWithAudit', () => {
  it('reads and writes the audit row in one statement, the row’s values after the read’s parameters', async () => {
    const calls: [string, unknown[]][] = [];
    const ds = {
      query: (sql: string, params: unknown[]) => {
        calls.push([sql, params]);
        return Promise.resolve([{ id: 'a1' }]);
      },
    } as never;
    const rows = await new AuditService(new AuditRepository(ds)).queryWithAudit(
      ENTRY,
      'SELECT id FROM t WHERE p = $1',
      ['u1'],
    );
    expect(rows).toEqual([{ id: 'a1' }]);
    expect(calls).toEqual([
      [
        withAuditInsert('SELECT id FROM t WHERE p = $1', 1),
        [
          'u1',
          'u1',
          'patient',
          'list',
          'appointment',
          null,
          'allowed',
          'patient u1',
          '203.0.113.7',
          'jest',
          'u1',
        ],
      ],
    ]);
  });

  it('when the combined statement fails, writes the row on its own and still answers the read', async () => {
    const calls: string[] = [];
    const ds = {
      query: (sql: string) => {
        calls.push(sql);
        return sql.startsWith('WITH')
          ? Promise.reject(new Error('audit_log is locked'))
          : Promise.resolve([{ id: 'a1' }]);
      },
    } as never;
    const rows = await new AuditService(new AuditRepository(ds)).queryWithAudit(
      ENTRY,
      'SELECT id FROM t WHERE p = $1',
      ['u1'],
    );
    expect(rows).toEqual([{ id: 'a1' }]);
    expect(calls).toEqual([
      expect.stringMatching(/^WITH audit_row/),
      expect.stringMatching(/^INSERT INTO audit_log/),
      'SELECT id FROM t WHERE p = $1',
    ]);
  });

  it('lets the read’s own failure through to the error filter, after trying the read once alone', async () => {
    const ds = { query: () => Promise.reject(new Error('connection terminated')) } as never;
    const service = new AuditService(new AuditRepository(ds));
    (service as unknown as { logger: { error: () => void } }).logger.error = () => undefined;
    await expect(service.queryWithAudit(ENTRY, 'SELECT 1', [])).rejects.toThrow('connection terminated');
  });
});

describe('auditEntry', () => {
  it('names the caller with the IP and user agent the guard saw, and caps the user agent', () => {
    const entry = auditEntry(
      { uid: 'a1', role: 'admin', ip: '198.51.100.2', userAgent: 'x'.repeat(2000) },
      'denied',
      { action: 'access', resourceType: 'credential', resourceId: 'c1' },
    );
    expect(entry).toMatchObject({
      actorUid: 'a1',
      actorRole: 'admin',
      action: 'access',
      resourceType: 'credential',
      resourceId: 'c1',
      outcome: 'denied',
      clientIp: '198.51.100.2',
    });
    const calls: unknown[][] = [];
    const ds = {
      query: (_sql: string, params: unknown[]) => (calls.push(params), Promise.resolve([])),
    } as never;
    void new AuditService(new AuditRepository(ds)).record(entry);
    expect((calls[0]![8] as string).length).toBe(512);
  });
});

describe('AuditService.recordManyFor', () => {
  it('writes one row per target in a single statement', async () => {
    const calls: [string, unknown[]][] = [];
    const ds = {
      query: (sql: string, params: unknown[]) => {
        calls.push([sql, params]);
        return Promise.resolve([]);
      },
    } as never;
    await new AuditService(new AuditRepository(ds)).recordManyFor(
      { uid: 'a1', role: 'admin', ip: '::1', userAgent: 'ua' },
      'allowed',
      [
        { action: 'application.read', resourceType: 'doctor', resourceId: 'd1' },
        { action: 'application.read', resourceType: 'doctor', resourceId: 'd2' },
        { action: 'application.read', resourceType: 'doctor', resourceId: 'd3' },
      ],
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatch(/^INSERT INTO audit_log \(.*\) SELECT \* FROM unnest\(/);
    expect(calls[0]![1][4]).toEqual(['d1', 'd2', 'd3']);
    expect(calls[0]![1][7]).toEqual(['::1', '::1', '::1']);
  });
});

describe('AuditService.queryWithAuditMany', () => {
  it('folds one row per entry into the read, as a CTE over unnest: one statement for any number', async () => {
    const calls: [string, unknown[]][] = [];
    const ds = {
      query: (sql: string, params: unknown[]) => {
        calls.push([sql, params]);
        return Promise.resolve([{ id: 'c1' }]);
      },
    } as never;
    const service = new AuditService(new AuditRepository(ds));
    const entries = ['d1', 'd2'].map((id) =>
      auditEntry({ uid: 'a1', role: 'admin' }, 'allowed', {
        action: 'application.read',
        resourceType: 'doctor',
        resourceId: id,
      }),
    );
    expect(
      await service.queryWithAuditMany(entries, 'SELECT id FROM c WHERE d = ANY($1)', [['d1', 'd2']]),
    ).toEqual([{ id: 'c1' }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatch(
      /^WITH audit_row AS \(INSERT INTO audit_log \(.*\) SELECT \* FROM unnest\(\$2::text\[\], .*\$11::text\[\]\)\) SELECT id FROM c/,
    );
    expect(calls[0]![1][5]).toEqual(['d1', 'd2']);
    await service.queryWithAuditMany([], 'SELECT 1', []);
    expect(calls[1]).toEqual(['SELECT 1', []]);
  });
});
