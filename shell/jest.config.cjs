/** Unit tests (jsdom): the shared browser-package configuration, plus the shell's build tests in test/. */
const { frontendJestConfig } = require('../scripts/jest/frontend.cjs');

module.exports = frontendJestConfig(__dirname, { roots: ['<rootDir>/src', '<rootDir>/test'] });
