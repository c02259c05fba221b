/**
 * One webpack configuration for every frontend package (shell and remotes), so each package's
 * `webpack.config.ts` is a few lines. Rules from ARCHITECTURE (rules 1–3) and MACHINE-NOTES
 * ("Module federation"): remotes found at run time (`remotes: {}` in the shell), singletons with
 * `requiredVersion` from package.json, `chunkLoadTimeout` 120 s, `dts: false`, remotes on
 * `publicPath: 'auto'`, unhashed `remoteEntry.js` / `mf-manifest.json`, everything else hashed.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CONTRACT_PACKAGE,
  remoteMountPath,
  type RemoteName,
} from '../../shared/src/remotes.js';
import { MESSAGES } from '../../shared/src/messages.js';
import { robotsTxt } from '../../shared/src/page-paths.js';
import { resolveBindHost } from './ports.js';
import { RUNTIME_CONFIG_PATH } from '../../shell/src/runtime-config-path.js';
import { LANDING_HTML, landingHtml, PrerenderPlugin } from './prerender.js';

/**
 * Modules that must exist once on the page. Subpaths are shared one by one: webpack matches shared
 * requests exactly, so `react/jsx-runtime` and `react-dom/client` need their own entries, and
 * firebase is imported only through `firebase/app` and `firebase/auth`. `@medora/shared/schemas` (zod)
 * is a separate entry so that pages which validate nothing never load it.
 */
export const SINGLETON_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // The router through its facade, so the page loads only the parts of react-router in use.
  '@medora/shared/router',
  'zustand',
  'firebase/app',
  'firebase/auth',
  '@medora/shared',
  '@medora/shared/schemas',
  // The message catalogue (~24 KB gzip): every module of @medora/shared imports it by this subpath,
  // so the subpath entries a remote bundles itself (`/intake`, `/medicines`) use the page's one copy.
  '@medora/shared/messages',
  // Server state: one TanStack Query package and one QueryClient on the page, so a
  // mutation in one remote invalidates what the shell and the other remotes show.
  '@tanstack/react-query',
  '@medora/shared/query',
  // One Dialog and one Popover, the same component in the shell and every remote.
  '@medora/shared/ui',
] as const;

export type SingletonModule = (typeof SINGLETON_MODULES)[number];

export interface SharedSingletonConfig {
  singleton: true;
  requiredVersion: string;
  /** Refuse a version outside `requiredVersion` instead of warning (the contract package). */
  strictVersion?: true;
  /** Provided version; set where the resolved subpath has no version of its own (firebase/*). */
  version?: string;
}

/** What a package's `module-federation.config.ts` declares. */
export interface FederationConfig {
  name: string;
  /** Remotes only: 'remoteEntry.js'. */
  filename?: string;
  exposes?: Record<string, string>;
  shared: Record<string, SharedSingletonConfig>;
}

export type BuildMode = 'production' | 'development';

export interface WebpackConfigOptions {
  /** Absolute path of the package folder (holds package.json, src/, tsconfig.json). */
  packageDir: string;
  kind: 'host' | 'remote';
  federation: FederationConfig;
  /** Dev-server port. */
  port: number;
  mode?: BuildMode;
  /** Output folder override (`build --out <dir>`); default `<packageDir>/dist`. */
  outputPath?: string;
  /**
   * A remote whose exposed page is static: the exposed name (`./LandingPage`) that its production
   * build prerenders into PRERENDER_FILE for the gateway to include (prerender.ts).
   */
  prerender?: { expose: string; remote: RemoteName };
}

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** The package that provides a (possibly subpath) module: 'react/jsx-runtime' → 'react'. */
export function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The shared-singleton config of a package: every module of `SINGLETON_MODULES` with
 * `requiredVersion` taken from the package's own package.json.
 */
