import { MAIL_LINK_PATHS } from '@medora/shared';
import { headerFor } from './layout';

describe('headerFor', () => {
  it('gives a signed-in account its header (and navigation) on the 404 page too', () => {
    expect(headerFor('/no-such-page', true)).toBe('account');
    expect(headerFor('/no-such-page', false)).toBe('site');
  });

  it('keeps the account header in the patient and staff areas and none on the landing page', () => {
    expect(headerFor('/dashboard', false)).toBe('account');
    expect(headerFor('/admin', true)).toBe('account');
    expect(headerFor('/', true)).toBe('none');
  });

  it('keeps the simple header on the public pages, signed in or not', () => {
    for (const path of ['/patient-login', '/provider-login', '/doctor-signup', MAIL_LINK_PATHS.unsubscribe]) {
      expect(headerFor(path, true)).toBe('site');
    }
  });
});
