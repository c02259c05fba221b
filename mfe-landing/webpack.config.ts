import { createWebpackConfig, type BuildMode } from '../scripts/lib/webpack-config';
import { resolvePorts } from '../scripts/lib/ports';
import federation from './module-federation.config';

export default function webpackConfig(options: { mode?: BuildMode; outputPath?: string } = {}) {
  return createWebpackConfig({
    packageDir: __dirname,
    kind: 'remote',
    federation,
    port: resolvePorts().LANDING_PORT,
    // The page is static: the production build also renders it to HTML for the gateway to include.
    prerender: { expose: './LandingPage', remote: 'landing' },
    ...options,
  });
}
