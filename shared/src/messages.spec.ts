import { MESSAGES, formatMessage } from './messages.js';

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
});
