/**
 * Where an API process spent its CPU, from a V8 `.cpuprofile` (`node --cpu-prof`): self time by
 * function and by package, so a missed speed target points at code. Pure, unit-tested.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

/** `node_modules/<pkg>` (scoped too), the app's own files, Node's internals, or V8's pseudo frames. */
export function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node (internals)';
  const app = /\/(api|shared)\/(dist|src)\//.exec(url);
  if (app) return `@medora/${app[1]} (own code)`;
  return url.replace(/^file:\/\//, '');
}

/** Self time per key (function or package), largest first; idle and GC frames are kept, named. */
export function selfTimes(profile: CpuProfile, key: 'function' | 'package'): SelfTime[] {
  const hits = profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0);
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const perHit = hits ? totalMs / hits : 0;
  const byKey = new Map<string, number>();
  for (const node of profile.nodes) {
    if (!node.hitCount) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name =
      key === 'package'
        ? packageOf(url)
        : `${functionName || '(anonymous)'} ${url ? `${packageOf(url)}:${lineNumber + 1}` : ''}`.trim();
    byKey.set(name, (byKey.get(name) ?? 0) + node.hitCount * perHit);
  }
  return [...byKey.entries()]
    .map(([name, ms]) => ({ name, ms, share: totalMs ? ms / totalMs : 0 }))
    .sort((a, b) => b.ms - a.ms);
}
