// `@jest/globals` in a worker of jest-light-runner (register-ts.mjs points the specifier here): Jest's
// own package only works inside Jest's module registry. The runner puts these on globalThis before the
// test files load; `jest` is the one test/light-runner/jest-extras.mjs completes.
export const { jest, expect, describe, it, test, beforeAll, afterAll, beforeEach, afterEach } = globalThis;
