/**
 * Lists the references a reader of this repository cannot follow (see `scripts/lib/doc-references.ts`
 * for what counts), for the pass that rewrites them.
 *
 *   npx tsx scripts/doc-references.ts --list      every hit as file:line: kind: text
 *   npx tsx scripts/doc-references.ts --summary   hits per file and per kind, and the total
 *   npx tsx scripts/doc-references.ts --tighten   lowers the checked-in baseline to today's counts
 *                                                 (never raises it: a file may only lose references)
 *
 * `scripts/test/doc-references.spec.ts` fails when a file has more than its baseline allows.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BASELINE_FILE,
  compareWithBaseline,
  countByFile,
  readBaseline,
  scanRepository,
  tightenedBaseline,
  type ReferenceKind,
} from './lib/doc-references.js';

const root = path.resolve(__dirname, '..');
const args = new Set(process.argv.slice(2));
const hits = scanRepository(root);
const counts = countByFile(hits);
const writeBaseline = (baseline: Record<string, number>) =>
  writeFileSync(path.join(root, BASELINE_FILE), `${JSON.stringify(baseline, null, 2)}\n`);

if (args.has('--list')) {
  for (const h of hits) console.log(`${h.file}:${h.line}: ${h.kind}: ${h.text}`);
  console.log(`${hits.length} references in ${Object.keys(counts).length} files`);
} else if (args.has('--summary')) {
  const byKind: Partial<Record<ReferenceKind, number>> = {};
  for (const h of hits) byKind[h.kind] = (byKind[h.kind] ?? 0) + 1;
  for (const [file, n] of Object.entries(counts).sort((a, b) => b[1] - a[1])) console.log(`${n}\t${file}`);
  console.log(
    Object.entries(byKind)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', '),
  );
  console.log(`${hits.length} references in ${Object.keys(counts).length} files`);
} else if (args.has('--tighten')) {
  const baseline = readBaseline(root);
  const { grown } = compareWithBaseline(counts, baseline);
  const tightened = tightenedBaseline(counts, baseline);
  writeBaseline(tightened);
  const total = Object.values(tightened).reduce((a, b) => a + b, 0);
  console.log(`Baseline lowered to ${total} references in ${Object.keys(tightened).length} files.`);
  if (grown.length > 0) {
    console.log(`Still above the baseline (not raised): ${grown.map((g) => g.file).join(', ')}`);
    process.exitCode = 1;
  }
} else if (args.has('--write-baseline')) {
  // Only for the first snapshot of the baseline; afterwards use --tighten.
  writeBaseline(counts);
  console.log(`Baseline written: ${hits.length} references in ${Object.keys(counts).length} files.`);
} else {
  console.error('Usage: tsx scripts/doc-references.ts --list | --summary | --tighten');
  process.exitCode = 2;
}
