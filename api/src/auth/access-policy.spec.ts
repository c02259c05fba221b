import { MESSAGES } from '@medora/shared';
import { ApiException } from '../common/http-exception.filter.js';
import { AccessPolicy, assertCanAccess, canAccess } from './access-policy.js';
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

  it('lets an admin through only when the admin rule is allowed', async () => {
    expect(await canAccess(caller('adm', 'admin'), 'b', { allow: ['admin'] })).toBe(true);
    expect(await canAccess(caller('adm', 'admin'), 'b')).toBe(false);
  });

  it('does not treat other roles as admin', async () => {
    expect(await canAccess(caller('d', 'doctor'), 'b', { allow: ['admin'] })).toBe(false);
    expect(await canAccess(caller('n', null), 'b', { allow: ['admin'] })).toBe(false);
  });

  it('grants doctorOfPatient only to a doctor or provider, and never without a database', async () => {
    expect(await canAccess(caller('d', 'doctor'), 'b', { allow: ['doctorOfPatient'] })).toBe(false);
    const ds = { query: () => Promise.resolve([{ found: 1 }]) } as never;
    expect(await canAccess(caller('d', 'doctor'), 'b', { allow: ['doctorOfPatient'], ds })).toBe(true);
    expect(await canAccess(caller('p', 'patient'), 'b', { allow: ['doctorOfPatient'], ds })).toBe(false);
  });

  it('is also available as an injectable service', async () => {
    await expect(new AccessPolicy().assertCanAccess(caller('a'), 'b')).rejects.toBeInstanceOf(ApiException);
  });
});
