import { toAppointment, type AppointmentRow } from './appointment-mapper.js';

const row = (over: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id: 'a1',
  patient_uid: 'p1',
  doctor_id: 'd1',
  starts_at: new Date('2026-03-09T13:00:00Z'),
  status: 'Confirmed',
  notes: 'Follow-up appointment',
  clinic: 'Heart Care Center',
  specialty: 'Cardiology',
  doctor_name: 'Dr. Sarah Johnson',
  prescription_url: null,
  booked_at: new Date('2026-03-01T10:00:00Z'),
  request_hash: null,
  time_zone: 'America/New_York',
  ...over,
});

describe('toAppointment', () => {
  it('writes the date in the clinic’s zone, after the March DST change too', () => {
    expect(toAppointment(row()).date).toBe('2026-03-09 at 09:00 AM');
    expect(toAppointment(row({ starts_at: new Date('2026-03-06T14:00:00Z') })).date).toBe(
      '2026-03-06 at 09:00 AM',
    );
    expect(toAppointment(row({ time_zone: 'America/Chicago' })).date).toBe('2026-03-09 at 08:00 AM');
  });

  // appointments.status is NOT NULL (migration 1767484800000): there is no missing status to default.
  it('reads an unknown zone as the default clinic zone', () => {
    const a = toAppointment(row({ time_zone: 'Not/AZone' }));
    expect(a.status).toBe('Confirmed');
    expect(a).toMatchObject({ timeZone: 'America/New_York', date: '2026-03-09 at 09:00 AM' });
  });

  it('carries the start before a reschedule, null when never moved', () => {
    expect(toAppointment(row()).rescheduledFrom).toBeNull();
    // Rows that come through json_agg carry timestamps as text.
    expect(toAppointment(row({ rescheduled_from: '2026-03-08T14:00:00+00:00' })).rescheduledFrom).toBe(
      '2026-03-08T14:00:00.000Z',
    );
  });
});
