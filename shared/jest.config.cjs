/** Unit tests of the shared contracts; the sources use nodenext `.js` suffixes, mapped back to `.ts`. */
module.exports = {
  displayName: 'shared',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  // Every area of the message catalogue, as Node loads it (node.ts).
  setupFiles: ['<rootDir>/src/messages/all.ts'],
  moduleNameMapper: {
    // The catalogue by its package subpath (how shared/src imports it), from source: tests need no build.
    '^@medora/shared/messages$': '<rootDir>/src/messages.ts',
    '^@medora/shared/messages/(.*)$': '<rootDir>/src/messages/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node10',
          isolatedModules: true,
          ignoreDeprecations: '6.0',
        },
        diagnostics: false,
      },
    ],
  },
};
