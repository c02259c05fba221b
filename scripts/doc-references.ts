/**
 * Lists the references a reader of this repository cannot follow (see `scripts/lib/doc-references.ts`
 * for what counts).
 *
 *   npx tsx scripts/doc-references.ts --list      every hit as file:line: kind: text
 *   npx tsx scripts/doc-references.ts --summary   hits per file and per kind, and the total
 *
 * `scripts/test/doc-references.spec.ts` fails on any hit.
 */
import path from 'node:path';
import { countByFile, scanRepository, type ReferenceKind } from './lib/doc-references.js';

const root = path.resolve(__dirname, '..');
const args = new Set(process.argv.slice(2));
const hits = scanRepository(root);
const counts = countByFile(hits);

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
} else {
  console.error('Usage: tsx scripts/doc-references.ts --list | --summary');
  process.exitCode = 2;
}
