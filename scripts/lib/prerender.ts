/**
 * The landing page, prerendered at build time (docs/architecture.md, "The landing page"). The landing
 * remote's build renders its exposed page to `prerender.html`, deployed with its other files; the
 * gateway (nginx's server-side includes, or the local stack's Node gateway) answers `/` with the
 * shell's `landing.html`, that page in its root. The page is static (plain links, no state), so a
 * phone paints it from the HTML and the remote's CSS without running a script. When the remote has no
 * prerendered page to give (down, or an older build), the include's stub puts the shell's `main.js`
 * there instead, and the page renders in the browser as before.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import type * as React from 'react';
import type * as ReactDomServer from 'react-dom/server';

import { LANDING_INCLUDE_PATH, PRERENDER_FILE } from './prerender-paths.js';

export { LANDING_HTML } from './prerender-paths.js';
/** The stub block of `landing.html`: the shell's entry script, for a render in the browser. */
const CLIENT_RENDER_BLOCK = 'client-render';

export interface PrerenderOptions {
  /** The exposed name, e.g. `./LandingPage`. */
  expose: string;
  /** Where the gateway serves the remote's files, e.g. `/remotes/landing/`. */
  mountPath: string;
  /** The module rules of the browser build, with CSS Modules exporting their class names only. */
  rules: NonNullable<Configuration['module']>['rules'];
  /** The browser build's compile-time constants (DefinePlugin). */
  defines: Record<string, string>;
}

/**
 * Emits PRERENDER_FILE into a remote's production build: the exposed page rendered with
 * `renderToStaticMarkup`, after `<link rel="stylesheet">`s for the CSS the browser build loads with
 * it. The page is compiled a second time for Node, with the same loaders, so its CSS Module class
 * names are the browser build's (e2e/tests/landing.spec.ts checks every one is styled on the page).
 */
export class PrerenderPlugin {
  constructor(private readonly options: PrerenderOptions) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('PrerenderPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After the real content hashes: the CSS files have their final names.
        { name: 'PrerenderPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const name = this.options.expose.replace(/^\.\//, '');
          const group = compilation.namedChunkGroups.get(`__federation_expose_${name}`);
          const origin = group?.origins[0]?.request;
          if (!group || !origin) throw new Error(`PrerenderPlugin: no exposed module ${this.options.expose}`);
          const css = group.chunks.flatMap((c) => [...c.files]).filter((f) => f.endsWith('.css'));
          const markup = await renderExposed(
            compiler.context,
            path.resolve(compiler.context, origin),
            this.options,
          );
          const links = css.map((f) => `<link rel="stylesheet" href="${this.options.mountPath}${f}" />`);
          compilation.emitAsset(PRERENDER_FILE, new webpack.sources.RawSource(links.join('') + markup));
        },
      );
    });
  }
}

/** Compiles `modulePath` for Node and renders its default export to static markup. */
async function renderExposed(
  context: string,
  modulePath: string,
  options: PrerenderOptions,
): Promise<string> {
  const outDir = path.join(context, 'node_modules', '.cache', 'prerender');
  const config: Configuration = {
    mode: 'production',
    target: 'node',
    context,
    entry: { page: modulePath },
    output: { path: outDir, filename: 'page.cjs', library: { type: 'commonjs2' } },
    devtool: false,
    // React comes from the repository's node_modules, the same copy as react-dom/server below.
    externals: [/^react(-dom)?(\/.*)?$/],
    resolve: { extensions: ['.tsx', '.ts', '.js'], conditionNames: ['browser', 'import', 'default'] },
    module: { rules: options.rules },
    optimization: { minimize: false },
    plugins: [new webpack.DefinePlugin(options.defines)],
  };
  await new Promise<void>((resolve, reject) => {
    const child = webpack(config);
    child.run((error, stats) => {
      child.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    });
  });
  const file = path.join(outDir, 'page.cjs');
  const load = createRequire(file);
  delete load.cache[file];
  const page = (load(file) as { default: (props: object) => unknown }).default;
  const { createElement } = load('react') as typeof React;
  const { renderToStaticMarkup } = load('react-dom/server') as typeof ReactDomServer;
  const markup = renderToStaticMarkup(createElement(page as never, {}));
  fs.rmSync(outDir, { recursive: true, force: true });
  return markup;
}

/**
 * The shell's `landing.html`: the page head with the shell's own styles (design tokens, kit), and a
 * root that the gateway fills with the landing remote's prerendered page or, failing that, the stub:
 * the entry script, which renders the landing remote in the browser.
 */
export function landingHtml(
  page: (body: string, head: string) => string,
  styles: string[],
  scripts: string[],
): string {
  const head = styles.map((href) => `<link rel="stylesheet" href="${href}" />`).join('\n    ');
  const stub = scripts.map((src) => `<script defer src="${src}"></script>`).join('');
  return page(
    `<!--# block name="${CLIENT_RENDER_BLOCK}" -->${stub}<!--# endblock -->
    <div id="root"><!--# include virtual="${LANDING_INCLUDE_PATH}" stub="${CLIENT_RENDER_BLOCK}" --></div>`,
    head,
  );
}
