import { MESSAGES } from '@medora/shared';
import { loginNotice, noticeText } from './login-notice';

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
