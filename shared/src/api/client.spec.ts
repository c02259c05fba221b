import { createApiClient } from './client.js';
import { ApiError } from './api-error.js';
import { MESSAGES } from '@medora/shared/messages';

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
    const { fn, calls } = fakeFetch(200, []);
    const client = createApiClient({ getToken: async () => 'tok', fetch: fn });
    await client.listDoctors();
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

  // An email verified after the token was issued must not need a new sign-in.
  it('retries a 403 verifyEmailFirst once with a refreshed token, and nothing else', async () => {
    const answers = [
      { status: 403, body: { statusCode: 403, error: 'Forbidden', message: MESSAGES.verifyEmailFirst } },
      { status: 201, body: { uid: 'u1' } },
    ];
    const calls: { auth: string | undefined }[] = [];
    const fn = (async (_url: string, init: RequestInit) => {
      calls.push({ auth: (init.headers as Record<string, string>).Authorization });
      const next = answers.shift()!;
      return new Response(JSON.stringify(next.body), { status: next.status });
    }) as unknown as typeof fetch;
    const forced: boolean[] = [];
    const getToken = async (force?: boolean) => {
      forced.push(force === true);
      return force ? 'fresh' : 'stale';
    };
    await expect(
      createApiClient({ getToken, fetch: fn }).createUser({ uid: 'u1', role: 'patient' }),
    ).resolves.toEqual({ uid: 'u1' });
    expect(calls).toEqual([{ auth: 'Bearer stale' }, { auth: 'Bearer fresh' }]);
    expect(forced).toEqual([false, true]);

    // Still unverified after the refresh: one retry only, then the message.
    const stillForbidden = fakeFetch(403, { message: MESSAGES.verifyEmailFirst });
    const error = await createApiClient({ getToken, fetch: stillForbidden.fn })
      .me()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: MESSAGES.verifyEmailFirst });
    expect(stillForbidden.calls).toHaveLength(2);

    // Any other 403 is not retried.
    const other = fakeFetch(403, { message: MESSAGES.forbidden });
    await createApiClient({ getToken, fetch: other.fn })
      .me()
      .catch(() => undefined);
    expect(other.calls).toHaveLength(1);
  });
});
