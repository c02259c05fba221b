import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Finds references a reader of this repository cannot follow: numbers of tickets from the tracker
 * the project was built with, sections and rules of specification files that live outside the
 * repository, absolute paths of one machine, and relative paths (in comments and docs) to files that
 * do not exist. `scripts/doc-references.ts` prints them; `scripts/test/doc-references.spec.ts` keeps
 * their number from growing. What to write instead: a heading of `docs/` (with its anchor), a
 * guideline or RFC, or an upstream issue as a URL or `owner/repo#N`.
 */

export type ReferenceKind =
  /** A ticket number of our own tracker ('issue N', 'issues N, M'). */
  | 'issue'
  /** A numbered section of the original specification ('spec §N'). */
  | 'spec-section'
  /** A numbered rule of the architecture file that lived outside the repository. */
  | 'architecture-rule'
  /** A path that leaves the repository or names one machine's folders. */
  | 'outside-path'
  /** A relative path (or a docs anchor) in a comment or a doc that does not exist. */
  | 'missing-path';

export interface ReferenceHit {
  /** Repository-relative path with forward slashes. */
  file: string;
  /** 1-based line number. */
  line: number;
  kind: ReferenceKind;
  /** The text that matched. */
  text: string;
}

/** Files never scanned: lockfiles, and the scanner's own files, which must spell out the patterns. */
export const EXCLUDED_FILES: ReadonlySet<string> = new Set([
  'package-lock.json',
  'scripts/lib/doc-references.ts',
  'scripts/doc-references.ts',
  'scripts/test/doc-references.spec.ts',
]);

const BINARY_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.ico',
  '.webp',
  '.pdf',
  '.woff',
  '.woff2',
  '.ttf',
  '.zip',
  '.gz',
]);

/** Folders whose contents are generated or installed, never in a fresh clone: paths into them are not checked. */
const GENERATED_SEGMENTS = new Set([
  'node_modules',
  'dist',
  '.data',
  'coverage',
  'test-results',
  'playwright-report',
  '.webpack-cache',
  '.artifacts',
  'sourcemaps',
  // nginx's includes, rendered beside its config when the container starts
  'conf.d',
]);

