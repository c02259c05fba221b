// What the API tests use of Jest that jest-light-runner leaves out (api/jest.config.js). Plain ESM: it
// runs in the runner's worker before any test file is imported.
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
 * What a file's own module registry used to reset for it: the loggers Nest and nestjs-pino keep per
 * process. nestjs-pino's pino-http instance is made by the first app that logs (its destination and
 * level then serve every later app), and `app.useLogger` makes an app's logger what every
 * `new Logger(...)` writes to, even after that app has closed. So a file that reads its app's log lines
 * would get a previous file's logger, and a unit spec without an app one whose root is gone. Both, and
 * process.env, are put back as they were before any test when a new file starts declaring its tests:
 * after its imports, before any of its hooks runs.
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
/** process.env as the global setup handed it to the worker: Jest gave each file a copy of it. */
const envAtStart = { ...process.env };
function restoreEnv() {
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
}

function startFile() {
  restoreEnv();
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
