/**
 * The message catalogue is split by area (shared/src/messages.ts): a page loads the common texts and
 * the areas of the packages on it, each added to `MESSAGES` when its module loads. The type of
 * `MESSAGES` is the whole catalogue, so the compiler cannot tell a text that a page never loaded; these
 * checks can, from the sources: each package uses only the common texts and its own area's, and each of
 * its entry points loads that area before anything else.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SHARED_SRC = path.join(ROOT, 'shared', 'src');

/** The area module of each frontend package (the API loads every area through node.ts). */
const AREA_OF: Record<string, string> = {
  shell: 'shell',
  'mfe-landing': 'landing',
  'mfe-patient': 'patient',
  'mfe-booking': 'booking',
  'mfe-provider': 'provider',
};

/** The keys of one catalogue object literal, `const <name> = { … } as const`. */
function keysOf(file: string, name: string): string[] {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`const ${name} = {`);
  const end = text.indexOf('} as const;', start);
  expect({ file, name, found: start >= 0 && end > start }).toEqual({ file, name, found: true });
  return [...text.slice(start, end).matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]!);
}

const COMMON = keysOf(path.join(SHARED_SRC, 'messages.ts'), 'COMMON_MESSAGES');
const AREA_FILES = readdirSync(path.join(SHARED_SRC, 'messages')).filter((f) => f !== 'all.ts');
const AREAS = Object.fromEntries(
  AREA_FILES.map((f) => {
    const area = f.replace(/\.ts$/, '');
    return [area, keysOf(path.join(SHARED_SRC, 'messages', f), `${area.toUpperCase()}_MESSAGES`)];
  }),
);
const ALL_KEYS = new Set([...COMMON, ...Object.values(AREAS).flat()]);

/** Source files of a folder, without tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The catalogue keys a file names (as `MESSAGES.key`, `formatMessage('key')`, or in a map of keys). */
function keysUsedIn(file: string): string[] {
  const words = new Set(readFileSync(file, 'utf8').match(/\b\w+\b/g) ?? []);
  return [...words].filter((w) => ALL_KEYS.has(w));
}

const relative = (file: string) => path.relative(ROOT, file);

describe('the message catalogue by area', () => {
  it('holds every text once, in the common part or in one area', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, keys] of [['common', COMMON] as const, ...Object.entries(AREAS)]) {
      for (const key of keys) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${area}`);
        seen.set(key, area);
      }
    }
    expect(twice).toEqual([]);
    expect(Object.keys(AREAS).sort()).toEqual([...Object.values(AREA_OF), 'server'].sort());
  });

  it.each(Object.entries(AREA_OF))('%s uses only the common texts and its own area’s', (pkg, area) => {
    const own = new Set([...COMMON, ...AREAS[area]!]);
    const foreign = sources(path.join(ROOT, pkg, 'src')).flatMap((file) =>
      keysUsedIn(file)
        .filter((key) => !own.has(key))
        .map(
          (key) =>
            `${relative(file)}: ${key} (in ${Object.keys(AREAS).find((a) => AREAS[a]!.includes(key))})`,
        ),
    );
    // A text two packages use belongs in the common part (shared/src/messages.ts).
    expect(foreign).toEqual([]);
  });

  it('@medora/shared’s own modules use only the common texts', () => {
    const common = new Set(COMMON);
    const foreign = sources(SHARED_SRC)
      .filter((file) => !file.startsWith(path.join(SHARED_SRC, 'messages')) && !file.endsWith('messages.ts'))
      .flatMap((file) =>
        keysUsedIn(file)
          .filter((key) => !common.has(key))
          .map((key) => `${relative(file)}: ${key}`),
      );
    expect(foreign).toEqual([]);
  });

  it.each(Object.entries(AREA_OF))('every entry point of %s loads its area first', (pkg, area) => {
    const src = path.join(ROOT, pkg, 'src');
    const entries = [path.join(src, 'bootstrap.tsx')];
    const federation = path.join(ROOT, pkg, 'module-federation.config.ts');
    // A remote's exposed modules.
    for (const [, file] of readFileSync(federation, 'utf8').matchAll(/'\.\/(src\/[^']+\.tsx?)'/g))
      entries.push(path.join(ROOT, pkg, file!));
    // The shell's modules that its entry and boot chunk load on their own (their chunks may run first).
    for (const from of ['index.ts', 'bootstrap.tsx'].map((f) => path.join(src, f))) {
      if (!existsSync(from)) continue;
      for (const [, request] of readFileSync(from, 'utf8').matchAll(
        /import\((?:\/\*[^*]*\*\/ )?'(\.[^']+)'\)/g,
      )) {
        const base = path.resolve(path.dirname(from), request!);
        const file = ['.tsx', '.ts'].map((ext) => base + ext).find(existsSync);
        if (file) entries.push(file);
      }
    }
    const late = [...new Set(entries)].filter((file) => {
      const firstImport = /^import\b[^;]*;/m.exec(readFileSync(file, 'utf8'))?.[0];
      return firstImport !== `import '@medora/shared/messages/${area}';`;
    });
    expect(late.map(relative)).toEqual([]);
    expect(entries.length).toBeGreaterThan(1);
  });
});
