import { authStore } from '@medora/shared';
import { arrivesViaDoctor, isViaDoctor, rememberViaDoctor } from './via-doctor';

describe('viaDoctor', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it.each([
    ['?doctor=1', true],
    ['?ref=doctor', true],
    ['?doctor=0', false],
    ['?ref=friend', false],
    ['', false],
  ])('%s arrives via a doctor: %s', (search, expected) => {
    expect(arrivesViaDoctor(search)).toBe(expected);
  });

  it('is kept per account in local storage', () => {
    expect(isViaDoctor('u1')).toBe(false);
    rememberViaDoctor('u1');
    expect(isViaDoctor('u1')).toBe(true);
    expect(isViaDoctor('u2')).toBe(false);
  });

  it('before sign-in, waits for the account that signs in next, and goes with its sign-out', () => {
    rememberViaDoctor(null);
    expect(localStorage.length).toBe(0);
    authStore.getState().setUser({ uid: 'u1', email: 'a@b.co', emailVerified: true });
    expect(isViaDoctor('u1')).toBe(true);
    authStore.getState().setUser(null);
    expect(isViaDoctor('u1')).toBe(false);
    authStore.getState().setUser({ uid: 'u2', email: 'b@b.co', emailVerified: true });
    expect(isViaDoctor('u2')).toBe(false);
    authStore.getState().setUser(null);
  });
});
