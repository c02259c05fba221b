/**
 * Default ports of the local stack, each overridable by its env variable. `PORT_OFFSET` shifts every
 * default at once, so a test stack can run beside a developer's stack on the same machine.
 */
export const DEFAULT_PORTS = {
  GATEWAY_PORT: 8080,
  API_PORT: 3000,
  SHELL_PORT: 3100,
  LANDING_PORT: 3101,
  PATIENT_PORT: 3102,
  BOOKING_PORT: 3103,
  PROVIDER_PORT: 3104,
  AUTH_EMULATOR_PORT: 9099,
  AUTH_EMULATOR_HUB_PORT: 4400,
  AUTH_EMULATOR_LOGGING_PORT: 4500,
  EMBEDDED_PG_PORT: 5433,
} as const;

export type PortName = keyof typeof DEFAULT_PORTS;
export type Ports = Record<PortName, number>;

export function resolvePorts(env: NodeJS.ProcessEnv = process.env): Ports {
  const offset = Number(env.PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 50000) {
    throw new Error(`PORT_OFFSET must be a whole number from 0 to 50000 (got '${env.PORT_OFFSET}')`);
  }
  const ports = {} as Ports;
  for (const [name, def] of Object.entries(DEFAULT_PORTS) as [PortName, number][]) {
    const raw = env[name];
    const port = raw === undefined || raw === '' ? def + offset : Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${name} must be a port number from 1 to 65535 (got '${raw}')`);
    }
    ports[name] = port;
  }
  return ports;
}

/** Where the local stack's servers listen unless BIND_HOST says otherwise: this machine only. */
export const DEFAULT_BIND_HOST = '127.0.0.1';

/**
 * The address `npm start`'s gateway and frontend servers listen on (BIND_HOST). Loopback by default:
 * in local mode anyone who reaches them can take a demo admin session and read the local mailbox.
 */
export function resolveBindHost(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.BIND_HOST?.trim();
  if (!raw) return DEFAULT_BIND_HOST;
  if (!/^[\w.:-]+$/.test(raw)) {
    throw new Error(`BIND_HOST must be an IP address or host name, e.g. 0.0.0.0 (got '${raw}')`);
  }
  return raw;
}

/** True for an address only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