/** Patterns that match anywhere in a file (code, strings, comments, docs). */
const TEXT_PATTERNS: readonly { kind: ReferenceKind; pattern: RegExp }[] = [
  // 'issue 12', 'Issue #12', 'issues 17, 18', 'issue 13 §5'. An upstream issue written as a URL or
  // `owner/repo#N` is a followable reference and does not match (URLs are blanked before matching).
  { kind: 'issue', pattern: /\bissues?\s+#?\d+/gi },
  { kind: 'spec-section', pattern: /\bspec(?:'s|’s)?\s*(?:§|section\s+)\s*\d+/gi },
  { kind: 'architecture-rule', pattern: /\bARCHITECTURE(?:\.md)?\s+rules?\s+\d+/g },
  { kind: 'outside-path', pattern: /(?<![\w.~-])\/work\/[\w./-]*/g },
];

/**
 * A file path with at least one folder and an extension: `api/src/x.ts`, `./a/b.md`, `../c/d.json`.
 * It must not continue another token (a URL's path, `/remotes/x/y.json`, `mfe-*` globs).
 */
const PATH_TOKEN =
  /(?<![\w@$~./*<>{}-])((?:\.{1,2}\/)*(?:[\w@-][\w@.-]*\/)+[\w@-][\w@.-]*\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w/*-])(#[\w-]+)?/g;

/** Any `scheme://…` URL; blanked before matching so that its path and fragment count as nothing. */
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]'"`]*/gi;

type CommentStyle = 'js' | 'block' | 'hash' | 'html' | 'doc' | 'none';

function commentStyleOf(file: string, text: string): CommentStyle {
  const base = path.posix.basename(file);
  const ext = path.posix.extname(file).toLowerCase();
  if (ext === '.md') return 'doc';
  if (['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.c', '.h'].includes(ext)) return 'js';
  if (['.css', '.scss'].includes(ext)) return 'block';
  if (['.html', '.htm', '.svg', '.xml'].includes(ext)) return 'html';
  if (
    ['.sh', '.yml', '.yaml', '.conf', '.toml', '.ini', '.example', '.template', '.dockerfile'].includes(
      ext,
    ) ||
    base.startsWith('.') ||
    base === 'Dockerfile' ||
    text.startsWith('#!')
  ) {
    return 'hash';
  }
  return 'none';
}

const REGEX_AFTER = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const REGEX_AFTER_WORDS =
  /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await|instanceof)$/;

/**
 * The [start, end) ranges of comments in JavaScript-like source: `//` and `/* *\/`, skipping strings,
 * template literals (with nested `${}`) and regular expression literals, whose slashes are not comments.
 */
function jsCommentRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  // Each open template literal pushes the brace depth its `${` started at.
  const templates: number[] = [];
  let braces = 0;
  let lastSignificant = '';
  let i = 0;
  const skipQuoted = (quote: string) => {
    i++;
    while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  // Inside a template literal's text: up to its closing backtick or the next `${`.
  const skipTemplateText = () => {
    while (i < text.length) {
      if (text[i] === '\\') i += 2;
      else if (text[i] === '`') {
        i++;
        return;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        i += 2;
        templates.push(braces);
        braces++;
        return;
      } else i++;
    }
  };
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      ranges.push([i, stop]);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      ranges.push([i, stop]);
      i = stop;
    } else if (c === '"' || c === "'") {
      skipQuoted(c);
      lastSignificant = 'a';
    } else if (c === '`') {
      i++;
      skipTemplateText();
      lastSignificant = 'a';
    } else if (c === '/') {
      const before = text.slice(Math.max(0, i - 12), i).trimEnd();
      if (lastSignificant === '' || REGEX_AFTER.has(lastSignificant) || REGEX_AFTER_WORDS.test(before)) {
        // A regular expression literal: to its closing slash, outside character classes.
        i++;
        let inClass = false;
        while (i < text.length && text[i] !== '\n') {
          const ch = text[i];
          if (ch === '/' && !inClass) break;
          if (ch === '[') inClass = true;
          else if (ch === ']') inClass = false;
          i += ch === '\\' ? 2 : 1;
        }
        i++;
        lastSignificant = 'a';
      } else {
        lastSignificant = '/';
        i++;
      }
    } else {
      if (c === '{') braces++;
      else if (c === '}') {
        braces--;
        if (templates.length > 0 && templates[templates.length - 1] === braces) {
          templates.pop();
          i++;
          skipTemplateText();
          lastSignificant = 'a';
          continue;
        }
      }
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return ranges;
}

function blockCommentRanges(text: string, open: string, close: string): [number, number][] {
  const ranges: [number, number][] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(open, from);
    if (start === -1) return ranges;
    const end = text.indexOf(close, start + open.length);
    const stop = end === -1 ? text.length : end + close.length;
    ranges.push([start, stop]);
    from = stop;
  }
}

/** `#` comments: a `#` at a line's start or after a blank (not `$#`, `a#b` or a URL fragment). */
function hashCommentRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const re = /(^|[ \t])#/gm;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[1]!.length;
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    ranges.push([start, stop]);
    re.lastIndex = stop;
  }
  return ranges;
}

/** Where a file's prose is: its comments, or all of it for a doc. */
export function proseRanges(file: string, text: string): [number, number][] {
  switch (commentStyleOf(file, text)) {
    case 'doc':
      return [[0, text.length]];
    case 'js':
      return jsCommentRanges(text);
    case 'block':
      return blockCommentRanges(text, '/*', '*/');
    case 'html':
      return blockCommentRanges(text, '<!--', '-->');
    case 'hash':
      return hashCommentRanges(text);
    default:
      return [];
  }
}

