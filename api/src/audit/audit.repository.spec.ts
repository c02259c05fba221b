import { withAuditInsert } from './audit.repository.js';

describe('withAuditInsert', () => {
  it('puts the audit INSERT in front of a SELECT as a CTE, numbering its parameters after the read’s', () => {
    expect(withAuditInsert('SELECT * FROM t WHERE a = $1 AND b = $2', 2)).toBe(
      'WITH audit_row AS (INSERT INTO audit_log (actor_uid, actor_role, action, resource_type, resource_id, outcome, detail, client_ip, user_agent, subject_uid) ' +
        'VALUES ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12)) SELECT * FROM t WHERE a = $1 AND b = $2',
    );
  });

  it('joins a read that has its own WITH (and keeps RECURSIVE) instead of nesting a second WITH', () => {
    const sql = withAuditInsert('  WITH RECURSIVE x AS (SELECT $1::int AS n) SELECT n FROM x', 1);
    expect(sql).toMatch(
      /^WITH RECURSIVE audit_row AS \(INSERT INTO audit_log .* VALUES \(\$2, .*, \$11\)\), x AS \(/,
    );
    expect(sql.match(/\bWITH\b/g)).toHaveLength(1);
  });
});
