/** Unit tests (jsdom): the shared browser-package configuration in scripts/jest/frontend.cjs. */
const { frontendJestConfig } = require('../scripts/jest/frontend.cjs');

module.exports = frontendJestConfig(__dirname);
