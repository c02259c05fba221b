import { createApiClient } from './client.js';
import { EARLY_API_MAX_AGE_MS, earlyApiStore, takeEarlyApiResponse } from './early-response.js';

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

afterEach(() => earlyApiStore().clear());

describe('takeEarlyApiResponse', () => {
  it('hands an early response out once, to the same URL and token', async () => {
    const response = answer({ ok: 1 });
    earlyApiStore().set('/api/me', { token: 't1', startedAt: Date.now(), response });
    expect(takeEarlyApiResponse('/api/other', 't1')).toBeUndefined();
    expect(takeEarlyApiResponse('/api/me', 't1')).toBe(response);
    expect(takeEarlyApiResponse('/api/me', 't1')).toBeUndefined();
  });

  it('drops one sent with another token (another session) or too long ago', () => {
    const now = Date.now();
    earlyApiStore().set('/api/me', { token: 't1', startedAt: now, response: answer({}) });
    expect(takeEarlyApiResponse('/api/me', 't2', now)).toBeUndefined();
    expect(earlyApiStore().has('/api/me')).toBe(false);
    earlyApiStore().set('/api/me', { token: 't1', startedAt: now, response: answer({}) });
    expect(takeEarlyApiResponse('/api/me', 't1', now + EARLY_API_MAX_AGE_MS + 1)).toBeUndefined();
  });
});

describe('the API client and an early response', () => {
  function recordingFetch() {
    const urls: string[] = [];
    const fn = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ registered: false, fresh: true }), { status: 200 });
    }) as unknown as typeof fetch;
    return { fn, urls };
  }

  it('answers a GET from the early response of the same URL and token, without a second request', async () => {
    const { fn, urls } = recordingFetch();
    const client = createApiClient({
      baseUrl: 'http://api.test/api',
      getToken: async () => 'tok',
      fetch: fn,
    });
    earlyApiStore().set('http://api.test/api/me', {
      token: 'tok',
      startedAt: Date.now(),
      response: answer({ registered: true, early: true }),
    });
    expect(await client.me()).toEqual({ registered: true, early: true });
    expect(urls).toEqual([]);
    // Taken once: the next read asks the API.
    expect(await client.me()).toEqual({ registered: false, fresh: true });
    expect(urls).toEqual(['http://api.test/api/me']);
  });

  it('sends its own request when the early one carried another token or failed', async () => {
    const { fn, urls } = recordingFetch();
    const client = createApiClient({
      baseUrl: 'http://api.test/api',
      getToken: async () => 'new',
      fetch: fn,
    });
    earlyApiStore().set('http://api.test/api/me', {
      token: 'old',
      startedAt: Date.now(),
      response: answer({}),
    });
    expect(await client.me()).toEqual({ registered: false, fresh: true });
    earlyApiStore().set('http://api.test/api/me', {
      token: 'new',
      startedAt: Date.now(),
      response: Promise.reject(new TypeError('network')),
    });
    expect(await client.me()).toEqual({ registered: false, fresh: true });
    expect(urls).toEqual(['http://api.test/api/me', 'http://api.test/api/me']);
  });

  it('never uses one for a write', async () => {
    const { fn, urls } = recordingFetch();
    const client = createApiClient({ baseUrl: '/api', getToken: async () => 'tok', fetch: fn });
    earlyApiStore().set('/api/users', { token: 'tok', startedAt: Date.now(), response: answer({}) });
    await client.createUser({ uid: 'u1', role: 'patient' } as never);
    expect(urls).toEqual(['/api/users']);
  });
});
