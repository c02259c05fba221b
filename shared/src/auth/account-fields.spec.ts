import { isValidPhoneDigits, normalizePhone, PHONE_MAX_DIGITS } from './account-fields.js';

describe('the phone rule (sign-up and settings)', () => {
  it('strips non-digits and keeps at most 15 digits', () => {
    expect(normalizePhone('+1 (555) 123-4567')).toBe('15551234567');
    expect(normalizePhone('1234567890123456789')).toHaveLength(PHONE_MAX_DIGITS);
    expect(normalizePhone('abc')).toBe('');
  });

  it('accepts 10 to 15 digits only', () => {
    expect(isValidPhoneDigits('555123456')).toBe(false);
    expect(isValidPhoneDigits('5551234567')).toBe(true);
    expect(isValidPhoneDigits('555123456789012')).toBe(true);
    expect(isValidPhoneDigits('5551234567890123')).toBe(false);
    expect(isValidPhoneDigits('555-123-4567')).toBe(false);
  });
});
