/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'webpack';
import { REMOTE_MODULES, type RemoteName } from '@medora/shared';
import { DropWebpackShareRuntimePlugin, SINGLETON_MODULES } from '../../scripts/lib/webpack-config';

const root = path.resolve(__dirname, '../..');
const packages = ['shell', 'mfe-landing', 'mfe-patient', 'mfe-booking', 'mfe-provider'];

interface FederationOptions {
  name: string;
  filename?: string;
  remotes?: Record<string, string>;
  exposes?: Record<string, string>;
  shared: Record<
    string,
    {
      singleton?: boolean;
      requiredVersion?: string;
      strictVersion?: boolean;
      eager?: boolean;
      shareKey?: string;
      version?: string;
    }
  >;
  dts?: boolean;
  shareStrategy?: string;
  runtimePlugins?: string[];
  experiments?: {
    externalRuntime?: boolean;
    provideExternalRuntime?: boolean;
    optimization?: { target?: string; disableSnapshot?: boolean; disableRemote?: boolean };
  };
}

function load(
  pkg: string,
  mode: 'production' | 'development' = 'production',
): {
  config: Configuration;
  federation: FederationOptions;
  packageJson: { dependencies: Record<string, string> };
} {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = require(path.join(root, pkg, 'webpack.config.ts')).default as (o: object) => Configuration;
  const config = factory({ mode });
  const plugin = config.plugins!.find((p) => p?.constructor.name === 'ModuleFederationPlugin') as unknown as {
    _options: FederationOptions;
  };
  const packageJson = JSON.parse(fs.readFileSync(path.join(root, pkg, 'package.json'), 'utf8'));
  return { config, federation: plugin._options, packageJson };
}

describe.each(packages)('webpack config of %s', (pkg) => {
  const { config, federation, packageJson } = load(pkg);
  const remote = pkg !== 'shell';

  it('times chunk loads out after 120 s', () => {
    expect(config.output!.chunkLoadTimeout).toBe(120000);
  });

  it('shares every singleton with requiredVersion from package.json and never eagerly', () => {
    for (const request of SINGLETON_MODULES) {
      const owner = request.startsWith('@')
        ? request.split('/').slice(0, 2).join('/')
        : request.split('/')[0]!;
      expect(federation.shared[request]).toMatchObject({
        singleton: true,
        requiredVersion: packageJson.dependencies[owner],
      });
      expect(federation.shared[request]!.eager).toBeUndefined();
    }
  });

  it('shares by import request only, the message catalogue too, never by file path', () => {
    // A relative share key is matched by resolved file; with one (the catalogue's file), a rebuild from
    // webpack's persistent cache laid the chunks out unlike a fresh build and the shell failed to start.
    expect(
      Object.keys(federation.shared).filter((key) => key.startsWith('.') || path.isAbsolute(key)),
    ).toEqual([]);
    expect(federation.shared['@medora/shared/messages']).toMatchObject({
      singleton: true,
      strictVersion: true,
    });
  });

  it('requires @medora/shared at its own major, strictly, and builds in its version', () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as {
      version: string;
    };
    const contract = Object.entries(federation.shared).filter(([request]) =>
      request.startsWith('@medora/shared'),
    );
    expect(contract.map(([request]) => request)).toContain('@medora/shared');
    for (const [, share] of contract) {
      expect(share).toMatchObject({
        singleton: true,
        strictVersion: true,
        requiredVersion: `^${version.split('.')[0]}.0.0`,
      });
    }
    const define = config.plugins!.find((p) => p?.constructor.name === 'DefinePlugin') as unknown as {
      definitions: Record<string, string>;
    };
    expect(define.definitions.__CONTRACT_VERSION__).toBe(JSON.stringify(version));
  });

  it('turns the type plugin off and never bakes remote URLs in', () => {
    expect(federation.dts).toBe(false);
    expect(federation.remotes).toEqual({});
  });

  it(
    remote
      ? "uses the shell's federation runtime in production and its own in development (standalone)"
      : 'publishes its federation runtime for the remotes, through the ES build of the plugin',
    () => {
      if (remote) {
        expect(federation.experiments?.externalRuntime).toBe(true);
        expect(load(pkg, 'development').federation.experiments?.externalRuntime).toBeUndefined();
      } else {
        expect(federation.experiments?.provideExternalRuntime).toBeUndefined();
        expect(federation.runtimePlugins).toEqual([
          expect.stringMatching(/inject-external-runtime-core-plugin\/dist\/index\.js$/),
        ]);
      }
    },
  );

  it(
    remote
      ? 'leaves the loading of remotes out of its production remoteEntry.js'
      : 'leaves out the snapshot plugin (remote-manifest-plugin.ts resolves manifests)',
    () => {
      const { optimization } = federation.experiments ?? {};
      expect(optimization?.target).toBe('web');
      if (remote) {
        expect(optimization?.disableRemote).toBe(true);
        expect(optimization?.disableSnapshot).toBeUndefined();
        // A remote running standalone in development keeps the whole runtime.
        expect(load(pkg, 'development').federation.experiments?.optimization?.disableRemote).toBeUndefined();
      } else {
        expect(optimization?.disableSnapshot).toBe(true);
        expect(optimization?.disableRemote).toBeUndefined();
      }
    },
  );

  it("uses the 'loaded-first' share strategy, so one missing remote cannot block shared modules", () => {
    expect(federation.shareStrategy).toBe('loaded-first');
  });

  it(
    remote
      ? 'serves with publicPath auto, hashed chunks, unhashed remoteEntry.js'
      : 'serves from / with hashed chunks',
    () => {
      expect(config.output!.publicPath).toBe(remote ? 'auto' : '/');
      expect(config.output!.filename).toBe('[name].[contenthash:8].js');
      expect(config.output!.chunkFilename).toBe('[name].[contenthash:8].js');
      expect(config.output!.uniqueName).toBe(federation.name);
      if (remote) {
        expect(federation.filename).toBe('remoteEntry.js');
        // Exactly the modules @medora/shared's REMOTE_MODULES (and RemoteModuleProps) list for it.
        const names = Object.keys(REMOTE_MODULES[pkg.replace('mfe-', '') as RemoteName]);
        expect(Object.keys(federation.exposes ?? {}).sort()).toEqual(names.map((n) => `./${n}`).sort());
      } else {
        expect(federation.exposes).toBeUndefined();
      }
    },
  );
});

