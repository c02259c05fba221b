/** Tests of the repo scripts and the operations files (CommonJS via ts-jest; `.js` import suffixes mapped back to `.ts`). */
module.exports = {
  displayName: 'scripts',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node10',
          esModuleInterop: true,
          ignoreDeprecations: '6.0',
        },
        diagnostics: false,
      },
    ],
  },
};
