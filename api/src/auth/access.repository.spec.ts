import { jest } from '@jest/globals';
import {
  activeAppointmentSql,
  approvedDoctorSql,
  careEndSql,
  inCareWindowSql,
} from '../appointments/appointment-sql.rules.js';
import { AccessRepository, doctorOfPatientSql } from './access.repository.js';

describe('doctor of patient', () => {
  it('needs an active (not cancelled) appointment in the care window and an approved doctor', () => {
    const sql = doctorOfPatientSql('$1', 'a.patient_uid', 30);
    expect(sql).toContain(activeAppointmentSql('rel_a'));
    expect(sql).toContain(approvedDoctorSql('rel_d'));
    expect(sql).toContain(inCareWindowSql('rel_a', 30));
    expect(sql).toContain(careEndSql('rel_a'));
    expect(activeAppointmentSql('x')).toBe(`x.status <> 'Cancelled'`);
  });

  it('inlines only a whole number of days', () => {
    expect(inCareWindowSql('a', 30)).toContain('make_interval(days => 30)');
    expect(() => inCareWindowSql('a', 1.5)).toThrow();
    expect(() => inCareWindowSql('a', Number.NaN)).toThrow();
  });

  it('asks the database once, with the doctor and patient uids', async () => {
    const query = jest
      .fn<(sql: string, params: unknown[]) => Promise<unknown[]>>()
      .mockResolvedValueOnce([])
      .mockResolvedValueOnce([{ found: 1 }]);
    const reads = new AccessRepository({ query } as never);
    expect(await reads.isDoctorOfPatient('doc', 'pat', 30)).toBe(false);
    expect(await reads.isDoctorOfPatient('doc', 'pat', 30)).toBe(true);
    expect(query).toHaveBeenCalledWith(expect.stringContaining('IS NOT NULL'), ['doc', 'pat']);
  });
});