export function createSharedConfig(
  packageDir: string,
  modules: readonly string[] = SINGLETON_MODULES,
): Record<string, SharedSingletonConfig> {
  const pkg = readJson<PackageJson>(path.join(packageDir, 'package.json'));
  const ranges = { ...pkg.devDependencies, ...pkg.dependencies };
  const shared: Record<string, SharedSingletonConfig> = {};
  for (const request of modules) {
    const owner = packageOf(request);
    const requiredVersion = ranges[owner];
    if (!requiredVersion) {
      throw new Error(
        `${pkg.name}: shared module '${request}' needs '${owner}' in package.json dependencies`,
      );
    }
    shared[request] = { singleton: true, requiredVersion };
    if (owner === CONTRACT_PACKAGE) {
      // The contract between shell and remotes (docs/architecture.md#remote-contract): another major
      // must not load. The shell's runtime plugin refuses such a remote before this is reached.
      shared[request].strictVersion = true;
    }
    if (owner !== request && owner === 'firebase') {
      // firebase/app/package.json has no "version": tell webpack which version is provided.
      shared[request].version = installedVersion(packageDir, owner);
    }
  }
  return shared;
}

function installedVersion(packageDir: string, pkgName: string): string {
  const file = require.resolve(`${pkgName}/package.json`, { paths: [packageDir] });
  return readJson<{ version: string }>(file).version;
}

/** `__LOCAL_TOOLS__`: true unless MEDORA_TARGET=production (docker images build with it). */
export function localTools(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MEDORA_TARGET !== 'production';
}

/**
 * `__CONTRACT_VERSION__`: the version of @medora/shared, the contract between shell and remotes
 * (docs/architecture.md#remote-contract); the same package.json federation reads its version from.
 */
export function contractVersion(): string {
  return readJson<{ version: string }>(path.resolve(__dirname, '../../shared/package.json')).version;
}

/** `__BUILD_ID__`: MEDORA_BUILD_ID, or the build's ISO timestamp. */
export function buildId(env: NodeJS.ProcessEnv = process.env): string {
  return env.MEDORA_BUILD_ID || new Date().toISOString();
}

/**
 * One federation runtime on the page (it is ~24 KB gzip). The shell bundles the runtime and
 * publishes it as a global; a remote's production build leaves it out and uses the shell's
 * (`experiments.externalRuntime`), so its remoteEntry.js is a few KB instead of ~27 KB. A remote in
 * development keeps its own copy so that it still runs standalone (`npm run dev -w mfe-booking`): the
 * externals behind `externalRuntime` apply to every entry of a build, the standalone one too.
 *
 * The shell adds the publishing runtime plugin itself instead of `provideExternalRuntime: true`: that
 * option adds it by `require.resolve` path, i.e. its CommonJS build, which pulls a second, CommonJS copy
 * of runtime-core and the SDK into the shell (main.js grew from 27 to 48 KB gzip); its ES build shares
 * the one copy the shell already has.
 * `optimization.target: 'web'` drops the runtime's Node.js code paths. `disableSnapshot` drops the
 * runtime's snapshot and preload-planning plugins from the shell (~1.5 KB gzip of main.js): the
 * shell's own remote-manifest-plugin.ts resolves a manifest to its remoteEntry.js instead, through the
 * same snapshot handler. `disableRemote` drops the code that loads remotes from a remote's
 * remoteEntry.js (~0.6 KB gzip each): a remote loads no other remote, and the page's loading of
 * remotes is the shell's runtime.
 */
export function provideRuntimePluginPath(): string {
  // The package's "module" build sits beside its CommonJS "main" (dist/index.cjs → dist/index.js).
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  const esm = path.join(path.dirname(cjs), 'index.js');
  if (!fs.existsSync(esm)) throw new Error(`No ES module build of the runtime-providing plugin at ${esm}`);
  return esm;
}

export function federationRuntimeOptions(kind: WebpackConfigOptions['kind'], mode: BuildMode) {
  const target = 'web' as const;
  if (kind === 'host') {
    return {
      runtimePlugins: [provideRuntimePluginPath()],
      experiments: { optimization: { target, disableSnapshot: true } },
    };
  }
  return {
    experiments:
      mode === 'production'
        ? { externalRuntime: true, optimization: { target, disableRemote: true } }
        : { optimization: { target } },
  };
}

