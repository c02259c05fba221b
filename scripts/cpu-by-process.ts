/**
 * `npx tsx scripts/cpu-by-process.ts [--json <file>] -- <command…>`: runs the command and prints the CPU
 * seconds its processes used, by kind: Chromium's browser, renderer, GPU and utility processes, the
 * Playwright runner and worker, the API, the stack's own process (gateway and static servers), Postgres,
 * the Auth emulator, build tools and the rest. It is how the end-to-end run's CPU was measured
 * (docs/testing.md), e.g. `npx tsx scripts/cpu-by-process.ts -- npx playwright test -c e2e/playwright.config.ts`.
 *
 * Linux only: every half second it reads /proc/<pid>/stat of the command's descendants (and of any
 * process whose working folder is in this repository, as the detached stack's are). A process that
 * lives less than half a second may be missed, so the figures are a little low, never high.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const INTERVAL_MS = 500;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on every Linux Node runs on). */
const HZ = 100;

/** The kind of a process, from its command line. */
export function kindOf(cmdline: string, comm: string): string {
  if (/chrom(e|ium)/.test(cmdline) || comm.startsWith('chrom') || cmdline.startsWith('/proc/self/exe')) {
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1];
    if (!type) return 'chromium: browser';
    if (cmdline.includes('--top-chrome-webui')) return 'chromium: browser UI renderer';
    if (type === 'gpu-process') return 'chromium: gpu';
    return `chromium: ${type}`;
  }
  if (comm === 'postgres' || /\/postgres(\s|$)/.test(cmdline)) return 'postgres';
  if (cmdline.includes('api/dist/main.js')) return 'api';
  if (cmdline.includes('firebase') || cmdline.includes('emulators:start')) return 'auth emulator';
  if (cmdline.includes('scripts/start.ts')) return 'stack (gateway, static servers)';
  if (cmdline.includes('playwright')) return 'playwright (runner, worker)';
  if (/webpack|swc|esbuild|\btsc\b|scripts\/build\.ts/.test(cmdline)) return 'build';
  return `other: ${comm}`;
}

interface Proc {
  comm: string;
  ppid: number;
  ticks: number;
  start: string;
}

function readStat(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      start: fields[19]!,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

const cmdlineOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
};
const cwdOf = (pid: number) => {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return '';
  }
};

function main(): void {
  const args = process.argv.slice(2);
  const dash = args.indexOf('--');
  if (dash < 0 || dash === args.length - 1) {
    console.error('usage: npx tsx scripts/cpu-by-process.ts [--json <file>] -- <command…>');
    process.exit(2);
  }
  const jsonAt = args.indexOf('--json');
  const jsonFile = jsonAt >= 0 && jsonAt < dash ? args[jsonAt + 1] : undefined;
  const [command, ...commandArgs] = args.slice(dash + 1);
  const started = Date.now();
  const child = spawn(command!, commandArgs, { stdio: 'inherit' });
  const ours = new Set<number>([child.pid!]);
  /** By pid and start time (pids are reused): the kind and the ticks last read. */
  const seen = new Map<string, { pid: number; kind: string; ticks: number; before: number }>();
  // A process that was running before this script counts only what it uses from now on.
  const ownStart = Number(readStat(process.pid)!.start);

  const sample = () => {
    const procs = new Map<number, Proc>();
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      const proc = readStat(pid);
      if (proc) procs.set(pid, proc);
    }
    // Descendants, whose parent may be listed after them.
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, p] of procs) {
        if (!ours.has(pid) && ours.has(p.ppid)) {
          ours.add(pid);
          grew = true;
        }
      }
    }
    for (const [pid, p] of procs) {
      const key = `${pid}@${p.start}`;
      const known = seen.get(key);
      if (known) {
        known.ticks = p.ticks;
        // A process forked by Chromium's zygote takes its own title only after the fork.
        if (known.kind === 'chromium: zygote') known.kind = kindOf(cmdlineOf(pid), p.comm);
      } else if (ours.has(pid) || `${cwdOf(pid)}/`.startsWith(`${root}/`)) {
        const cmdline = cmdlineOf(pid);
        // Not this script itself (tsx runs it in a child of its own).
        if (cmdline.includes('cpu-by-process')) continue;
        ours.add(pid);
        const before = Number(p.start) < ownStart ? p.ticks : 0;
        seen.set(key, { pid, kind: kindOf(cmdline, p.comm), ticks: p.ticks, before });
      }
    }
  };
  const timer = setInterval(sample, INTERVAL_MS);
  sample();
  child.once('exit', (code, signal) => {
    clearInterval(timer);
    sample();
    const byKind = new Map<string, number>();
    for (const { kind, ticks, before } of seen.values()) {
      byKind.set(kind, (byKind.get(kind) ?? 0) + (ticks - before) / HZ);
    }
    const rows = [...byKind].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((sum, [, s]) => sum + s, 0);
    const wall = (Date.now() - started) / 1000;
    console.error(`\nCPU seconds by process kind (${wall.toFixed(1)} s wall):`);
    for (const [kind, seconds] of rows)
      console.error(`  ${kind.padEnd(36)} ${seconds.toFixed(1).padStart(7)}`);
    console.error(`  ${'total'.padEnd(36)} ${total.toFixed(1).padStart(7)}`);
    if (jsonFile) {
      writeFileSync(
        jsonFile,
        JSON.stringify({ wall, total, byKind: Object.fromEntries(rows) }, null, 2) + '\n',
      );
    }
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main();
