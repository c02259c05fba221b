import {
  ApiError,
  type DoctorListingItem,
  type DoctorsWithContextResponse,
  type PublicDoctor,
} from '@medora/shared';
import { loadDoctorPage, loadPatientHints, type DoctorFilters } from './load-doctors';

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
  nextFreeSlot: '2026-03-02T14:00:00.000Z',
});
const page = (
  doctors: DoctorListingItem[],
  nextCursor: string | null = null,
): DoctorsWithContextResponse => ({
  doctors,
  lastDoctorName: null,
  totalAppointments: 0,
  nextCursor,
});
const fail = () => Promise.reject(new ApiError(500, 'down'));
const NO_FILTERS: DoctorFilters = { conditions: [], specialty: '', q: '' };

describe('loadPatientHints', () => {
  it('reads the chronic conditions and the symptoms that point to a specialty', async () => {
    const hints = await loadPatientHints(
      {
        getPatient: () =>
          Promise.resolve({
            exists: true,
            data: { chronicConditions: ['Hypertension'], symptoms: ['Rash', 'Fever'] },
          } as never),
      },
      'u1',
    );
    expect(hints).toEqual({ conditions: ['Hypertension'], symptoms: ['Rash'] });
  });

  it('treats a missing profile as no conditions and no symptoms', async () => {
    expect(
      await loadPatientHints({ getPatient: () => Promise.reject(new ApiError(404, 'no')) }, 'u1'),
    ).toEqual({
      conditions: [],
      symptoms: [],
    });
  });
});

describe('loadDoctorPage', () => {
  it('sends the filters and the cursor to the server, keeps its order and marks the suggested doctors', async () => {
    const doctorsWithContext = jest
      .fn()
      .mockResolvedValue(page([listing('A', 'General Medicine'), listing('B', 'Dermatology')], 'next-1'));
    const result = await loadDoctorPage(
      { doctorsWithContext, listDoctors: fail },
      'u1',
      { conditions: ['Hypertension'], specialty: 'Dermatology', q: 'skin' },
      ['Rash'],
      'cursor-0',
    );
    expect(doctorsWithContext).toHaveBeenCalledWith('u1', {
      conditions: ['Hypertension'],
      specialty: 'Dermatology',
      q: 'skin',
      cursor: 'cursor-0',
    });
    expect(result.source).toBe('context');
    expect(result.nextCursor).toBe('next-1');
    expect(result.doctors.map((d) => [d.name, d.suggested, d.key])).toEqual([
      ['A', false, 'id-A'],
      ['B', true, 'id-B'],
    ]);
  });

  it('falls back to the first page of GET /api/doctors with the same specialty and text', async () => {
    const publicDoctor: PublicDoctor = {
      id: 'p1',
      name: 'P',
      specialty: 'Pediatrics',
      clinic: 'C',
      schedule,
    };
    const listDoctors = jest.fn().mockResolvedValue([publicDoctor]);
    const result = await loadDoctorPage(
      { doctorsWithContext: fail, listDoctors },
      'u1',
      { conditions: [], specialty: 'Pediatrics', q: 'P' },
      [],
    );
    expect(listDoctors).toHaveBeenCalledWith({ specialty: 'Pediatrics', q: 'P' });
    expect(result).toMatchObject({
      source: 'public',
      nextCursor: null,
      doctors: [{ key: 'p1', name: 'P', visitCount: 0, nextFreeSlot: null }],
    });
  });

  it('uses the samples without schedules when every call fails, with schedules when the unfiltered list is empty', async () => {
    const failed = await loadDoctorPage(
      { doctorsWithContext: fail, listDoctors: fail },
      'u1',
      NO_FILTERS,
      [],
    );
    expect(failed.source).toBe('samples');
    expect(failed.doctors.map((d) => d.specialty)).toEqual(['Cardiology', 'General Medicine', 'Pediatrics']);
    expect(failed.doctors.every((d) => d.schedule === undefined)).toBe(true);

    const empty = await loadDoctorPage(
      { doctorsWithContext: () => Promise.resolve(page([])), listDoctors: fail },
      'u1',
      NO_FILTERS,
      [],
    );
    expect(empty.doctors.every((d) => (d.schedule?.availableDays.length ?? 0) > 0)).toBe(true);
  });

  it('answers an empty search with no doctors, not the samples', async () => {
    const none = await loadDoctorPage(
      { doctorsWithContext: () => Promise.resolve(page([])), listDoctors: fail },
      'u1',
      { ...NO_FILTERS, q: 'nobody' },
      [],
    );
    expect(none).toEqual({ doctors: [], source: 'context', nextCursor: null });
  });
});
