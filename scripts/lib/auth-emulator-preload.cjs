/**
 * Loaded into the Firebase Auth emulator's process (`--require`, see auth-emulator.ts). The emulator
 * serves its REST API through exegesis, which by default compiles a JSON-schema validator for every
 * operation of the Identity Toolkit description before it listens: about 70 % of the emulator's start
 * (ajv code generation, 15–25 s on two busy cores). exegesis has an option to compile each validator
 * the first time its operation is called (`lazyCompileValidationSchemas`); firebase-tools does not set
 * it, so this makes it the default. Requests are validated exactly as before.
 */
const path = require('node:path');

const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
const options = require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] }));
const compileOptions = options.compileOptions;
options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
