// Every frontend renders with the same look whether the shell hosts it or it runs alone: the design
// tokens and the kit's classes come from @medora/shared, and no remote keeps its own copy of them.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const frontends = ['shell', 'mfe-landing', 'mfe-patient', 'mfe-booking', 'mfe-provider'];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return cssFiles(full);
    return d.name.endsWith('.css') ? [full] : [];
  });
}

describe('the shared UI kit', () => {
  it.each(frontends)('%s boots with the tokens and the kit stylesheet', (pkg) => {
    const bootstrap = readFileSync(path.join(root, pkg, 'src/bootstrap.tsx'), 'utf8');
    expect(bootstrap).toContain("import '@medora/shared/tokens.css';");
    expect(bootstrap).toContain("import '@medora/shared/kit.css';");
  });

  it('defines each md-* class once, in the kit (components compose it)', () => {
    const kit = path.join(root, 'shared/src/ui/kit.css');
    const definitions = frontends
      .flatMap((pkg) => cssFiles(path.join(root, pkg, 'src')))
      .filter((file) => /(^|[\s,}])\.md-[\w-]+\s*[{,:]/m.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(definitions).toEqual([]);
    expect(readFileSync(kit, 'utf8')).toMatch(/\.md-button\s*\{/);
  });
});
