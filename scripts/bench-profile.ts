/**
 * `npx tsx scripts/bench-profile.ts <file.cpuprofile> [top]`: the self time of a profiled API process
 * by package and by function. Profile the benchmarked API with `BENCH_CPU_PROF_DIR=/tmp/prof npm run
 * bench` (the API runs with a CPU profiler, lib/bench/cpu-prof-preload.cjs; the profile is written when the bench stops it).
 */
import { readFileSync } from 'node:fs';
import { markdownTable } from './lib/bench/report.js';
import { selfTimes, type CpuProfile } from './lib/bench/cpu-profile.js';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npx tsx scripts/bench-profile.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const rows = (key: 'function' | 'package') =>
  selfTimes(profile, key)
    .slice(0, top)
    .map((s) => [
      s.name,
      `${Math.round(s.ms).toLocaleString('en-US')} ms`,
      `${(s.share * 100).toFixed(1)} %`,
    ]);
console.log(`## Self time by package (${file})\n`);
console.log(markdownTable(['package', 'self time', 'share'], rows('package')));
console.log('\n## Self time by function\n');
console.log(markdownTable(['function', 'self time', 'share'], rows('function')));
