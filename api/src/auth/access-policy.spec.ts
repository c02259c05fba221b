import { auditEntry, type AuditRecord } from '../audit/audit-record.js';
import { MESSAGES } from '@medora/shared';
import { ApiException } from '../common/http-exception.filter.js';
import { AccessPolicy, assertCanAccess, canAccess, decideAccess } from './access-policy.js';
import { AccessRepository } from './access.repository.js';
import type { Caller } from './caller.js';

const caller = (uid: string, role: Caller['role'] = 'patient'): Caller => ({
  uid,
  email: `${uid}@test`,
  emailVerified: true,
  role,
  registered: role !== null,
});

describe('assertCanAccess', () => {
  it('lets the owner through', async () => {
    await expect(assertCanAccess(caller('a'), 'a')).resolves.toBeUndefined();
  });

  it('refuses another user with 403 forbidden', async () => {
    const error = await assertCanAccess(caller('a'), 'b').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException).getStatus()).toBe(403);
    expect((error as ApiException).message).toBe(MESSAGES.forbidden);
  });

  it('lets an admin administer accounts only when the adminAccount rule is allowed', async () => {
    expect(await canAccess(caller('adm', 'admin'), 'b', { allow: ['adminAccount'] })).toBe(true);
    expect(await canAccess(caller('adm', 'admin'), 'b')).toBe(false);
  });

  it('lets an admin reach health data (rule admin) only with an open grant for that patient', async () => {
    const grants: unknown[][] = [];
    const withGrant = new AccessRepository({
      query: (_sql: string, params: unknown[]) => (
        grants.push(params),
        Promise.resolve([
          { id: 'g', reason: 'Checking a visit', granted_at: new Date(), expires_at: new Date() },
        ])
      ),
    } as never);
    const without = new AccessRepository({ query: () => Promise.resolve([]) } as never);
    const admin = caller('adm', 'admin');
    expect(await canAccess(admin, 'b', { allow: ['admin'] })).toBe(false);
    expect(await canAccess(admin, 'b', { allow: ['admin'], reads: without })).toBe(false);
    expect(await decideAccess(admin, 'b', { allow: ['admin'], reads: withGrant })).toEqual({
      allowed: true,
      breakGlassReason: 'Checking a visit',
    });
    expect(grants).toEqual([['adm', 'b']]);
  });

  it('does not treat other roles as admin', async () => {
    const reads = new AccessRepository({ query: () => Promise.resolve([{ id: 'g', reason: 'r' }]) } as never);
    expect(await canAccess(caller('d', 'doctor'), 'b', { allow: ['admin'], reads })).toBe(false);
    expect(await canAccess(caller('n', null), 'b', { allow: ['admin'], reads })).toBe(false);
    expect(await canAccess(caller('d', 'doctor'), 'b', { allow: ['adminAccount'] })).toBe(false);
  });

  it('grants doctorOfPatient only to a doctor or provider, never without a database or a care window', async () => {
    expect(await canAccess(caller('d', 'doctor'), 'b', { allow: ['doctorOfPatient'] })).toBe(false);
    const reads = new AccessRepository({ query: () => Promise.resolve([{ found: 1 }]) } as never);
    const allow = ['doctorOfPatient'] as const;
    expect(await canAccess(caller('d', 'doctor'), 'b', { allow: [...allow], reads })).toBe(false);
    expect(await canAccess(caller('d', 'doctor'), 'b', { allow: [...allow], reads, careDays: 30 })).toBe(
      true,
    );
    expect(await canAccess(caller('p', 'patient'), 'b', { allow: [...allow], reads, careDays: 30 })).toBe(
      false,
    );
  });

  it('is also available as an injectable service', async () => {
    await expect(new AccessPolicy().assertCanAccess(caller('a'), 'b')).rejects.toBeInstanceOf(ApiException);
  });
});

