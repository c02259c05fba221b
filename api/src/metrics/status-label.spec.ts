import { statusLabel } from './metrics.service.js';

describe('the status label of a timed request', () => {
  it('is the status code of an answer the client received whole', () => {
    expect(statusLabel(200, true)).toBe('200');
    expect(statusLabel(404, true)).toBe('404');
  });

  it('is aborted for an answer cut off midway, whatever code its head carried', () => {
    expect(statusLabel(200, false)).toBe('aborted');
  });
});
