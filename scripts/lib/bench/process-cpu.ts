import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/** CPU time (user + system, ms) a process has used so far, or null where /proc is not available. */
export function cpuMs(pid: number): number | null {
  try {
    // state ppid … : utime and stime are the 14th and 15th fields of the whole line.
    const fields = statFields(pid);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The pid of a child of `parent` whose command line contains `needle`, if there is one. */
export function childPid(parent: number, needle: string): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    try {
      const ppid = Number(statFields(entry)[1]);
      if (ppid !== parent) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  return undefined;
}
