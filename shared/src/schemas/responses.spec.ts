import { createApiClient } from '../api/client.js';
import { RESPONSE_SCHEMAS, checkResponse, responseRouteOf } from './responses.js';

const APPOINTMENT = {
  id: 'a1',
  uid: 'patient-1',
  date: '2026-12-01 at 10:30 AM',
  doctor: 'Dr. Ada',
  doctorId: 'd1',
  clinic: 'North',
  specialty: 'Cardiology',
  notes: '',
  prescriptionUrl: null,
  bookedAt: '2026-11-24T10:00:00.000Z',
  status: 'Scheduled',
  startsAt: '2026-12-01T10:30:00.000Z',
  timeZone: 'Europe/London',
};

function jsonFetch(body: unknown) {
  return (async () => new Response(JSON.stringify(body), { status: 200 })) as unknown as typeof fetch;
}

describe('response schemas', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('maps a concrete call to its route template', () => {
    expect(responseRouteOf('GET', '/api/appointments/a1')).toBe('GET /api/appointments/{id}');
    expect(responseRouteOf('get', '/api/appointments?uid=x')).toBe('GET /api/appointments');
    expect(responseRouteOf('GET', '/api/doctors-with-context/u1')).toBe(
      'GET /api/doctors-with-context/{uid}',
    );
    expect(responseRouteOf('POST', '/api/admin/doctors/d1/approve')).toBe(
      'POST /api/admin/doctors/{id}/approve',
    );
    expect(responseRouteOf('GET', '/api/nowhere')).toBeNull();
  });

  it('accepts a matching body silently', () => {
    expect(checkResponse('GET', '/appointments/a1', APPOINTMENT)).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it('reports a mismatch with the route and the zod issues, without throwing', () => {
    const wrong = { ...APPOINTMENT, status: 'Booked', startsAt: undefined };
    expect(checkResponse('GET', '/appointments/a1', wrong)).toBe(false);
    expect(errors).toHaveBeenCalledTimes(1);
    const [message, issues] = errors.mock.calls[0] as [string, { path: string[] }[]];
    expect(message).toContain('GET /api/appointments/{id}');
    expect(issues.map((i) => i.path.join('.')).sort()).toEqual(['startsAt', 'status']);
  });

  it('the client hands each JSON success body to validateResponse and still returns it', async () => {
    const seen: [string, string, unknown][] = [];
    const client = createApiClient({
      fetch: jsonFetch([{ ...APPOINTMENT, status: 'Booked' }]),
      validateResponse: (method, path, data) => {
        seen.push([method, path, data]);
        checkResponse(method, path, data);
      },
    });
    const list = await client.listAppointments('patient-1');
    expect(list[0]!.status).toBe('Booked');
    expect(seen.map(([m, p]) => `${m} ${p}`)).toEqual(['GET /appointments']);
    expect(errors.mock.calls[0]![0]).toContain('GET /api/appointments does not match');
  });

  it('a check that throws is reported, not passed on to the caller', async () => {
    const client = createApiClient({
      fetch: jsonFetch(APPOINTMENT),
      validateResponse: () => {
        throw new Error('broken check');
      },
    });
    await expect(client.getAppointment('a1')).resolves.toMatchObject({ id: 'a1' });
    expect(errors).toHaveBeenCalledWith('[medora] response check failed', expect.any(Error));
  });

  it('every JSON route has a schema that refuses an empty body', () => {
    for (const [key, schema] of Object.entries(RESPONSE_SCHEMAS)) {
      if (schema) expect([key, schema.safeParse(undefined).success]).toEqual([key, false]);
    }
  });
});
