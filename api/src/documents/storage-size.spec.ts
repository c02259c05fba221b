import { storageSize } from './documents.service.js';

describe('storageSize (quota message)', () => {
  it('reads as MB, KB or bytes', () => {
    expect(storageSize(500 * 1024 * 1024)).toBe('500 MB');
    expect(storageSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(storageSize(20 * 1024)).toBe('20 KB');
    expect(storageSize(1000)).toBe('1000 bytes');
  });
});
