/**
 * Renders one nginx site from its template plus the shared includes (security headers from the runtime
 * config, compression, maps) into a conf.d folder. The gateway and web images run it at container start
 * (docker/nginx/30-medora-render.sh, bundled to one file at image build); tests call the same functions.
 *   render-nginx --template docker/nginx/gateway.conf --out /etc/nginx/conf.d [--name default]
 */
import { buildRuntimeConfig } from '../shared/src/runtime-config-env.js';
import { renderSite } from './lib/nginx.js';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

try {
  const template = flag('template');
  const out = flag('out');
  if (!template || !out)
    throw new Error('usage: render-nginx --template <file> --out <conf.d> [--name default]');
  renderSite(out, template, process.env, buildRuntimeConfig(process.env), flag('name') ?? 'default');
  console.log(`render-nginx: wrote ${out}/${flag('name') ?? 'default'}.conf and its includes`);
} catch (error) {
  console.error(`render-nginx: ${(error as Error).message}`);
  process.exit(1);
}
