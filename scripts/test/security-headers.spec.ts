import { buildRuntimeConfig } from '../../shared/src/runtime-config-env';
import { negotiateEncoding, varyOnEncoding } from '../lib/compression';
import {
  contentSecurityPolicy,
  FIREBASE_AUTH_ORIGINS,
  nginxSecurityHeaders,
  securityHeaders,
  servedOverTls,
} from '../lib/security-headers';

const production = buildRuntimeConfig({
  MEDORA_MODE: 'production',
  FIREBASE_API_KEY: 'k',
  FIREBASE_AUTH_DOMAIN: 'medora-prod.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'medora-prod',
  REMOTE_BOOKING_URL: 'https://booking.cdn.example/mf-manifest.json',
});
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('the security-header policy', () => {
  it('in production allows Firebase Auth’s Google endpoints and the auth domain, not an emulator', () => {
    const csp = contentSecurityPolicy(production);
    expect(directive(csp, 'connect-src')).toEqual(expect.arrayContaining([...FIREBASE_AUTH_ORIGINS]));
    expect(directive(csp, 'frame-src')).toContain('https://medora-prod.firebaseapp.com');
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('allows a remote served from another origin to load its scripts and styles', () => {
    const csp = contentSecurityPolicy(production);
    for (const name of ['script-src', 'style-src', 'connect-src'])
      expect(directive(csp, name)).toContain('https://booking.cdn.example');
  });

  it('never allows inline or eval code outside the development servers', () => {
    expect(contentSecurityPolicy(production)).not.toMatch(/unsafe-/);
    expect(directive(contentSecurityPolicy(production, { dev: true }), 'script-src')).toContain(
      "'unsafe-eval'",
    );
  });

  it('sends HSTS only over TLS, told by the socket or the edge', () => {
    expect(securityHeaders(production)).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaders(production, { tls: true })['Strict-Transport-Security']).toMatch(/^max-age=/);
    expect(servedOverTls({ headers: { 'x-forwarded-proto': 'https' }, socket: {} })).toBe(true);
    expect(servedOverTls({ headers: { 'x-forwarded-proto': 'http' }, socket: {} })).toBe(false);
    expect(servedOverTls({ headers: {}, socket: { encrypted: true } })).toBe(true);
  });

  it('renders every header of the map into the nginx include, hiding an upstream’s copy', () => {
    const inc = nginxSecurityHeaders(production);
    for (const [name, value] of Object.entries(securityHeaders(production))) {
      expect(inc).toContain(`proxy_hide_header ${name};`);
      expect(inc).toContain(`add_header ${name} "${value}" always;`);
    }
    expect(inc).toContain('add_header Strict-Transport-Security $medora_hsts always;');
  });
});

describe('compression negotiation', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('accept-encoding')).toBe('accept-encoding');
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
  });
});
