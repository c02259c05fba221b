/**
 * Serves one built frontend on its own port, e.g. `npm run serve -w mfe-booking` (a remote team's
 * production check). Flags: --dir <folder> (default ./dist), --port <n>, --spa.
 */
import path from 'node:path';
import { createStaticServer } from './lib/static-server.js';
import { resolveBindHost, resolvePorts, type PortName } from './lib/ports.js';

const PACKAGE_PORTS: Record<string, PortName> = {
  shell: 'SHELL_PORT',
  'mfe-landing': 'LANDING_PORT',
  'mfe-patient': 'PATIENT_PORT',
  'mfe-booking': 'BOOKING_PORT',
  'mfe-provider': 'PROVIDER_PORT',
};

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const pkg = path.basename(process.cwd());
const portName = PACKAGE_PORTS[pkg];
const port = Number(flag('port') ?? (portName ? resolvePorts()[portName] : 8000));
const dir = path.resolve(flag('dir') ?? 'dist');
const server = createStaticServer({ dir, spa: process.argv.includes('--spa') || pkg === 'shell' });
// Loopback unless BIND_HOST opens it, like npm start's servers.
const host = resolveBindHost();
server.listen(port, host, () => console.log(`Serving ${dir} on http://${host}:${port}`));
