import { ApiError, type DoctorListingItem, type PublicDoctor } from '@medora/shared';
import { loadDoctors } from './load-doctors';

const schedule = { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] } };
const listing = (name: string, specialty: string): DoctorListingItem => ({
  id: `id-${name}`,
  name,
  specialty,
  clinic: 'C',
  timeZone: 'America/New_York',
  schedule,
  visitCount: 0,
  lastVisitDate: null,
  takenSlots: {},
});
const fail = () => Promise.reject(new ApiError(500, 'down'));

describe('loadDoctors', () => {
  it('filters the context list by the patient’s chronic conditions', async () => {
    const result = await loadDoctors(
      {
        doctorsWithContext: () =>
          Promise.resolve({
            doctors: [
              listing('A', 'Cardiology'),
              listing('B', 'General Medicine'),
              listing('C', 'Pediatrics'),
            ],
            lastDoctorName: null,
            totalAppointments: 0,
          }),
        listDoctors: fail,
        getPatient: () =>
          Promise.resolve({ exists: true, data: { chronicConditions: ['Hypertension'] } } as never),
      },
      'u1',
    );
    expect(result.source).toBe('context');
    expect(result.doctors.map((d) => d.name)).toEqual(['A', 'B']);
  });

  it('treats a missing profile as no conditions and falls back to GET /api/doctors', async () => {
    const publicDoctor: PublicDoctor = {
      id: 'p1',
      name: 'P',
      specialty: 'Pediatrics',
      clinic: 'C',
      schedule,
    };
    const result = await loadDoctors(
      {
        doctorsWithContext: fail,
        listDoctors: () => Promise.resolve([publicDoctor]),
        getPatient: () => Promise.reject(new ApiError(404, 'no')),
      },
      'u1',
    );
    expect(result).toMatchObject({ source: 'public', doctors: [{ key: 'p1', name: 'P', visitCount: 0 }] });
  });

  it('uses the samples without schedules when every call fails, with schedules when the list is empty', async () => {
    const failed = await loadDoctors({ doctorsWithContext: fail, listDoctors: fail, getPatient: fail }, 'u1');
    expect(failed.source).toBe('samples');
    expect(failed.doctors.map((d) => d.specialty)).toEqual(['Cardiology', 'General Medicine', 'Pediatrics']);
    expect(failed.doctors.every((d) => d.schedule === undefined)).toBe(true);

    const empty = await loadDoctors(
      { doctorsWithContext: fail, listDoctors: () => Promise.resolve([]), getPatient: fail },
      'u1',
    );
    expect(empty.doctors.every((d) => (d.schedule?.availableDays.length ?? 0) > 0)).toBe(true);
  });
});