/**
 * The anchors a Markdown file offers: GitHub's slugs of its headings (lower case, punctuation
 * dropped, spaces to dashes, `-1`, `-2` for repeats) and explicit `<a id="…">` / `{#…}` anchors.
 */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = heading[1]!
        .replace(/<[^>]*>/g, '')
        .replace(/`/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .trim()
        .replace(/\s/g, '-');
      const count = seen.get(slug) ?? 0;
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
      seen.set(slug, count + 1);
    }
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1]!);
    for (const m of line.matchAll(/\{#([\w-]+)\}/g)) anchors.add(m[1]!);
  }
  return anchors;
}

const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** A line counter for offsets of one text. */
function lineOf(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

export interface ScanContext {
  /** Absolute path of the repository root. */
  root: string;
  /** Whether a repository-relative path (forward slashes) exists. Defaults to the file system. */
  exists?: (relative: string) => boolean;
  /** The text of a repository-relative Markdown file, for its anchors. Defaults to the file system. */
  readDoc?: (relative: string) => string | undefined;
  /** Whether a name is an npm dependency: `firebase/app/package.json` is a package path, not a relative one. */
  isPackage?: (name: string) => boolean;
}

/**
 * The repository-relative file a path in `file` means, or null when none exists: a `./` or `../` path
 * from the file's folder; any other from the file's folder or one of its ancestors up to the root
 * (comments name `mail/mail.contract.ts` from inside `api/src/`). A `.js` path may name the `.ts` or
 * `.tsx` source, as ESM imports do.
 */
function resolveRelative(file: string, target: string, exists: (p: string) => boolean): string | null {
  const candidates = (p: string) =>
    /\.js$/.test(p) ? [p, p.replace(/\.js$/, '.ts'), p.replace(/\.js$/, '.tsx')] : [p];
  const dir = path.posix.dirname(file);
  const bases: string[] = [];
  if (/^\.{1,2}\//.test(target)) bases.push(dir);
  else
    for (let d = dir; ; d = path.posix.dirname(d)) {
      bases.push(d);
      if (d === '.' || d === '/' || d === '') break;
    }
  for (const base of bases) {
    const joined = path.posix.normalize(path.posix.join(base, target));
    if (joined.startsWith('../')) continue;
    for (const c of candidates(joined)) if (exists(c)) return c;
  }
  return null;
}

/** Every unfollowable reference in one file's text. */
export function scanText(file: string, text: string, context: ScanContext): ReferenceHit[] {
  const exists = context.exists ?? ((p: string) => existsSync(path.join(context.root, p)));
  const readDoc =
    context.readDoc ??
    ((p: string) => {
      try {
        return readFileSync(path.join(context.root, p), 'utf8');
      } catch {
        return undefined;
      }
    });
  const line = lineOf(text);
  const hits: ReferenceHit[] = [];
  const withoutUrls = text.replace(URL, blank);
  for (const { kind, pattern } of TEXT_PATTERNS) {
    for (const m of withoutUrls.matchAll(pattern)) {
      hits.push({ file, line: line(m.index), kind, text: m[0] });
    }
  }

  const prose = proseRanges(file, text);
  const inProse = (offset: number) => prose.some(([s, e]) => offset >= s && offset < e);
  for (const m of withoutUrls.matchAll(PATH_TOKEN)) {
    const target = m[1]!;
    const anchor = m[2]?.slice(1);
    const segments = target.split('/');
    if (segments.some((s) => GENERATED_SEGMENTS.has(s))) continue;
    // A package specifier (`@medora/shared/tokens.css`, `firebase/app/package.json`) is resolved by
    // the bundler from node_modules, not from the tree.
    if (target.startsWith('@') || context.isPackage?.(segments[0]!)) continue;
    const dir = path.posix.dirname(file);
    // `../` paths are checked everywhere (an import that leaves the repository is as unfollowable);
    // anything else only in prose: code paths are the compiler's and the tests' business.
    if (target.startsWith('../')) {
      const joined = path.posix.normalize(path.posix.join(dir, target));
      if (joined.startsWith('../')) {
        hits.push({ file, line: line(m.index), kind: 'outside-path', text: target });
        continue;
      }
    }
    if (!inProse(m.index)) continue;
    const resolved = resolveRelative(file, target, exists);
    if (resolved === null) {
      hits.push({ file, line: line(m.index), kind: 'missing-path', text: target });
    } else if (anchor !== undefined && resolved.endsWith('.md')) {
      const doc = readDoc(resolved);
      if (doc !== undefined && !markdownAnchors(doc).has(anchor)) {
        hits.push({ file, line: line(m.index), kind: 'missing-path', text: `${target}#${anchor}` });
      }
    }
  }
  // A doc's own links: `[text](relative/path)` and `[text](#anchor)`, also without an extension.
  if (commentStyleOf(file, text) === 'doc') {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('/')) continue;
      const [target = '', anchor] = link.split('#');
      if (target === '') {
        if (anchor && !markdownAnchors(text).has(anchor)) {
          hits.push({ file, line: line(m.index), kind: 'missing-path', text: link });
        }
        continue;
      }
      // A path with a folder and an extension was already checked as a path token above.
      if (target.includes('/') && /\.[A-Za-z][A-Za-z0-9]{0,5}$/.test(target)) continue;
      const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      if (joined.startsWith('../'))
        hits.push({ file, line: line(m.index), kind: 'outside-path', text: link });
      else if (!exists(joined.replace(/\/$/, ''))) {
        hits.push({ file, line: line(m.index), kind: 'missing-path', text: link });
      }
    }
  }
  return hits.sort((a, b) => a.line - b.line);
}

