import path from 'node:path';
import { createWebpackConfig } from '../lib/webpack-config';

/** Production builds never put a source map where a web server serves files. */
describe('source maps of the frontends', () => {
  const packageDir = path.resolve(__dirname, '..', '..', 'shell');
  const config = (mode: 'production' | 'development') =>
    createWebpackConfig({
      packageDir,
      kind: 'host',
      federation: { name: 'shell', shared: {} },
      port: 1,
      mode,
    });

  it('writes production maps outside dist/ and does not name them in the bundles', () => {
    const production = config('production');
    expect(production.devtool).toBe('hidden-source-map');
    const output = production.output!;
    const mapFile = path.resolve(output.path!, String(output.sourceMapFilename).replace('[file]', 'main.js'));
    expect(mapFile).toBe(path.join(packageDir, 'sourcemaps', 'main.js.map'));
    expect(path.relative(output.path!, mapFile).startsWith('..')).toBe(true);
  });

  it('keeps inline maps for development', () => {
    expect(config('development').devtool).toBe('eval-cheap-module-source-map');
  });
});
