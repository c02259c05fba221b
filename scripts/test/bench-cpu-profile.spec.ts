import { packageOf, selfTimes, type CpuProfile } from '../lib/bench/cpu-profile.js';

const frame = (id: number, functionName: string, url: string, hitCount: number) => ({
  id,
  callFrame: { functionName, url, lineNumber: 9 },
  hitCount,
});

// 100 ms sampled in 50 hits: 2 ms per hit.
const profile: CpuProfile = {
  startTime: 0,
  endTime: 100_000,
  nodes: [
    frame(1, '(root)', '', 0),
    frame(2, 'serialize', 'file:///repo/node_modules/fast-json-stringify/index.js', 20),
    frame(3, 'parse', 'file:///repo/node_modules/pg-protocol/dist/parser.js', 10),
    frame(4, 'toDoctorsWithContext', 'file:///repo/api/dist/doctors/doctor-search.repository.js', 15),
    frame(5, 'serialize', 'file:///repo/node_modules/fast-json-stringify/index.js', 5),
  ],
};

describe('packageOf', () => {
  it('names the package of a frame, scoped packages and own code included', () => {
    expect(packageOf('file:///r/node_modules/@nestjs/core/router.js')).toBe('@nestjs/core');
    expect(packageOf('file:///r/node_modules/pg/lib/client.js')).toBe('pg');
    expect(packageOf('file:///r/api/dist/auth/auth.guard.js')).toBe('@medora/api (own code)');
    expect(packageOf('node:internal/streams')).toBe('node (internals)');
    expect(packageOf('')).toBe('(native / V8)');
  });
});

describe('selfTimes', () => {
  it('sums the self time by package, largest first', () => {
    expect(selfTimes(profile, 'package')).toEqual([
      { name: 'fast-json-stringify', ms: 50, share: 0.5 },
      { name: '@medora/api (own code)', ms: 30, share: 0.3 },
      { name: 'pg-protocol', ms: 20, share: 0.2 },
    ]);
  });

  it('sums the self time by function and where it is', () => {
    expect(selfTimes(profile, 'function')[0]).toEqual({
      name: 'serialize fast-json-stringify:10',
      ms: 50,
      share: 0.5,
    });
  });
});
