import { dashboardPathFor } from './dashboard-path';

describe('dashboardPathFor', () => {
  const access = (admin: boolean, providerDashboard: boolean) => ({ admin, providerDashboard });
  it.each([
    ['an admin', 'admin', access(true, false), '/admin'],
    ['an approved doctor', 'doctor', access(false, true), '/provider-dashboard'],
    ['an approved provider', 'provider', access(false, true), '/provider-dashboard'],
    ['a doctor not yet approved', 'doctor', access(false, false), '/doctor-onboarding'],
    ['a provider not yet approved', 'provider', access(false, false), '/doctor-onboarding'],
    ['a patient', 'patient', access(false, false), '/dashboard'],
    // The server's access decides: an admin role the server does not grant never loops back to /admin.
    ['an admin role without admin access', 'admin', access(false, false), '/dashboard'],
  ] as const)('sends %s to their own dashboard', (_name, role, a, path) => {
    expect(dashboardPathFor({ role, access: a })).toBe(path);
  });
});
