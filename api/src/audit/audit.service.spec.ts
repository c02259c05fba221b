import { AuditService } from './audit.service.js';
import { withAuditInsert } from './audit.queries.js';

describe('AuditService.record', () => {
  it('never throws into the request path when the insert fails', async () => {
    const ds = { query: () => Promise.reject(new Error('database down')) } as never;
    const service = new AuditService(ds);
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

const ENTRY = {
  actorUid: 'u1',
  actorRole: 'patient',
  action: 'list',
  resourceType: 'appointment',
  resourceId: null,
  outcome: 'allowed' as const,
  detail: 'patient u1',
};

describe('withAuditInsert', () => {
  it('puts the audit INSERT in front of a SELECT as a CTE, numbering its parameters after the read’s', () => {
    expect(withAuditInsert('SELECT * FROM t WHERE a = $1 AND b = $2', 2)).toBe(
      'WITH audit_row AS (INSERT INTO audit_log (actor_uid, actor_role, action, resource_type, resource_id, outcome, detail) ' +
        'VALUES ($3, $4, $5, $6, $7, $8, $9)) SELECT * FROM t WHERE a = $1 AND b = $2',
    );
  });

  it('joins a read that has its own WITH (and keeps RECURSIVE) instead of nesting a second WITH', () => {
    const sql = withAuditInsert('  WITH RECURSIVE x AS (SELECT $1::int AS n) SELECT n FROM x', 1);
    expect(sql).toMatch(
      /^WITH RECURSIVE audit_row AS \(INSERT INTO audit_log .* VALUES \(\$2, .*, \$8\)\), x AS \(/,
    );
    expect(sql.match(/\bWITH\b/g)).toHaveLength(1);
  });
});

describe('AuditService.queryWithAudit', () => {
  it('reads and writes the audit row in one statement, the row’s values after the read’s parameters', async () => {
    const calls: [string, unknown[]][] = [];
    const ds = {
      query: (sql: string, params: unknown[]) => {
        calls.push([sql, params]);
        return Promise.resolve([{ id: 'a1' }]);
      },
    } as never;
    const rows = await new AuditService(ds).queryWithAudit(ENTRY, 'SELECT id FROM t WHERE p = $1', ['u1']);
    expect(rows).toEqual([{ id: 'a1' }]);
    expect(calls).toEqual([
      [
        withAuditInsert('SELECT id FROM t WHERE p = $1', 1),
        ['u1', 'u1', 'patient', 'list', 'appointment', null, 'allowed', 'patient u1'],
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
    const rows = await new AuditService(ds).queryWithAudit(ENTRY, 'SELECT id FROM t WHERE p = $1', ['u1']);
    expect(rows).toEqual([{ id: 'a1' }]);
    expect(calls).toEqual([
      expect.stringMatching(/^WITH audit_row/),
      expect.stringMatching(/^INSERT INTO audit_log/),
      'SELECT id FROM t WHERE p = $1',
    ]);
  });

  it('lets the read’s own failure through to the error filter, after trying the read once alone', async () => {
    const ds = { query: () => Promise.reject(new Error('connection terminated')) } as never;
    const service = new AuditService(ds);
    (service as unknown as { logger: { error: () => void } }).logger.error = () => undefined;
    await expect(service.queryWithAudit(ENTRY, 'SELECT 1', [])).rejects.toThrow('connection terminated');
  });
});
