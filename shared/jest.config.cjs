/** Unit tests of the shared contracts; the sources use nodenext `.js` suffixes, mapped back to `.ts`. */
module.exports = {
  displayName: 'shared',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
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
