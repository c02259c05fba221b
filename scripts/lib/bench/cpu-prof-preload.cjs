/**
 * Preloaded into the benchmarked API (`NODE_OPTIONS=--require …`, set by stack-env.ts when
 * BENCH_CPU_PROF_DIR is set): a V8 CPU profile of the whole process, written to that folder when it
 * exits. Node 20 refuses `--cpu-prof` in NODE_OPTIONS; the inspector session does the same job, and
 * its messages are handled synchronously, so the profile can be written from the 'exit' handler.
 */
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `api-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
