import { isApprovedApplication, isReadyDoctor } from './application-rules.js';

describe('isApprovedApplication and isReadyDoctor', () => {
  const approved = { onboardingCompleted: true, verificationStatus: 'approved' };

  it('needs a completed application that an admin approved', () => {
    expect(isApprovedApplication(approved)).toBe(true);
    for (const status of ['pending', 'rejected', null, undefined]) {
      expect(isApprovedApplication({ onboardingCompleted: true, verificationStatus: status })).toBe(false);
    }
    expect(isApprovedApplication({ onboardingCompleted: false, verificationStatus: 'approved' })).toBe(false);
  });

  it('keeps a suspended doctor off the dashboard while the application stays approved', () => {
    expect(isReadyDoctor(approved)).toBe(true);
    expect(isReadyDoctor({ ...approved, suspended: true })).toBe(false);
    expect(isApprovedApplication({ ...approved, suspended: true } as typeof approved)).toBe(true);
  });
});