/**
 * Styling: CSS files compiled by webpack and EXTRACTED into content-hashed `.css` files
 * that load as `<link>` (never `style-loader`, which injects `<style>` at run time: a strict
 * Content-Security-Policy forbids that). A remote's CSS chunk is loaded by its own webpack runtime
 * together with the JS chunk of the exposed module, from the remote's `publicPath: 'auto'`.
 * `*.module.css` files are CSS Modules (class names scoped per file, so two remotes on one page cannot
 * clash); other `.css` files (the design tokens) are global.
 */
export function cssRule(mode: BuildMode, { localsOnly = false } = {}) {
  return {
    test: /\.css$/,
    use: [
      // A prerender (prerender.ts) needs the class names alone; the browser build's CSS is the CSS.
      ...(localsOnly ? [] : [MiniCssExtractPlugin.loader]),
      {
        loader: require.resolve('css-loader'),
        options: {
          modules: {
            auto: /\.module\.css$/,
            // `import styles from './x.module.css'`, `styles.card` (css-loader 7 defaults to named exports).
            namedExport: false,
            exportLocalsConvention: 'as-is',
            localIdentName: mode === 'production' ? '[hash:base64:8]' : '[name]__[local]',
            ...(localsOnly ? { exportOnlyLocals: true } : {}),
          },
        },
      },
    ],
  };
}

