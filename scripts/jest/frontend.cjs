/**
 * One jest configuration for the browser packages (jsdom, ts-jest), so the five packages do not each
 * keep a copy. `@medora/shared` and its entry points map to their sources: tests need no build.
 */
const path = require('node:path');

/** @param {string} packageDir @param {Record<string, unknown>} overrides */
function frontendJestConfig(packageDir, overrides = {}) {
  const shared = path.join(packageDir, '..', 'shared', 'src');
  return {
    displayName: path.basename(packageDir),
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    // Every area of the message catalogue: a unit test may render any text (a page loads its
    // packages' areas; scripts/test/message-areas.spec.ts checks that they are the right ones).
    setupFiles: [path.join(__dirname, 'jsdom-setup.cjs'), path.join(shared, 'messages', 'all.ts')],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    moduleNameMapper: {
      // CSS is compiled by webpack; in jest a CSS Module's class names map to themselves.
      '\\.css$': path.join(__dirname, 'css-stub.cjs'),
      '^@medora/shared$': path.join(shared, 'index.ts'),
      '^@medora/shared/schemas$': path.join(shared, 'schemas', 'index.ts'),
      '^@medora/shared/intake$': path.join(shared, 'intake', 'index.ts'),
      '^@medora/shared/query$': path.join(shared, 'query', 'index.ts'),
      '^@medora/shared/ui$': path.join(shared, 'ui', 'index.ts'),
      '^@medora/shared/router$': path.join(shared, 'router', 'index.ts'),
      '^@medora/shared/medicines$': path.join(shared, 'medications', 'medicines.ts'),
      '^@medora/shared/account-forms$': path.join(shared, 'schemas', 'account-forms.ts'),
      '^@medora/shared/messages$': path.join(shared, 'messages.ts'),
      '^@medora/shared/messages/(.*)$': path.join(shared, 'messages', '$1.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    globals: {
      __BUILD_ID__: 'test-build',
      __LOCAL_TOOLS__: true,
      __CONTRACT_VERSION__: require('../../shared/package.json').version,
    },
    transform: {
      '^.+\\.tsx?$': [
        'ts-jest',
        {
          tsconfig: {
            jsx: 'react-jsx',
            module: 'commonjs',
            moduleResolution: 'node10',
            esModuleInterop: true,
            isolatedModules: true,
            ignoreDeprecations: '6.0',
          },
          diagnostics: false,
        },
      ],
    },
    ...overrides,
  };
}

module.exports = { frontendJestConfig };