/** A remote's container is a top-level `var` of its remoteEntry.js, which the host reads by name. */
describe('production JavaScript minification', () => {
  type Minify = (
    input: Record<string, string>,
    sourceMap: undefined,
    options: object,
    extractComments: boolean,
  ) => Promise<{ code: string }>;

  it("minifies with SWC and keeps a remote container's top-level var", async () => {
    const { config } = load('mfe-landing');
    const [minimizer] = config.optimization!.minimizer as unknown as Array<{
      options: { minimizer: { implementation: Minify; options: object } };
    }>;
    const { implementation, options } = minimizer!.options.minimizer;
    expect(implementation.name).toBe('swcMinify');
    const source =
      'var mfe_landing;\n(() => {\n  const container = { get(name) { return name; } };\n  mfe_landing = container;\n})();\n';
    const { code } = await implementation({ 'remoteEntry.js': source }, undefined, options, true);
    expect(code).toMatch(/^var mfe_landing;/);
    expect(code.length).toBeLessThan(source.length);
  });
});

/** CSS is extracted to hashed files loaded by <link>; nothing injects <style> at run time. */
describe.each(packages)('CSS handling of %s', (pkg) => {
  const { config } = load(pkg);
  const cssRule = config.module!.rules!.find(
    (r) => r && typeof r === 'object' && r.test instanceof RegExp && r.test.test('x.css'),
  ) as { use: Array<string | { loader: string; options?: { modules?: { auto?: RegExp } } }> };
  const loaders = cssRule.use.map((u) => (typeof u === 'string' ? u : u.loader));

  it('extracts CSS (mini-css-extract-plugin) and never injects it (no style-loader)', () => {
    expect(loaders.some((l) => l.includes('mini-css-extract-plugin'))).toBe(true);
    expect(loaders.some((l) => l.includes('style-loader'))).toBe(false);
    const plugin = config.plugins!.find((p) => p?.constructor.name === 'MiniCssExtractPlugin') as unknown as {
      options: { filename: string; chunkFilename: string };
    };
    expect(plugin.options.filename).toBe('[name].[contenthash:8].css');
    expect(plugin.options.chunkFilename).toBe('[name].[contenthash:8].css');
  });

  it('treats *.module.css as CSS Modules and other .css (the design tokens) as global', () => {
    const cssLoader = cssRule.use.find((u) => typeof u === 'object' && u.loader.includes('css-loader')) as {
      options: { modules: { auto: RegExp } };
    };
    expect(cssLoader.options.modules.auto.test('card.module.css')).toBe(true);
    expect(cssLoader.options.modules.auto.test('tokens.css')).toBe(false);
  });
});

describe('the host page for search engines', () => {
  it('describes the product in a meta description (from the catalogue) and ships robots.txt; remotes do not', () => {
    for (const pkg of packages) {
      const { config } = load(pkg);
      const html = config.plugins!.find((p) => p?.constructor.name === 'HtmlWebpackPlugin') as unknown as {
        userOptions: { templateContent: string };
      };
      expect(html.userOptions.templateContent).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
      const robots = config.plugins!.some((p) => p?.constructor.name === 'RobotsTxtPlugin');
      expect([pkg, robots]).toEqual([pkg, pkg === 'shell']);
    }
  });
});

describe('DropWebpackShareRuntimePlugin', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const WebpackShareRuntimeModule = require('webpack/lib/sharing/ShareRuntimeModule') as new () => object;
  class FederationShareRuntimeModule {
    name = 'sharing';
  }

  /** Runs the plugin over one chunk holding `modules`; returns what the chunk keeps. */
  function run(modules: object[]): object[] {
    const kept = new Set(modules);
    const all = new Set(modules);
    let afterRuntimeRequirements = () => {};
    const compilation = {
      chunks: [{}],
      modules: all,
      chunkGraph: {
        getChunkRuntimeModulesIterable: () => [...kept],
        disconnectChunkAndRuntimeModule: (_chunk: object, m: object) => kept.delete(m),
        disconnectChunkAndModule: () => undefined,
      },
      hooks: {
        afterRuntimeRequirements: { tap: (_: string, fn: () => void) => (afterRuntimeRequirements = fn) },
      },
    };
    const compiler = {
      hooks: { thisCompilation: { tap: (_: string, fn: (c: object) => void) => fn(compilation) } },
    };
    new DropWebpackShareRuntimePlugin().apply(compiler as never);
    afterRuntimeRequirements();
    expect([...all]).toEqual([...kept]);
    return [...kept];
  }

  it("drops webpack's share runtime where the federation plugin has its own", () => {
    const federation = new FederationShareRuntimeModule();
    expect(run([new WebpackShareRuntimeModule(), federation])).toEqual([federation]);
  });

  it('keeps it in a chunk without the federation one', () => {
    const webpackOwn = new WebpackShareRuntimeModule();
    expect(run([webpackOwn])).toEqual([webpackOwn]);
  });
});
