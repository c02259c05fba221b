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
  it('marks the context list by the patient’s chronic conditions and current symptoms', async () => {
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
          Promise.resolve({
            exists: true,
            data: { chronicConditions: ['Hypertension'], symptoms: ['Rash', 'Fever'] },
          } as never),
      },
      'u1',
    );
    expect(result.source).toBe('context');
    expect(result.symptoms).toEqual(['Rash']);
    // Every doctor is there ("Show all doctors"); the condition filter decides who shows at first.
    expect(result.doctors.map((d) => [d.name, d.forConditions, d.suggested])).toEqual([
      ['A', true, false],
      ['B', true, false],
      ['C', false, false],
    ]);
  });

  it('suggests the doctors fitting the current symptoms, first, and shows them by default', async () => {
    const result = await loadDoctors(
      {
        doctorsWithContext: () =>
          Promise.resolve({
            doctors: [listing('A', 'General Medicine'), listing('B', 'Dermatology')],
            lastDoctorName: null,
            totalAppointments: 0,
          }),
        listDoctors: fail,
        getPatient: () =>
          Promise.resolve({
            exists: true,
            data: { chronicConditions: ['Hypertension'], symptoms: ['Rash'] },
          } as never),
      },
      'u1',
    );
    expect(result.doctors.map((d) => [d.name, d.forConditions, d.suggested])).toEqual([
      ['B', true, true],
      ['A', true, false],
    ]);
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
