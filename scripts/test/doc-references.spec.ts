import path from 'node:path';
import { markdownAnchors, scanRepository, scanText, type ReferenceHit } from '../lib/doc-references';

// A reader of the repository must be able to follow every reference in its code and docs: no tracker
// numbers, no sections of documents outside the repository, no paths or anchors that do not exist.
const root = path.resolve(__dirname, '../..');

const files = new Set([
  'README.md',
  'docs/product.md',
  'api/src/mail/mail.contract.ts',
  'api/src/config/config.ts',
  'scripts/lib/nginx.ts',
  'shared/src/remotes.ts',
]);
const context = {
  root: '/repo',
  exists: (p: string) => files.has(p),
  readDoc: (p: string) =>
    p === 'docs/product.md' ? '# Product\n\n## Booking window\n\n## Slots\n' : undefined,
};
const kinds = (hits: ReferenceHit[]) => hits.map((h) => `${h.kind}: ${h.text}`);

describe('unfollowable references', () => {
  it('finds tracker numbers, spec sections and architecture rules anywhere in a file', () => {
    const text = [
      '// Issue 13 §5: keep the proxies',
      "const why = 'see issues 17, 18';",
      '/* the booking window (spec §9) and the spec’s §4 */',
      ' * ARCHITECTURE rule 3: a remote that fails never takes the app down',
    ].join('\n');
    expect(kinds(scanText('api/src/config/config.ts', text, context))).toEqual([
      'issue: Issue 13',
      'issue: issues 17',
      'spec-section: spec §9',
      'spec-section: spec’s §4',
      'architecture-rule: ARCHITECTURE rule 3',
    ]);
  });

  it('reports the line of each hit', () => {
    const hits = scanText('a/b.ts', 'const a = 1;\n\n// issue 4\n', context);
    expect(hits.map((h) => h.line)).toEqual([3]);
  });

  it('accepts an upstream issue written as a URL or owner/repo#N, and words that only look alike', () => {
    const text = [
      '// webpack 5.111 breaks contenthash: https://github.com/webpack/webpack/issues/22199',
      '// see module-federation/core#5077',
      '// no issues were found; the spec is silent',
    ].join('\n');
    expect(scanText('scripts/lib/webpack-config.ts', text, context)).toEqual([]);
  });

  it('flags paths that leave the repository or name one machine, and accepts ../ paths that stay inside', () => {
    const readme = 'The spec is `../shared/spec/SPEC.md`; notes in `/work/notes/run.log`.';
    expect(kinds(scanText('README.md', readme, context))).toEqual([
      'outside-path: /work/notes/run.log',
      'outside-path: ../shared/spec/SPEC.md',
    ]);
    const inside = "import type { RuntimeConfig } from '../../shared/src/remotes.js';\n";
    expect(scanText('scripts/lib/nginx.ts', inside, context)).toEqual([]);
  });

  it('checks relative paths in comments against the tree, from the file up to the root', () => {
    const text = [
      '// the contract is in `mail/mail.contract.ts`; the fragments in `api/src/common/appointment-sql.ts`',
      "const virtual = 'api/src/nowhere/virtual.ts'; // code strings are the tests' business",
    ].join('\n');
    expect(kinds(scanText('api/src/config/config.ts', text, context))).toEqual([
      'missing-path: api/src/common/appointment-sql.ts',
    ]);
  });

  it('does not read a regular expression, a string or a template literal as a comment', () => {
    const text = [
      'const re = /"/; // gone/after-regex.ts',
      "const s = 'a // gone/in-string.ts';",
      'const t = `a ${b /* gone/inline.ts */} // gone/template.ts`;',
      'const d = a / b; // gone/after-division.ts',
    ].join('\n');
    expect(kinds(scanText('shared/src/x.ts', text, context))).toEqual([
      'missing-path: gone/after-regex.ts',
      'missing-path: gone/inline.ts',
      'missing-path: gone/after-division.ts',
    ]);
  });

  it('checks the anchor of a docs link, so a renamed heading breaks the comments that cite it', () => {
    const text = '// rule: docs/product.md#booking-window; slots: docs/product.md#slot-length\n';
    expect(kinds(scanText('shared/src/x.ts', text, context))).toEqual([
      'missing-path: docs/product.md#slot-length',
    ]);
  });

  it('checks the links of a Markdown file, also to its own headings', () => {
    const doc = '# Product\n\n## Slots\n\nSee [slots](#slots), [gone](#gone) and [the code](../shell/).\n';
    expect(kinds(scanText('docs/product.md', doc, context))).toEqual([
      'missing-path: #gone',
      'missing-path: ../shell/',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    const anchors = markdownAnchors(
      '## Booking window\n## The `ics` file: RFC 5545\n## Slots\n## Slots\n```\n# not\n```\n',
    );
    expect([...anchors]).toEqual(['booking-window', 'the-ics-file-rfc-5545', 'slots', 'slots-1']);
  });

  it('in the repository, are none', () => {
    const hits = scanRepository(root);
    if (hits.length > 0) {
      throw new Error(
        'References a reader of the repository cannot follow. Point at docs/ (with its anchor), a guideline or an RFC, ' +
          `an upstream issue as a URL or owner/repo#N, or a file that exists:\n${hits
            .map((h) => `  ${h.file}:${h.line}: ${h.kind}: ${h.text}`)
            .join('\n')}`,
      );
    }
    expect(hits).toEqual([]);
  }, 60_000);
});
