import { createWebpackConfig, type BuildMode } from '../scripts/lib/webpack-config';
import { resolvePorts } from '../scripts/lib/ports';
import federation from './module-federation.config';

export default function webpackConfig(options: { mode?: BuildMode; outputPath?: string } = {}) {
  return createWebpackConfig({
    packageDir: __dirname,
    kind: 'remote',
    federation,
    port: resolvePorts().PATIENT_PORT,
    ...options,
  });
}
