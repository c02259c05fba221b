import { AuditService } from './audit.service.js';

describe('AuditService.record', () => {
  it('never throws into the request path when the insert fails', async () => {
    const ds = { query: () => Promise.reject(new Error('database down')) } as never;
    const service = new AuditService(ds);
    const errors: string[] = [];
    (service as unknown as { logger: { error: (m: string) => void } }).logger.error = (m) => errors.push(m);
    await expect(
      service.record({
        actorUid: 'u',
        actorRole: 'patient',
        action: 'read',
        resourceType: 'profile',
        resourceId: 'u',
        outcome: 'allowed',
      }),
    ).resolves.toBeUndefined();
    expect(errors).toEqual([expect.stringContaining('database down')]);
  });
});
