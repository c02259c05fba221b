import { createUserSchema } from './users.js';
import { MESSAGES } from '../messages.js';

describe('createUserSchema', () => {
  it('accepts the spec body', () => {
    expect(
      createUserSchema.parse({ uid: 'abc', email: 'a@b.co', role: 'doctor', emailVerified: true }).role,
    ).toBe('doctor');
  });

  it('refuses the admin role with the catalogue message', () => {
    const result = createUserSchema.safeParse({ uid: 'abc', role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(MESSAGES.adminRoleRefused);
  });

  it('refuses unknown fields', () => {
    expect(createUserSchema.safeParse({ uid: 'abc', role: 'patient', isAdmin: true }).success).toBe(false);
  });
});
