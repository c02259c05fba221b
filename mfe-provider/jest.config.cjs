/** Unit tests (jsdom); `@medora/shared` is mapped to its sources so tests need no build. */
module.exports = {
  displayName: 'mfe-provider',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  moduleNameMapper: {
    '^@medora/shared$': '<rootDir>/../shared/src/index.ts',
    '^@medora/shared/schemas$': '<rootDir>/../shared/src/schemas/index.ts',
    '^@medora/shared/intake$': '<rootDir>/../shared/src/intake/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globals: { __BUILD_ID__: 'test-build' },
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
};
