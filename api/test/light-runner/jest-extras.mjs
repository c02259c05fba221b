// What the API tests use of Jest that jest-light-runner leaves out (api/jest.config.js). Plain ESM: it
// runs in the runner's worker before any test file is imported.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModernFakeTimers } from '@jest/fake-timers';
import { addEventHandler } from 'jest-circus';
import config from '../../jest.config.js';

// Real timers, taken before a test can fake them.
const { setTimeout, clearTimeout } = globalThis;

/**
 * testTimeout: the runner awaits a test or hook without a limit, so one that never settles would stall
 * its worker and the run. Each test and hook is given the timeout Jest would give it (its own third
 * argument, else testTimeout) and fails with Jest's message when it passes.
 */
function withTimeout(fn, timeout, what) {
  if (typeof fn !== 'function') return fn;
  const ms = timeout ?? config.testTimeout;
  const call =
    fn.length >= 1
      ? () => new Promise((resolve, reject) => fn((error) => (error ? reject(error) : resolve())))
      : () => fn();
  return () => {
    let timer;
    const expired = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Exceeded timeout of ${ms} ms for ${what}.`)), ms);
    });
    return Promise.race([Promise.resolve().then(call), expired]).finally(() => clearTimeout(timer));
  };
}

/**
 * What a file's own module registry used to give it, and a worker that keeps its modules does not: state
 * the libraries keep per process. It is put back as it was before any test when a new file starts
 * declaring its tests (after its imports, before any of its hooks runs).
 *
 * nestjs-pino's pino-http instance is made by the first app that logs (its destination and level then
 * serve every later app), and `app.useLogger` makes an app's logger what every `new Logger(...)` writes
 * to, even after that app has closed: a file that reads its app's log lines would get a previous file's
 * logger, and a unit spec without an app one whose root is gone.
 */
const { __resetOutOfContextForTests: resetNestPino } = await import(
  new URL('./PinoLogger.js', import.meta.resolve('nestjs-pino')).href
);
if (typeof resetNestPino !== 'function') {
  throw new Error('nestjs-pino no longer has __resetOutOfContextForTests: find how to reset its root logger');
}
const { Logger: NestLogger } = await import('@nestjs/common');
const nestLoggerAtStart = {
  staticInstanceRef: NestLogger.staticInstanceRef,
  logLevels: NestLogger.logLevels,
  isBufferAttached: NestLogger.isBufferAttached,
};
/**
 * firebase-admin keeps its apps by name, and the credential of `applicationDefault()` (with the outbound
 * agent of its first caller) for the whole process: a later file's app would get an earlier file's
 * app or credential. Its CommonJS modules are the ones the app's `import` reaches.
 */
const require = createRequire(import.meta.url);
const firebaseApp = require('firebase-admin/app');
const { clearGlobalAppDefaultCred } = require(
  path.join(path.dirname(require.resolve('firebase-admin/app')), 'credential-factory.js'),
);
if (typeof clearGlobalAppDefaultCred !== 'function') {
  throw new Error('firebase-admin no longer has clearGlobalAppDefaultCred: find how to reset its credential');
}
function resetFirebaseAdmin() {
  clearGlobalAppDefaultCred();
  // deleteApp takes an app out of the registry at once; its services close in the background.
  for (const app of firebaseApp.getApps()) firebaseApp.deleteApp(app).catch(() => {});
}

/** process.env as the global setup handed it to the worker: Jest gave each file a copy of it. */
const envAtStart = { ...process.env };
function restoreEnv() {
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
}

function startFile() {
  restoreEnv();
  resetFirebaseAdmin();
  resetNestPino();
  Object.assign(NestLogger, nestLoggerAtStart);
  NestLogger.logBuffer.length = 0;
}
let fileState;

addEventHandler((event, state) => {
  if (state !== fileState) {
    fileState = state;
    startFile();
  }
  const block = state.currentDescribeBlock;
  if (event.name === 'add_test') {
    const test = block.children.at(-1);
    if (test?.type === 'test' && test.fn === event.fn)
      test.fn = withTimeout(test.fn, event.timeout, 'a test');
  } else if (event.name === 'add_hook') {
    const hook = block.hooks.at(-1);
    if (hook?.fn === event.fn) hook.fn = withTimeout(hook.fn, event.timeout, `a hook (${hook.type})`);
  }
});

/**
 * jest.useFakeTimers(config): the runner's version drops its argument, so `now` and `doNotFake` would
 * be ignored. Jest's own fake timers take them.
 */
const timers = new ModernFakeTimers({
  config: { fakeTimers: { enableGlobally: true } },
  global: globalThis,
});
const runnerJest = globalThis.jest;
globalThis.jest = {
  ...runnerJest,
  useFakeTimers(fakeTimersConfig) {
    timers.useFakeTimers(fakeTimersConfig);
    return globalThis.jest;
  },
  useRealTimers() {
    timers.useRealTimers();
    return globalThis.jest;
  },
  setSystemTime(time) {
    timers.setSystemTime(time);
    return globalThis.jest;
  },
  advanceTimersByTime(ms) {
    timers.advanceTimersByTime(ms);
    return globalThis.jest;
  },
};
