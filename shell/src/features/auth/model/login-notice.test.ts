import { MESSAGES, ROLES, SIGNUP_ROLES, type Role, type SignupRole } from '@medora/shared';
import { loginNotice, noticeText, roleCardNotice, roleCardNoticeText } from './login-notice';

describe('the login notice', () => {
  it('shows the catalogue text of the notice in the location state', () => {
    expect(noticeText(loginNotice('idleSignedOut'))).toBe(MESSAGES.idleSignedOut);
  });

  it('shows nothing for no state, other state, or a key outside the catalogue', () => {
    expect(noticeText(null)).toBeNull();
    expect(noticeText(undefined)).toBeNull();
    expect(noticeText({ from: '/dashboard' })).toBeNull();
    expect(noticeText({ notice: 'toString' })).toBeNull();
    expect(noticeText({ notice: '<script>' })).toBeNull();
    expect(noticeText({ notice: 42 })).toBeNull();
  });
});

describe('the sign-in card that is not the account’s (the account’s role decides)', () => {
  // Where each role signs in: an administrator at 'Doctor/Admin'.
  const home: Record<Role, SignupRole> = {
    patient: 'patient',
    provider: 'provider',
    doctor: 'doctor',
    admin: 'doctor',
  };

  it.each(ROLES)('says nothing to a %s who chose their own card', (role) => {
    expect(roleCardNotice(home[role], role)).toBeNull();
  });

  it.each(
    ROLES.flatMap((role) =>
      SIGNUP_ROLES.filter((card) => card !== home[role]).map((card) => [card, role] as const),
    ),
  )('tells an account that chose “%s” but is a %s, in words', (card, role) => {
    const state = roleCardNotice(card, role);
    expect(state).toEqual({ roleCard: { chosen: card, role } });
    expect(roleCardNoticeText(state)).toMatch(/^You chose “.+”, but this is an? /);
  });

  it('names the chosen card and the account’s pages', () => {
    expect(roleCardNoticeText(roleCardNotice('patient', 'doctor'))).toBe(
      'You chose “Patient”, but this is a doctor account, so Medora opened your doctor pages.',
    );
    expect(roleCardNoticeText(roleCardNotice('doctor', 'patient'))).toBe(
      'You chose “Doctor/Admin”, but this is a patient account, so Medora opened your patient pages.',
    );
    expect(roleCardNoticeText(roleCardNotice('provider', 'admin'))).toBe(
      'You chose “Healthcare Provider”, but this is an administrator account, so Medora opened the admin desk.',
    );
  });

  it('shows nothing for other state, forged roles, or a card that matches', () => {
    expect(roleCardNoticeText(null)).toBeNull();
    expect(roleCardNoticeText(loginNotice('idleSignedOut'))).toBeNull();
    expect(roleCardNoticeText({ roleCard: null })).toBeNull();
    expect(roleCardNoticeText({ roleCard: { chosen: 'admin', role: 'patient' } })).toBeNull();
    expect(roleCardNoticeText({ roleCard: { chosen: 'patient', role: 'root' } })).toBeNull();
    expect(roleCardNoticeText({ roleCard: { chosen: 'doctor', role: 'admin' } })).toBeNull();
  });
});