describe('AccessPolicy audit', () => {
  const recorder = () => {
    const rows: unknown[] = [];
    const service = {
      recordFor: (...args: Parameters<typeof auditEntry>) =>
        Promise.resolve(void rows.push(auditEntry(...args))),
    };
    return { rows, service: service as never };
  };

  it('writes a denied row for every refusal, with the target when given', async () => {
    const { rows, service } = recorder();
    const policy = new AccessPolicy(undefined, service);
    await expect(
      policy.assertCanAccess(caller('a'), 'b', {
        audit: { action: 'download', resourceType: 'document', resourceId: 'd1' },
      }),
    ).rejects.toBeInstanceOf(ApiException);
    await expect(policy.assertCanAccess(caller('a'), 'b')).rejects.toBeInstanceOf(ApiException);
    expect(rows).toEqual([
      {
        actorUid: 'a',
        actorRole: 'patient',
        action: 'download',
        resourceType: 'document',
        resourceId: 'd1',
        outcome: 'denied',
        subjectUid: 'b',
        clientIp: null,
        userAgent: null,
      },
      {
        actorUid: 'a',
        actorRole: 'patient',
        action: 'access',
        resourceType: 'unknown',
        resourceId: null,
        outcome: 'denied',
        clientIp: null,
        userAgent: null,
      },
    ]);
  });

  it('assertCanAccess writes no allowed row: what the call did is not known yet', async () => {
    const { rows, service } = recorder();
    const policy = new AccessPolicy(undefined, service);
    await policy.assertCanAccess(caller('a'), 'a', {
      audit: { action: 'read', resourceType: 'profile', resourceId: 'a' },
    });
    expect(rows).toEqual([]);
  });

  it('withAccess writes one row with what the caller got: allowed, not_found, rejected or failed', async () => {
    const { rows, service } = recorder();
    const policy = new AccessPolicy(undefined, service);
    const audit = { action: 'read', resourceType: 'profile', resourceId: 'a' } as const;
    await expect(policy.withAccess(caller('a'), 'a', { audit }, async () => 'ok')).resolves.toBe('ok');
    for (const error of [new ApiException(404, 'x'), new ApiException(409, 'x'), new Error('boom')]) {
      await expect(policy.withAccess(caller('a'), 'a', { audit }, () => Promise.reject(error))).rejects.toBe(
        error,
      );
    }
    await policy.withAccess(caller('a'), 'a', {}, async () => 'no target, no row');
    expect((rows as AuditRecord[]).map((r) => r.outcome)).toEqual([
      'allowed',
      'not_found',
      'rejected',
      'failed',
    ]);
  });
});

describe('AccessPolicy audit of someone else’s records only (auditOwner: false)', () => {
  it('writes no row for the owner’s own read, a row for an admin’s and for a refusal', async () => {
    const rows: AuditRecord[] = [];
    const service = {
      recordFor: (...args: Parameters<typeof auditEntry>) =>
        Promise.resolve(void rows.push(auditEntry(...args))),
    };
    const policy = new AccessPolicy(undefined, service as never);
    const options = {
      allow: ['adminAccount' as const],
      audit: { action: 'user.read' as const, resourceType: 'user' as const, resourceId: 'a' },
      auditOwner: false as const,
    };
    const read = async () => 'record';
    await policy.withAccess(caller('a'), 'a', options, read);
    await policy.withAccess({ ...caller('boss'), role: 'admin' }, 'a', options, read);
    await expect(policy.withAccess(caller('b'), 'a', options, read)).rejects.toBeInstanceOf(ApiException);
    expect(rows.map((r) => `${r.actorUid}:${r.action}:${r.outcome}`)).toEqual([
      'boss:user.read:allowed',
      'b:user.read:denied',
    ]);
  });
});

describe('AccessPolicy break-the-glass', () => {
  it('puts the admin’s stated reason in the row, names the patient as subject, and says why it refuses', async () => {
    const rows: AuditRecord[] = [];
    const service = {
      recordFor: (...args: Parameters<typeof auditEntry>) =>
        Promise.resolve(void rows.push(auditEntry(...args))),
    };
    let open = true;
    const ds = {
      query: () =>
        Promise.resolve(open ? [{ id: 'g', reason: 'Support ticket 12', granted_at: 0, expires_at: 0 }] : []),
    };
    const policy = new AccessPolicy(
      new AccessRepository(ds as never),
      service as never,
      { careAccessDays: 30 } as never,
    );
    const options = {
      allow: ['admin' as const],
      audit: {
        action: 'list' as const,
        resourceType: 'document' as const,
        resourceId: null,
        detail: 'patient p',
      },
    };
    const admin = caller('adm', 'admin');
    await expect(policy.withAccess(admin, 'p', options, async () => 'docs')).resolves.toBe('docs');
    open = false;
    const refused = await policy.withAccess(admin, 'p', options, async () => 'docs').catch((e: unknown) => e);
    expect((refused as ApiException).message).toBe(MESSAGES.accessReasonRequired);
    expect(rows.map((r) => [r.outcome, r.detail, r.subjectUid])).toEqual([
      ['allowed', 'patient p; break-the-glass: Support ticket 12', 'p'],
      ['denied', 'patient p', 'p'],
    ]);
  });
});
