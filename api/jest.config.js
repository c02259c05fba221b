/**
 * API tests run as ESM (NestJS 12 is ESM-only): `node --experimental-vm-modules ../node_modules/jest/bin/jest.js`.
 * SWC strips the types file by file (`tsc -p api --noEmit` does the type checking): unlike ts-jest it loads
 * no TypeScript compiler in each worker, and a fresh clone's cold transform cache costs less (see
 * docs/performance.md, "The API tests"). Nest's dependency injection reads the constructor types that
 * `decoratorMetadata` emits (`design:paramtypes`), as `emitDecoratorMetadata` does for tsc.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      target: 'es2022',
      keepClassNames: true,
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    },
    sourceMaps: 'inline',
  },
];

/**
 * ESM-only packages that a CommonJS dependency require()s (Node 22 allows that, Jest's CommonJS runtime
 * does not before Node 24.9, https://jestjs.io/docs/ecmascript-modules#require-of-esm): compiled to
 * CommonJS for the tests only. Remove this once the tests run on Node >= 24.9.
 * firebase-admin → jwks-rsa → jose 6; @fastify/static (Swagger UI assets) → content-disposition 3;
 * @apidevtools/swagger-parser 13 → @apidevtools/json-schema-ref-parser 15.
 */
const ESM_ONLY_REQUIRED = ['jose', 'content-disposition', 'json-schema-ref-parser'];
// @swc/jest writes CommonJS for what is require()d (and ES modules for what is imported).
const toCjs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, sourceMaps: 'inline' },
];

export default {
  displayName: 'api',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    [`/node_modules/(.+/)?(${ESM_ONLY_REQUIRED.join('|')})/.+\\.js$`]: toCjs,
    '^.+\\.ts$': swc,
  },
  transformIgnorePatterns: [`/node_modules/(?!(.+/)?(${ESM_ONLY_REQUIRED.join('|')})/)`],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 30_000,
  // The suite runs in one worker process that is replaced once it holds more than this after a test
  // file. Run in band instead, the ESM module registry of ~65 files grows until V8's heap limit and
  // the run stalls in garbage collection (seen on Node 22).
  workerIdleMemoryLimit: '1536MB',
};