export function cssExtractPlugin(mode: BuildMode) {
  const production = mode === 'production';
  return new MiniCssExtractPlugin({
    filename: production ? '[name].[contenthash:8].css' : '[name].css',
    chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
  });
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The design tokens' accent colour (`--md-accent` in shared/src/ui/tokens.css). */
function accentColour(): string {
  const tokens = fs.readFileSync(path.resolve(__dirname, '../../shared/src/ui/tokens.css'), 'utf8');
  const colour = /--md-accent:\s*(#[0-9a-fA-F]{3,8})\s*;/.exec(tokens)?.[1];
  if (!colour) throw new Error('shared/src/ui/tokens.css: no --md-accent colour');
  return colour;
}

/**
 * The tab icon: the header's logo mark (a white cross on the accent colour), inline, so no page spends
 * a request on it (without one, browsers ask for /favicon.ico, which the shell answers with its page).
 */
export const FAVICON_HREF = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='7' fill='${accentColour()}'/><path d='M16 8v16M8 16h16' stroke='white' stroke-width='4' stroke-linecap='round'/></svg>`,
)}`;

/** Every page of a build: `body` inside <body>, `head` after the title. */
const htmlPage = (body: string, head = '') => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${escapeAttribute(MESSAGES.pageDescription)}" />
    <link rel="icon" href="${FAVICON_HREF}" />
    <title>Medora</title>${head ? `\n    ${head}` : ''}
  </head>
  <body>
    ${body}
  </body>
</html>
`;

/**
 * Where production source maps go, relative to the output folder: `<pkg>/sourcemaps/` next to
 * `<pkg>/dist/`, so no web server that serves dist/ can hand them out.
 */
export const SOURCE_MAPS_OUTSIDE_DIST = '../sourcemaps';

/**
 * Where a production build writes its chunk graph (`chunks.json`), next to `dist/` and never served:
 * the per-route JavaScript budget (`scripts/lib/web-budget.ts`) reads it after every build.
 */
export const BUILD_STATS_OUTSIDE_DIST = '../build-stats';

/** Scripts that load together, and the federation share keys their modules consume. */
export interface ChunkSet {
  js: string[];
  consumes: string[];
}

/** What `chunks.json` holds: enough to compute the JavaScript a route loads before it shows. */
export interface ChunkGraph {
  /** The entry's own scripts (what index.html or remoteEntry.js loads first). */
  entry: ChunkSet;
  /**
   * Every lazily loaded chunk group: its name (a remote's exposed page is `__federation_expose_<Name>`)
   * and which `import()` made it (request and importing file).
   */
  groups: (ChunkSet & { name: string | null; origins: { module: string; request: string }[] })[];
  /** What this build loads for each share key it provides, when the page uses its copy. */
  provides: Record<string, ChunkSet>;
}

/** Emits `chunks.json` (ChunkGraph) into `build-stats/`. */
class ChunkGraphPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('ChunkGraphPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGraphPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph } = compilation;
          // A chunk can hold consumes alone and have no file: the keys count for its whole group.
          const set = (chunks: Iterable<webpack.Chunk>): ChunkSet => {
            const list = [...chunks];
            return {
              js: list.flatMap((c) => [...c.files].filter((f) => f.endsWith('.js'))),
              consumes: [
                ...new Set(
                  list.flatMap((c) =>
                    chunkGraph
                      .getChunkModules(c)
                      .filter((m) => m.type === 'consume-shared-module')
                      .map((m) => (m as unknown as { options: { shareKey: string } }).options.shareKey),
                  ),
                ),
              ].sort(),
            };
          };
          const relative = (m: webpack.Module | null) =>
            m && 'resource' in m ? path.relative(compiler.context, String(m.resource)) : '';
          const main = compilation.entrypoints.get('main');
          const graph: ChunkGraph = {
            entry: main ? set(main.chunks) : { js: [], consumes: [] },
            groups: [],
            provides: {},
          };
          for (const group of compilation.chunkGroups) {
            if (group.isInitial()) continue;
            graph.groups.push({
              name: group.name ?? null,
              origins: group.origins.map((o) => ({ module: relative(o.module), request: o.request })),
              ...set(group.chunks),
            });
          }
          for (const m of compilation.modules) {
            if (m.type !== 'provide-module') continue;
            const key = (m as unknown as { _name: string })._name;
            graph.provides[key] = set(
              m.blocks.flatMap((b) => chunkGraph.getBlockChunkGroup(b)?.chunks ?? []),
            );
          }
          compilation.emitAsset(
            `${BUILD_STATS_OUTSIDE_DIST}/chunks.json`,
            new webpack.sources.RawSource(JSON.stringify(graph, null, 1)),
          );
        },
      );
    });
  }
}

/** The shell's boot chunk group: `import(/* webpackChunkName: "bootstrap" *\/ './bootstrap')` in index.ts. */
export const BOOT_CHUNK = 'bootstrap';

/**
 * The script and style files a chunk group needs before its code runs: its own chunks and, closing
 * over every federation share key they consume, the chunks that provide that key in this build.
 */
export function preloadFiles(compilation: webpack.Compilation, groupName: string): string[] {
  const { chunkGraph } = compilation;
  const group = compilation.namedChunkGroups.get(groupName);
  if (!group) return [];
  const providers = new Map<string, webpack.Chunk[]>();
  for (const m of compilation.modules) {
    if (m.type !== 'provide-module') continue;
    const key = (m as unknown as { _name: string })._name;
    const chunks = m.blocks.flatMap((b) => chunkGraph.getBlockChunkGroup(b)?.chunks ?? []);
    providers.set(key, [...(providers.get(key) ?? []), ...chunks]);
  }
  const seen = new Set<webpack.Chunk>();
  const queue = [...group.chunks];
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const m of chunkGraph.getChunkModules(chunk)) {
      if (m.type !== 'consume-shared-module') continue;
      queue.push(
        ...(providers.get((m as unknown as { options: { shareKey: string } }).options.shareKey) ?? []),
      );
    }
  }
  return [...seen].flatMap((c) => [...c.files]).filter((f) => /\.(js|css)$/.test(f));
}

/**
 * Puts `<link rel="preload">` for the shell's boot path into index.html: the runtime config, the boot
 * chunk and the shared singletons it consumes (react-dom, @medora/shared, …). Without them the browser
 * learns of each only after main.js has run, one round trip later (mobile LCP).
 */
class BootPreloadPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        const link = (attributes: Record<string, string | boolean>) => ({
          tagName: 'link',
          voidTag: true,
          attributes,
          meta: { plugin: 'BootPreloadPlugin' },
        });
        const files = preloadFiles(compilation, BOOT_CHUNK);
        data.headTags.unshift(
          // Same mode and credentials as early-fetch.ts's fetch(), so the browser hands it this response.
          link({ rel: 'preload', href: RUNTIME_CONFIG_PATH, as: 'fetch', crossorigin: 'anonymous' }),
          ...files.map((file) =>
            link({
              rel: 'preload',
              href: `${data.publicPath}${file}`,
              as: file.endsWith('.css') ? 'style' : 'script',
            }),
          ),
        );
        return data;
      });
    });
  }
}

