import { MESSAGES } from '@medora/shared';
import { normalizePhone, validateLogin, validateResetEmail, validateSignup } from './signup-validation';

describe('validateSignup', () => {
  it.each([
    ['', 'secret1'],
    ['a@b.co', ''],
    ['   ', 'secret1'],
  ])('asks for email and password when one is missing (%j, %j)', (email, password) => {
    expect(validateSignup({ email, password })).toBe(MESSAGES.emailPasswordRequired);
  });

  it('needs at least 6 password characters', () => {
    expect(validateSignup({ email: 'a@b.co', password: '12345' })).toBe(MESSAGES.passwordTooShort);
    expect(validateSignup({ email: 'a@b.co', password: '123456' })).toBeNull();
  });

  it('accepts an empty phone', () => {
    expect(validateSignup({ email: 'a@b.co', password: 'secret1', phone: '' })).toBeNull();
  });

  it('refuses a phone of 9 digits and accepts 10 and 15', () => {
    expect(validateSignup({ email: 'a@b.co', password: 'secret1', phone: '555123456' })).toBe(
      MESSAGES.invalidPhone,
    );
    expect(validateSignup({ email: 'a@b.co', password: 'secret1', phone: '5551234567' })).toBeNull();
    expect(validateSignup({ email: 'a@b.co', password: 'secret1', phone: '123456789012345' })).toBeNull();
  });

  it('counts digits only', () => {
    expect(validateSignup({ email: 'a@b.co', password: 'secret1', phone: '(555) 123-45' })).toBe(
      MESSAGES.invalidPhone,
    );
    expect(validateSignup({ email: 'a@b.co', password: 'secret1', phone: '+1 (555) 123-4567' })).toBeNull();
  });
});

describe('normalizePhone', () => {
  it('strips non-digits and keeps at most 15 digits', () => {
    expect(normalizePhone('+1 (555) 123-4567')).toBe('15551234567');
    expect(normalizePhone('1234567890123456789')).toBe('123456789012345');
    expect(normalizePhone('abc')).toBe('');
  });
});

describe('validateLogin', () => {
  it('asks for both fields', () => {
    expect(validateLogin({ email: '', password: 'x' })).toBe(MESSAGES.emailPasswordRequired);
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toBeNull();
  });
});

describe('validateResetEmail', () => {
  it('requires an email address', () => {
    expect(validateResetEmail('')).toBe(MESSAGES.resetEmailRequired);
    expect(validateResetEmail('not-an-email')).toBe(MESSAGES.resetEmailInvalid);
    expect(validateResetEmail(' a@b.co ')).toBeNull();
  });
});
