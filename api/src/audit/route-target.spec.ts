import { routeAuditTarget } from './route-target.js';

describe('routeAuditTarget', () => {
  it.each([
    ['/api/admin/credentials/:id/file', { id: 'c1' }, 'credential', 'c1'],
    ['/api/admin/doctors/:id/approve', { id: 'd1' }, 'doctor', 'd1'],
    ['/api/admin/applications', {}, 'doctor', null],
    ['/api/admin/overview', {}, 'dashboard', null],
    ['/api/audit', {}, 'audit_log', null],
    ['/api/patients/:uid/documents/:id', { uid: 'u1', id: 'doc1' }, 'document', 'doc1'],
    ['/api/provider/appointments/:id/prescription', { id: 'a1' }, 'appointment', 'a1'],
    ['/api/users/:uid', { uid: 'u1' }, 'user', 'u1'],
    ['/api/something-new', {}, 'unknown', null],
  ])('%s names %s', (url, params, resourceType, resourceId) => {
    expect(routeAuditTarget('GET', url, params)).toEqual({
      action: 'access',
      resourceType,
      resourceId,
      detail: `GET ${url}`,
    });
  });
});
