import { createApiClient } from '../api/client.js';
import { z } from 'zod';
import {
  LIST_PAGE_EXCEPTIONS,
  RESPONSE_SCHEMAS,
  checkResponse,
  listPageSchema,
  responseRouteOf,
} from './responses.js';

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

/**
 * Every list answers one envelope (docs/architecture.md, "Lists"). A list route is a GET whose answer
 * is an array, or an object with `items`; it must be a strict `ListPage` — `items`, a nullable string
 * `nextCursor` and at most one more field (an aggregate) — unless the specification fixed its shape.
 * The local mode's own tools (`/api/dev/…`, never served in production) are not the product's lists.
 */
describe('list routes answer a ListPage', () => {
  const isList = (schema: z.ZodType) =>
    schema instanceof z.ZodArray || (schema instanceof z.ZodObject && 'items' in schema.shape);
  const listRoutes = Object.entries(RESPONSE_SCHEMAS).filter(
    (entry): entry is [string, z.ZodType] =>
      entry[0].startsWith('GET ') &&
      !entry[0].startsWith('GET /api/dev/') &&
      entry[1] !== null &&
      isList(entry[1]),
  );
  const exceptions: readonly string[] = LIST_PAGE_EXCEPTIONS;

  it('finds the list routes (the check has something to check)', () => {
    expect(listRoutes.map(([route]) => route)).toEqual(
      expect.arrayContaining([
        'GET /api/audit',
        'GET /api/patients/{uid}/visits',
        'GET /api/doctors',
        'GET /api/appointments',
        'GET /api/patients/{uid}/documents',
      ]),
    );
  });

  it.each(listRoutes.filter(([route]) => !exceptions.includes(route)))('%s', (route, schema) => {
    expect(schema).toBeInstanceOf(z.ZodObject);
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
    expect(shape.items).toBeInstanceOf(z.ZodArray);
    expect(shape.nextCursor!.safeParse(null).success).toBe(true);
    expect(shape.nextCursor!.safeParse('abc').success).toBe(true);
    expect(shape.nextCursor!.safeParse(undefined).success).toBe(false);
    expect(Object.keys(shape).length).toBeLessThanOrEqual(
      // The provider's appointments also name the window served (from, to, its time zone).
      route === 'GET /api/provider/appointments' ? 5 : 3,
    );
    // Strict: a field the envelope does not name is refused.
    expect(schema.safeParse({ items: [], nextCursor: null, surplus: 1 }).success).toBe(false);
  });

  it('keeps the spec-fixed exceptions listed as they are, and only those', () => {
    for (const route of LIST_PAGE_EXCEPTIONS) expect(RESPONSE_SCHEMAS[route]).toBeDefined();
    expect(RESPONSE_SCHEMAS['GET /api/doctors']).toBeInstanceOf(z.ZodArray);
    expect(RESPONSE_SCHEMAS['GET /api/appointments']).toBeInstanceOf(z.ZodArray);
    expect(RESPONSE_SCHEMAS['GET /api/patients/{uid}/documents']).toBeInstanceOf(z.ZodArray);
    expect(
      Object.keys((RESPONSE_SCHEMAS['GET /api/doctors-with-context/{uid}'] as z.ZodObject).shape),
    ).toEqual(['doctors', 'lastDoctorName', 'totalAppointments', 'nextCursor']);
  });
});

describe('listPageSchema', () => {
  const page = listPageSchema(z.strictObject({ id: z.string() }), { total: z.number() });

  it('parses a page with its one aggregate, and refuses a missing cursor or a loose field', () => {
    expect(page.safeParse({ items: [{ id: 'a' }], nextCursor: 'c', total: 1 }).success).toBe(true);
    expect(page.safeParse({ items: [{ id: 'a' }], total: 1 }).success).toBe(false);
    expect(page.safeParse({ items: [{ id: 'a', extra: 1 }], nextCursor: null, total: 1 }).success).toBe(
      false,
    );
    expect(page.safeParse({ items: [], nextCursor: null, total: 1, nextBefore: null }).success).toBe(false);
  });
});
