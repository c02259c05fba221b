import { createApiClient, earlyApiStore } from '@medora/shared';
import {
  drawsBeforeAuth,
  FIRST_SCREEN_REQUESTS,
  resumesStoredSession,
  startEarlyApiRequests,
  storedSession,
} from './early-fetch';
import { ROUTE_REMOTE_PAGES } from './early-fetch';

const API_KEY = 'demo-api-key';
const storageKey = `firebase:authUser:${API_KEY}:[DEFAULT]`;

function storeSession(uid: string, token: string, expiresInMs: number) {
  window.localStorage.setItem(
    storageKey,
    JSON.stringify({
      uid,
      email: `${uid}@example.com`,
      emailVerified: true,
      stsTokenManager: { accessToken: token, expirationTime: Date.now() + expiresInMs },
    }),
  );
}

/** jsdom has no Response: what the client reads of one (and the copy the early fetch reads). */
const okResponse = () =>
  ({
    status: 200,
    text: async () => '{}',
    clone: () => ({ arrayBuffer: async () => new ArrayBuffer(2) }),
  }) as unknown as Response;

afterEach(() => {
  window.localStorage.clear();
  earlyApiStore().clear();
  jest.restoreAllMocks();
});

describe('FIRST_SCREEN_REQUESTS', () => {
  /** The URLs the API client requests for these calls, under the base '/api'. */
  async function clientUrls(calls: (api: ReturnType<typeof createApiClient>) => Promise<unknown>[]) {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return okResponse();
    }) as unknown as typeof globalThis.fetch;
    await Promise.all(calls(createApiClient({ baseUrl: '/api', getToken: async () => 't', fetch })));
    return urls.map((url) => url.replace(/^\/api/, ''));
  }
  const uid = 'uid with/odd chars';

  it('names, for the patient dashboard, the URLs of the client’s calls the first screen makes', async () => {
    expect(FIRST_SCREEN_REQUESTS['/dashboard']!(uid)).toEqual(
      await clientUrls((api) => [
        api.me(),
        api.getPatient(uid),
        api.listAppointments(uid),
        api.listDocuments(uid),
        api.notifications(),
        api.listMedications(uid),
        api.importedRecordItems(uid),
        api.listVisits(uid),
        api.accessLog(uid),
      ]),
    );
  });

  it('names, for the provider dashboard, the URLs of the client’s calls the first screen makes', async () => {
    expect(FIRST_SCREEN_REQUESTS['/provider-dashboard']!(uid)).toEqual(
      await clientUrls((api) => [
        api.me(),
        api.providerOverview(),
        api.providerAppointments({}),
        api.providerSchedule(),
        api.getDoctor(uid),
        api.notifications(),
      ]),
    );
  });

  it('is only for routes that mount a remote page', () => {
    for (const route of Object.keys(FIRST_SCREEN_REQUESTS)) expect(ROUTE_REMOTE_PAGES[route]).toBeDefined();
  });
});

describe('storedSession', () => {
  it('reads the account and ID token Firebase Auth keeps in localStorage', () => {
    storeSession('u1', 'tok', 30 * 60_000);
    expect(storedSession(API_KEY)).toEqual({
      uid: 'u1',
      email: 'u1@example.com',
      emailVerified: true,
      token: 'tok',
      expiresAt: expect.any(Number),
    });
  });

  it('ignores a token about to expire, a missing session and a broken one', () => {
    storeSession('u1', 'tok', 10_000);
    expect(storedSession(API_KEY)).toBeNull();
    window.localStorage.clear();
    expect(storedSession(API_KEY)).toBeNull();
    window.localStorage.setItem(storageKey, '{not json');
    expect(storedSession(API_KEY)).toBeNull();
  });
});

describe('drawsBeforeAuth', () => {
  it('holds for the dashboards, whose first screen’s data comes early, and no other page', () => {
    expect(drawsBeforeAuth('/dashboard')).toBe(true);
    expect(drawsBeforeAuth('/provider-dashboard/')).toBe(true);
    expect(drawsBeforeAuth('/form')).toBe(false);
    expect(drawsBeforeAuth('/patient-login')).toBe(false);
  });
});

describe('resumesStoredSession', () => {
  const config = { firebase: { apiKey: API_KEY } };

  it('holds on a dashboard with a stored token still good, and nowhere else', () => {
    expect(resumesStoredSession('/dashboard', config)).toBe(false);
    storeSession('u1', 'tok', 30 * 60_000);
    expect(resumesStoredSession('/dashboard', config)).toBe(true);
    expect(resumesStoredSession('/settings', config)).toBe(false);
    expect(resumesStoredSession('/dashboard', null)).toBe(false);
    storeSession('u1', 'tok', 10_000);
    expect(resumesStoredSession('/dashboard', config)).toBe(false);
  });
});

describe('startEarlyApiRequests', () => {
  const config = { apiBaseUrl: 'http://localhost:8080/api/', firebase: { apiKey: API_KEY } };

  it('sends the route’s first-screen GETs with the stored token, for the client to take', () => {
    storeSession('u1', 'tok', 30 * 60_000);
    const fetch = jest.fn(async () => okResponse());
    global.fetch = fetch as unknown as typeof global.fetch;
    startEarlyApiRequests('/provider-dashboard', config);
    const sent = fetch.mock.calls.map((call) => (call as unknown as [string])[0]);
    expect(sent).toEqual(
      FIRST_SCREEN_REQUESTS['/provider-dashboard']!('u1').map((p) => `http://localhost:8080/api${p}`),
    );
    expect(fetch.mock.calls[0]).toEqual([
      'http://localhost:8080/api/me',
      { headers: { Accept: 'application/json', Authorization: 'Bearer tok' } },
    ]);
    expect(earlyApiStore().get('http://localhost:8080/api/me')?.token).toBe('tok');
  });

  it('sends nothing without a usable session or on a route without first-screen data', () => {
    const fetch = jest.fn(async () => okResponse());
    global.fetch = fetch as unknown as typeof global.fetch;
    startEarlyApiRequests('/provider-dashboard', config);
    storeSession('u1', 'tok', 30 * 60_000);
    startEarlyApiRequests('/', config);
    startEarlyApiRequests('/doctor-onboarding', config);
    expect(fetch).not.toHaveBeenCalled();
    expect(earlyApiStore().size).toBe(0);
  });
});
