// Each worker of jest-light-runner imports the test files natively, once per worker for every module a
// file shares with the others (api/jest.config.js). This setup file teaches that worker's Node to load
// the API's TypeScript: it is plain ESM because nothing compiles it.
import { existsSync, readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

/**
 * SWC strips the types file by file (`tsc -p api --noEmit` checks them). Nest's dependency injection
 * reads the constructor types that `decoratorMetadata` emits (`design:paramtypes`), as
 * `emitDecoratorMetadata` does for tsc; Node's own type stripping emits no decorators, so it must not
 * load these files.
 */
const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2022',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

// Synchronous module hooks came in Node 22.15 (and 23.5); an older 22 would fail on the first file.
const { registerHooks } = nodeModule;
if (typeof registerHooks !== 'function') {
  throw new Error(
    `The API tests need Node 22.15 or later (module.registerHooks); this is ${process.version}.`,
  );
}

const isOurs = (url) => url.startsWith('file:') && !url.includes('/node_modules/');

const JEST_GLOBALS = new URL('./jest-globals.mjs', import.meta.url).href;

registerHooks({
  // The sources import each other as `./x.js` (what tsc emits for Node): the file is `./x.ts`.
  resolve(specifier, context, nextResolve) {
    if (specifier === '@jest/globals') return { url: JEST_GLOBALS, format: 'module', shortCircuit: true };
    if (
      specifier.startsWith('.') &&
      specifier.endsWith('.js') &&
      context.parentURL &&
      isOurs(context.parentURL)
    ) {
      const ts = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
      if (existsSync(fileURLToPath(ts))) return { url: ts.href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!isOurs(url) || !new URL(url).pathname.endsWith('.ts')) return nextLoad(url, context);
    const filename = fileURLToPath(url);
    const { code } = transformSync(readFileSync(filename, 'utf8'), { ...SWC_OPTIONS, filename });
    return { format: 'module', source: code, shortCircuit: true };
  },
});

// Stack traces of failures point into the TypeScript, as under Jest's transform.
process.setSourceMapsEnabled(true);
