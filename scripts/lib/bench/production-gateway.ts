/**
 * The production shape of the web tier for `npm run bench:web`: the repository's nginx configs (the
 * ones the images render) on loopback, in front of the API that `npm start` runs. Each build is served
 * by its own nginx static site (static.conf), and the gateway (gateway.conf) answers over TLS with
 * HTTP/2, as `docker-compose.tls.yml` deploys it, with a certificate made for the run. What a phone
 * meets in production, where the `npm start` gateway speaks plain HTTP/1.1.
 */
import { chmodSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RuntimeConfig } from '../../../shared/src/remotes.js';
import { findNginx, NGINX_TEMPLATES, renderSite, startNginx } from '../nginx.js';
import type { Ports } from '../ports.js';
import { REMOTES } from '../stack.js';
import { writeSelfSignedCertificate } from '../tls.js';

/** The builds the gateway sends routes to, by the gateway's upstream variable. */
const BUILDS: Record<string, string> = {
  SHELL_UPSTREAM: 'shell',
  ...Object.fromEntries(
    Object.entries(REMOTES).map(([name, remote]) => [`${name.toUpperCase()}_UPSTREAM`, remote.pkg]),
  ),
};

export interface ProductionGateway {
  /** The HTTPS origin (`https://localhost:<port>`); browsers must accept its self-signed certificate. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the five static sites and the gateway on ports from `firstPort` on, the gateway's
 * TLS listener at `firstPort`. `stack` is the running `npm start` stack, whose API and runtime config
 * (the shell's `/runtime-config.json`, which the shell image writes at container start) it uses.
 */
export async function startProductionGateway(options: {
  repoRoot: string;
  stackOrigin: string;
  stackPorts: Ports;
  firstPort: number;
}): Promise<ProductionGateway> {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is missing: apt-get install nginx (or set NGINX_BIN)');
  const config = (await (await fetch(`${options.stackOrigin}/runtime-config.json`)).json()) as RuntimeConfig;

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'medora-bench-nginx-'));
  // nginx started as root serves files as `nobody`.
  chmodSync(tmp, 0o755);
  const prefix = path.join(tmp, 'nginx');
  const confDir = path.join(prefix, 'conf.d');
  const upstreams: Record<string, string> = {};
  let port = options.firstPort;
  const tlsPort = port++;
  const plainPort = port++;
  for (const [variable, build] of Object.entries(BUILDS)) {
    let root = path.join(options.repoRoot, build, 'dist');
    if (build === 'shell') {
      // The shell's root with the runtime config beside its build, as the image has it.
      const shellRoot = path.join(tmp, 'shell');
      cpSync(root, shellRoot, { recursive: true });
      writeFileSync(path.join(shellRoot, 'runtime-config.json'), JSON.stringify(config));
      root = shellRoot;
    }
    const webPort = port++;
    renderSite(confDir, NGINX_TEMPLATES.static, { WEB_PORT: String(webPort), WEB_ROOT: root }, config, build);
    upstreams[variable] = `127.0.0.1:${webPort}`;
  }
  const tls = await writeSelfSignedCertificate(tmp, ['localhost', '127.0.0.1']);
  renderSite(
    confDir,
    NGINX_TEMPLATES.gateway,
    {
      NGINX_PORT: String(plainPort),
      NGINX_RESOLVER: '127.0.0.1',
      API_UPSTREAM: `127.0.0.1:${options.stackPorts.API_PORT}`,
      ...upstreams,
      NGINX_ACCESS_LOG: path.join(tmp, 'access.log'),
      TLS_PORT: String(tlsPort),
      TLS_CERT_FILE: tls.certFile,
      TLS_KEY_FILE: tls.keyFile,
    },
    config,
    'gateway',
  );
  const nginx = await startNginx(binary, prefix, `http://127.0.0.1:${plainPort}/healthz`);
  return {
    origin: `https://localhost:${tlsPort}`,
    stop: async () => {
      await nginx.stop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
