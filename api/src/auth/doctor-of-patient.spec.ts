import { jest } from '@jest/globals';
import { activeAppointmentSql, approvedDoctorSql } from '../common/sql-rules.js';
import { doctorOfPatientSql, isDoctorOfPatient } from './doctor-of-patient.js';

describe('doctor of patient', () => {
  it('needs an active (not cancelled) appointment and an approved doctor', () => {
    const sql = doctorOfPatientSql('$1', 'a.patient_uid');
    expect(sql).toContain(activeAppointmentSql('rel_a'));
    expect(sql).toContain(approvedDoctorSql('rel_d'));
    expect(activeAppointmentSql('x')).toBe(`x.status <> 'Cancelled'`);
  });

  it('asks the database once, with the doctor and patient uids', async () => {
    const query = jest
      .fn<(sql: string, params: unknown[]) => Promise<unknown[]>>()
      .mockResolvedValueOnce([])
      .mockResolvedValueOnce([{ found: 1 }]);
    expect(await isDoctorOfPatient({ query } as never, 'doc', 'pat')).toBe(false);
    expect(await isDoctorOfPatient({ query } as never, 'doc', 'pat')).toBe(true);
    expect(query).toHaveBeenCalledWith(expect.stringContaining('EXISTS'), ['doc', 'pat']);
  });
});