/**
 * The shell's LANDING_HTML (prerender.ts): no preloads (a prerendered landing page runs no script),
 * the boot chunk's styles (design tokens, kit) in the head, the entry script in the include's stub.
 */
function landingPagePlugin(): HtmlWebpackPlugin {
  return new HtmlWebpackPlugin({
    filename: LANDING_HTML,
    inject: false,
    templateContent: ({ compilation, htmlWebpackPlugin }) => {
      const { publicPath, js } = (htmlWebpackPlugin as { files: { publicPath: string; js: string[] } }).files;
      const styles = preloadFiles(compilation as webpack.Compilation, BOOT_CHUNK).filter((f) =>
        f.endsWith('.css'),
      );
      return landingHtml(
        htmlPage,
        styles.map((f) => `${publicPath}${f}`),
        js,
      );
    },
  });
}

/**
 * Takes webpack's own share-scope runtime module out of every chunk. webpack adds it wherever the
 * share scope is used, and the federation plugin adds its own beside it, which replaces the share
 * scope and `__webpack_require__.I` when it runs after: webpack's only repeated the table of shared
 * modules in dead code (0.27 KB gzip in main.js and in each remoteEntry.js).
 */
export class DropWebpackShareRuntimePlugin {
  apply(compiler: webpack.Compiler): void {
    // The webpack the compiler runs (the federation plugin loads it by the same resolution).
    const WebpackShareRuntimeModule =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('webpack/lib/sharing/ShareRuntimeModule') as new () => webpack.RuntimeModule;
    compiler.hooks.thisCompilation.tap('DropWebpackShareRuntimePlugin', (compilation) => {
      compilation.hooks.afterRuntimeRequirements.tap('DropWebpackShareRuntimePlugin', () => {
        const { chunkGraph } = compilation;
        for (const chunk of compilation.chunks) {
          const modules = [...chunkGraph.getChunkRuntimeModulesIterable(chunk)];
          const ours = modules.filter((m) => m.constructor === WebpackShareRuntimeModule);
          // Only beside the federation plugin's own (same name, another class).
          if (!modules.some((m) => m.name === 'sharing' && m.constructor !== WebpackShareRuntimeModule))
            continue;
          for (const module of ours) {
            chunkGraph.disconnectChunkAndRuntimeModule(chunk, module);
            chunkGraph.disconnectChunkAndModule(chunk, module);
            compilation.modules.delete(module);
          }
        }
      });
    });
  }
}

/** Emits `robots.txt` (from @medora/shared) beside the host's index.html. */
class RobotsTxtPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('RobotsTxtPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RobotsTxtPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('robots.txt', new webpack.sources.RawSource(robotsTxt())),
      );
    });
  }
}

