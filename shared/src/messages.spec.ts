import { PASSWORD_MIN_LENGTH } from './auth/password.js';
import { MESSAGES, formatMessage, plural, withoutFinalStop } from './messages.js';

describe('message catalogue', () => {
  it('fills placeholders by name', () => {
    expect(formatMessage('resetSent', { email: 'a@b.co' })).toBe('Password reset email sent to a@b.co');
  });

  it('keeps an unknown placeholder visible rather than dropping it', () => {
    expect(formatMessage('loginFailed')).toBe('Login failed: {message}');
  });

  it('holds the spec texts exactly', () => {
    expect(MESSAGES.chunkLoadFailed).toBe('Loading chunk failed');
    expect(MESSAGES.unexpectedError).toBe('Unexpected Application Error!');
    expect(MESSAGES.emailInUse).toBe('This email is already registered. Please login instead.');
  });

  // Plurals through Intl.PluralRules, one helper.
  it('says 1 second, not 1 seconds, in the rate-limit message', () => {
    expect(formatMessage('rateLimited', { seconds: 1 })).toBe(
      'Too many requests. Please try again in 1 second.',
    );
    expect(formatMessage('rateLimited', { seconds: 30 })).toBe(
      'Too many requests. Please try again in 30 seconds.',
    );
  });

  it('chooses plural forms with Intl.PluralRules', () => {
    expect(plural(1, 'slot', 'slots')).toBe('slot');
    expect(plural(0, 'slot', 'slots')).toBe('slots');
    expect(plural(2, 'slot', 'slots')).toBe('slots');
    expect(formatMessage('bookingSlotCount', { count: 1 })).toBe('1 slot');
    expect(formatMessage('bookingDateButton', { label: 'Monday 1 June', count: 3 })).toBe(
      'Monday 1 June, 3 slots',
    );
    expect(formatMessage('bookingDaysPerWeek', { count: 1 })).toBe('1 day/week');
    expect(formatMessage('selectAtLeast', { count: 2 })).toBe('Please select at least 2 options.');
  });

  it('keeps a plural slot visible when its number is missing', () => {
    expect(formatMessage('bookingSlotCount')).toBe('{count} {count:slot|slots}');
  });

  it('states the password minimum from the one constant', () => {
    expect(MESSAGES.passwordTooShort).toBe(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters');
    expect(MESSAGES.weakPassword).toBe('Password is too weak. Please use at least 6 characters.');
  });
});

describe('withoutFinalStop', () => {
  it('drops a reason’s final full stop so the sentence around it has one', () => {
    expect(formatMessage('applicationRejected', { reason: withoutFinalStop('Licence expired.') })).toBe(
      'Your application was not approved: Licence expired. You can correct it and submit again.',
    );
    expect(withoutFinalStop('  Licence expired ...  ')).toBe('Licence expired');
    expect(withoutFinalStop('No stop')).toBe('No stop');
    expect(withoutFinalStop('Ask Dr. Roe?')).toBe('Ask Dr. Roe?');
  });
});
