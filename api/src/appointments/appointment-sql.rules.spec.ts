import { hasWeeklyHours, isUpcoming } from '@medora/shared';
import {
  activeAppointmentSql,
  approvedDoctorSql,
  hasHoursSql,
  openAppointmentSql,
  startedAppointmentSql,
  upcomingAppointmentSql,
} from './appointment-sql.rules.js';

describe('product rules as SQL', () => {
  it('upcoming is an open status and a start strictly after now, like isUpcoming', () => {
    expect(openAppointmentSql('x')).toBe(`x.status IN ('Scheduled', 'Confirmed')`);
    expect(upcomingAppointmentSql('x', '$2')).toBe(
      `(x.status IN ('Scheduled', 'Confirmed') AND x.starts_at > $2)`,
    );
    expect(upcomingAppointmentSql()).toContain('a.starts_at > now()');
    expect(startedAppointmentSql('x')).toBe('x.starts_at <= now()');
    // The browser twin agrees on the boundary: at its start instant an appointment is no longer upcoming.
    const now = new Date('2026-03-01T12:00:00Z');
    expect(isUpcoming({ status: 'Scheduled', startsAt: now }, now)).toBe(false);
  });

  it('active and approved', () => {
    expect(activeAppointmentSql('x')).toBe(`x.status <> 'Cancelled'`);
    // A suspended doctor is not an approved one.
    expect(approvedDoctorSql('y')).toBe(`(y.verification_status = 'approved' AND y.suspended_at IS NULL)`);
  });

  it('has weekly hours: a non-empty availableDays, like hasWeeklyHours', () => {
    expect(hasHoursSql('y')).toBe(
      `jsonb_array_length(COALESCE(y.schedule -> 'availableDays', '[]'::jsonb)) > 0`,
    );
    expect(hasWeeklyHours({ availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] } })).toBe(true);
    expect(hasWeeklyHours({ availableDays: [], timeSlots: {} })).toBe(false);
  });
});