/** Builds the webpack configuration of one frontend package. */
export function createWebpackConfig(
  options: WebpackConfigOptions,
): Configuration & { devServer: DevServerConfiguration } {
  const { packageDir, kind, federation, port } = options;
  const mode: BuildMode = options.mode ?? 'production';
  const production = mode === 'production';
  const isRemote = kind === 'remote';
  const outputPath = options.outputPath ? path.resolve(options.outputPath) : path.join(packageDir, 'dist');
  const uniqueName = federation.name;
  const tsRule = {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('ts-loader'),
      // Typecheck is a separate step (`tsc -p <pkg> --noEmit`).
      options: { transpileOnly: true, configFile: path.join(packageDir, 'tsconfig.json') },
    },
  };
  const defines = {
    __BUILD_ID__: JSON.stringify(buildId()),
    __CONTRACT_VERSION__: JSON.stringify(contractVersion()),
    // Local-only tools (emulator mailbox, demo accounts) are compiled out of production images.
    __LOCAL_TOOLS__: JSON.stringify(localTools()),
  };

  return {
    mode,
    context: packageDir,
    entry: { main: './src/index.ts' },
    // Production maps are written beside dist/, never into the served folder, and the
    // bundles do not name them (hidden); an operator keeps them for reading stack traces.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outputPath,
      // Remotes compute their URL from where remoteEntry.js was loaded, so they work standalone and
      // under a gateway prefix such as /remotes/booking/ (MACHINE-NOTES).
      publicPath: isRemote ? 'auto' : '/',
      uniqueName,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      ...(production ? { sourceMapFilename: `${SOURCE_MAPS_OUTSIDE_DIST}/[file].map` } : {}),
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [tsRule, cssRule(mode)],
    },
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(packageDir, 'node_modules/.cache/webpack'),
      name: `${federation.name}-${mode}`,
      buildDependencies: { config: [__filename] },
    },
    performance: { hints: false },
    // SWC, not terser, in webpack's own minimizer plugin: terser was most of each production build,
    // SWC takes a tenth of its CPU time and its output is slightly smaller in gzip
    // (docs/performance.md, starting). No `toplevel` or `module`: both drop the top-level `var` that
    // a remoteEntry.js declares its container in, which the host reads.
    optimization: {
      minimizer: [
        new MinimizerPlugin({
          minify: MinimizerPlugin.swcMinify,
          minimizerOptions: { compress: { passes: 2 } },
        }),
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: federation.name,
        ...(isRemote
          ? { filename: federation.filename ?? 'remoteEntry.js', exposes: federation.exposes ?? {} }
          : {}),
        // The shell never bakes remote URLs into its build: they come from /runtime-config.json.
        remotes: {},
        shared: federation.shared,
        // 'version-first' (the default) initialises EVERY registered remote the first time a shared
        // module is needed, e.g. firebase after first paint: that fetched all four remoteEntry.js files
        // (~27 KB gzip each) and one missing remote then broke Firebase for the whole page. With
        // 'loaded-first' a singleton already loaded (the shell's) is reused and remotes load on demand.
        shareStrategy: 'loaded-first',
        dts: false,
        ...federationRuntimeOptions(kind, mode),
      }),
      new DropWebpackShareRuntimePlugin(),
      cssExtractPlugin(mode),
      new HtmlWebpackPlugin({ templateContent: htmlPage('<div id="root"></div>'), scriptLoading: 'defer' }),
      // The host's build carries the site's robots.txt, so every gateway serves it as a file.
      ...(isRemote ? [] : [new RobotsTxtPlugin(), new BootPreloadPlugin(), landingPagePlugin()]),
      ...(production ? [new ChunkGraphPlugin()] : []),
      ...(production && options.prerender
        ? [
            new PrerenderPlugin({
              expose: options.prerender.expose,
              mountPath: remoteMountPath(options.prerender.remote),
              rules: [tsRule, cssRule(mode, { localsOnly: true })],
              defines,
            }),
          ]
        : []),
      new webpack.DefinePlugin(defines),
    ],
    devServer: {
      port,
      // Loopback unless BIND_HOST opens it: a dev server hands its bundles to anyone who reaches it.
      host: resolveBindHost(),
      hot: true,
      historyApiFallback: true,
      allowedHosts: 'all',
      // The page is usually opened through the gateway on another port; HMR talks to this server.
      client: { webSocketURL: { hostname: 'localhost', port, protocol: 'ws' }, overlay: { warnings: false } },
      static: false,
    },
  };
}
