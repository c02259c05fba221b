import { createApiClient } from './client.js';
import { ApiError } from './api-error.js';

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe('API client', () => {
  it('attaches the ID token and uses the configured base URL', async () => {
    const { fn, calls } = fakeFetch(200, { registered: true });
    const client = createApiClient({
      baseUrl: 'http://api.test/api/',
      getToken: async () => 'tok',
      fetch: fn,
    });
    await client.me();
    expect(calls[0]!.url).toBe('http://api.test/api/me');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('sends no Authorization header on public routes', async () => {
    const { fn, calls } = fakeFetch(200, { status: 'ok' });
    const client = createApiClient({ getToken: async () => 'tok', fetch: fn });
    await client.health();
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws ApiError with the server message and fields outside 200–299', async () => {
    const { fn } = fakeFetch(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Nope',
      fields: { role: 'Nope' },
    });
    const client = createApiClient({ fetch: fn });
    const error = await client.createUser({ uid: 'u1', role: 'patient' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Nope', fields: { role: 'Nope' } });
  });

  it('falls back to the error field, then to the status', async () => {
    const a = await createApiClient({ fetch: fakeFetch(500, { error: 'Boom' }).fn })
      .me()
      .catch((e: Error) => e.message);
    expect(a).toBe('Boom');
    const b = await createApiClient({ fetch: fakeFetch(502, '').fn })
      .me()
      .catch((e: Error) => e.message);
    expect(b).toBe('Request failed with status 502');
  });

  it('encodes query values', async () => {
    const { fn, calls } = fakeFetch(200, []);
    await createApiClient({ fetch: fn }).request('/appointments', { query: { uid: 'a b', skip: undefined } });
    expect(calls[0]!.url).toBe('/api/appointments?uid=a%20b');
  });
});
