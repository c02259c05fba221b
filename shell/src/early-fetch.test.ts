import { CHUNK_LOAD_TIMEOUT_MS } from '@medora/shared';
import { EARLY_MANIFEST_TIMEOUT_MS, remoteFilesToPreload, takeEarlyManifest } from './early-fetch';

describe('remoteFilesToPreload', () => {
  const manifest = {
    metaData: { remoteEntry: { path: '', name: 'remoteEntry.js' }, publicPath: 'auto' },
    exposes: [
      {
        name: 'LandingPage',
        path: './LandingPage',
        assets: {
          js: { sync: ['377.f35d0670.js', '__federation_expose_LandingPage.js'] },
          css: { sync: ['__federation_expose_LandingPage.3ece6c33.css'] },
        },
      },
      { name: 'Other', path: './Other', assets: { js: { sync: ['999.js'] } } },
    ],
  };

  it('names the entry and the exposed module’s chunks and stylesheets next to a publicPath:auto manifest', () => {
    expect(
      remoteFilesToPreload(manifest, 'http://localhost:8080/remotes/landing/mf-manifest.json', 'LandingPage'),
    ).toEqual([
      'http://localhost:8080/remotes/landing/remoteEntry.js',
      'http://localhost:8080/remotes/landing/377.f35d0670.js',
      'http://localhost:8080/remotes/landing/__federation_expose_LandingPage.js',
      'http://localhost:8080/remotes/landing/__federation_expose_LandingPage.3ece6c33.css',
    ]);
  });

  it('uses an explicit publicPath when the manifest has one', () => {
    const cdn = {
      ...manifest,
      metaData: { ...manifest.metaData, publicPath: 'https://cdn.example/landing/' },
    };
    expect(
      remoteFilesToPreload(cdn, 'http://localhost:8080/remotes/landing/mf-manifest.json', 'Other'),
    ).toEqual(['https://cdn.example/landing/remoteEntry.js', 'https://cdn.example/landing/999.js']);
  });

  it('names only the entry when the module is not exposed', () => {
    expect(remoteFilesToPreload(manifest, 'http://x/remotes/landing/mf-manifest.json', 'Missing')).toEqual([
      'http://x/remotes/landing/remoteEntry.js',
    ]);
  });
});

describe('the early manifest request', () => {
  it('waits as long as the federation runtime would (CHUNK_LOAD_TIMEOUT_MS)', () => {
    expect(EARLY_MANIFEST_TIMEOUT_MS).toBe(CHUNK_LOAD_TIMEOUT_MS);
  });

  it('is handed out once, then the runtime fetches for itself (a Retry)', async () => {
    const res = { ok: true } as Response;
    window.__medoraManifests = new Map([['http://x/remotes/landing/mf-manifest.json', Promise.resolve(res)]]);
    expect(await takeEarlyManifest('http://x/remotes/landing/mf-manifest.json')).toBe(res);
    expect(takeEarlyManifest('http://x/remotes/landing/mf-manifest.json')).toBeUndefined();
    expect(takeEarlyManifest('http://x/remotes/patient/mf-manifest.json')).toBeUndefined();
  });
});