/** Tracked and new (not ignored) files, repository-relative; a walk of the tree outside a git checkout. */
export function listRepositoryFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return [...new Set(out.split('\0').filter(Boolean))].filter((f) => existsSync(path.join(root, f))).sort();
  } catch {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(path.join(root, dir))) {
        if (name === '.git' || GENERATED_SEGMENTS.has(name)) continue;
        const rel = dir ? `${dir}/${name}` : name;
        if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
        else files.push(rel);
      }
    };
    walk('');
    return files.sort();
  }
}

/** Every unfollowable reference in the repository's tracked and new files. */
export function scanRepository(root: string): ReferenceHit[] {
  const files = listRepositoryFiles(root);
  const known = new Set(files);
  // Folders count as existing too (a doc may link one).
  for (const f of files)
    for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) known.add(d);
  const docs = new Map<string, string | undefined>();
  const packages = new Set<string>();
  for (const f of files) {
    if (path.posix.basename(f) !== 'package.json') continue;
    const json = JSON.parse(readFileSync(path.join(root, f), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const name of Object.keys((json[field] as Record<string, string> | undefined) ?? {}))
        packages.add(name);
    }
  }
  const context: ScanContext = {
    root,
    isPackage: (name) => packages.has(name),
    exists: (p) => known.has(p),
    readDoc: (p) => {
      if (!docs.has(p)) docs.set(p, readFileSync(path.join(root, p), 'utf8'));
      return docs.get(p);
    },
  };
  const hits: ReferenceHit[] = [];
  for (const file of files) {
    if (EXCLUDED_FILES.has(file) || BINARY_EXTENSIONS.has(path.posix.extname(file).toLowerCase())) continue;
    const buffer = readFileSync(path.join(root, file));
    if (buffer.includes(0)) continue;
    hits.push(...scanText(file, buffer.toString('utf8'), context));
  }
  return hits;
}

/** Hits per file, in file order. */
export function countByFile(hits: readonly ReferenceHit[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const h of hits) counts[h.file] = (counts[h.file] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}
