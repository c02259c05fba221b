import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The boundary rules of eslint.config.mjs, each shown to fire on a snippet at a virtual
// path and to stay quiet on what is allowed. All snippets are linted in one ESLint process.
const root = path.resolve(__dirname, '../..');

type Message = { ruleId: string; message: string };
type Snippet = { filePath: string; code: string };

function lint(snippets: Snippet[]): Message[][] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'support/lint-snippets.mjs')], {
    cwd: root,
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  return JSON.parse(out) as Message[][];
}

const importing = (filePath: string, ...specifiers: string[]): Snippet => ({
  filePath,
  code: specifiers.map((s, i) => `import * as m${i} from '${s}';\nexport { m${i} };\n`).join(''),
});

const rules = (messages: Message[]) => messages.map((m) => m.ruleId);

const FRONTENDS = ['shell', 'mfe-landing', 'mfe-patient', 'mfe-booking', 'mfe-provider'] as const;
// A feature of each frontend, the one a second (temporary) feature is imported into.
const FEATURE_OF: Record<(typeof FRONTENDS)[number], string> = {
  shell: 'header',
  'mfe-landing': 'landing',
  'mfe-patient': 'medications',
  'mfe-booking': 'booking',
  'mfe-provider': 'provider',
};

const DATA_SOURCE_CODE = `import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
export class X {
  constructor(@InjectDataSource() readonly ds: DataSource) {}
}
`;

/**
 * A throwaway folder in `parent` (removed afterwards): `parent`'s times are put back then, so the
 * builds' staleness check (scripts/lib/build.ts), which reads folder times, does not see a change.
 */
function throwawayDir(parent: string, prefix: string, made: string[], restore: (() => void)[]): string {
  const { atime, mtime } = statSync(parent);
  const dir = mkdtempSync(path.join(parent, prefix));
  made.push(dir);
  restore.push(() => utimesSync(parent, atime, mtime));
  return dir;
}

describe('lint boundaries', () => {
  const tempDirs: string[] = [];
  const restoreTimes: (() => void)[] = [];
  const snippets: Record<string, Snippet> = {};
  let results: Record<string, Message[]>;

  beforeAll(() => {
    // no-cycle follows imports on disk, so each cycle is two real files (removed afterwards): one in a
    // frontend (bundler resolution) and one in the API (ESM `.js` suffixes resolved to `.ts`).
    const cycle = (dir: string, suffix: string): Snippet => {
      const at = throwawayDir(path.join(root, dir), 'lint-cycle-', tempDirs, restoreTimes);
      const a = `import { b } from './b${suffix}';\nexport const a = () => b;\n`;
      writeFileSync(path.join(at, 'a.ts'), a);
      writeFileSync(path.join(at, 'b.ts'), `import { a } from './a${suffix}';\nexport const b = () => a;\n`);
      return { filePath: path.join(at, 'a.ts'), code: a };
    };

    // The feature rule names the feature folders that exist when the config loads, and import-x checks
    // only imports it resolves: each frontend gets a second, real feature (removed afterwards), so
    // mfe-landing and mfe-booking, which have one feature today, are covered too.
    for (const p of FRONTENDS) {
      const other = throwawayDir(path.join(root, p, 'src/features'), 'lint-feature-', tempDirs, restoreTimes);
      writeFileSync(path.join(other, 'thing.ts'), 'export const thing = 1;\n');
      snippets[`${p}:featureImportsFeature`] = importing(
        `${p}/src/features/${FEATURE_OF[p]}/virtual.tsx`,
        `../${path.basename(other)}/thing`,
      );
    }

    Object.assign(snippets, {
      apiInternal: importing('api/src/appointments/virtual.ts', '../doctors/doctors.controller.js'),
      apiPublic: importing(
        'api/src/appointments/virtual.ts',
        '../doctors/doctors.service.js',
        '../doctors/doctors.module.js',
        '../doctors/doctor.entity.js',
        '../users/users.repository.js',
      ),
      apiGlobal: importing(
        'api/src/appointments/virtual.ts',
        '../audit/audit-record.js',
        '../auth/access-policy.js',
        '../common/lean-query.js',
        '../config/config.js',
        '../throttling/rate-limit.decorator.js',
      ),
      apiOwnModule: importing('api/src/doctors/virtual.ts', './doctors.controller.js'),
      // No service or controller, in any module, takes the DataSource.
      serviceDataSource: { filePath: 'api/src/users/virtual.service.ts', code: DATA_SOURCE_CODE },
      anyServiceDataSource: { filePath: 'api/src/provider/virtual.service.ts', code: DATA_SOURCE_CODE },
      controllerDataSource: { filePath: 'api/src/health/virtual.controller.ts', code: DATA_SOURCE_CODE },
      repositoryDataSource: { filePath: 'api/src/users/virtual.repository.ts', code: DATA_SOURCE_CODE },
      databaseDataSource: { filePath: 'api/src/database/seed/virtual.service.ts', code: DATA_SOURCE_CODE },
      featureImportsApp: importing('mfe-patient/src/features/dashboard/virtual.tsx', '../../app/intake-page'),
      shellFeatureImportsApp: importing('shell/src/features/auth/virtual.tsx', '../../app/routes'),
      appImportsFeature: importing(
        'mfe-patient/src/app/virtual.tsx',
        '../features/dashboard/model/appointments',
      ),
      // The admin desk is a folder of features: its parts, and it and the other features, stay apart.
      adminPartImportsPart: importing(
        'mfe-provider/src/features/admin/applications/virtual.tsx',
        '../audit/audit-log',
      ),
      adminImportsFeature: importing(
        'mfe-provider/src/features/admin/applications/virtual.tsx',
        '../../provider/model/schedule',
      ),
      featureImportsAdmin: importing(
        'mfe-provider/src/features/provider/virtual.tsx',
        '../admin/applications/model/application',
      ),
      // The imports that once crossed features, each now refused.
      shellHeaderImportsAuth: importing(
        'shell/src/features/header/virtual.tsx',
        '../auth/model/login-routing',
      ),
      medicationsImportDashboard: importing(
        'mfe-patient/src/features/medications/virtual.tsx',
        '../dashboard/model/appointments',
      ),
      providerImportsApplication: importing(
        'mfe-provider/src/features/provider/virtual.tsx',
        '../application/model/application',
      ),
      featureImportsPackageShared: importing(
        'mfe-patient/src/features/medications/virtual.tsx',
        '../../components/query-state',
        '../../components/action-button',
      ),
      shellFeatureImportsModel: importing(
        'shell/src/features/header/virtual.tsx',
        '../../model/dashboard-path',
        '../../model/runtime-config',
      ),
      adminPartImportsShared: importing(
        'mfe-provider/src/features/admin/change-requests/virtual.tsx',
        '../../../components/ui',
        '../../../model/change-request-text',
        './change-requests-panel',
      ),
      appComposesAdmin: importing(
        'mfe-provider/src/app/virtual.tsx',
        '../features/admin/audit/audit-log',
        '../features/admin/applications/model/application',
      ),
      remoteImportsRemote: importing(
        'mfe-booking/src/features/booking/virtual.tsx',
        '../../../../mfe-patient/src/app/dashboard-page',
      ),
      remoteImportsShell: importing('mfe-provider/src/app/virtual.tsx', '../../../shell/src/app/routes'),
      remoteImportsFederationId: importing('mfe-patient/src/app/virtual.tsx', 'mfe_booking/BookingFlow'),
      shellImportsRemote: importing('shell/src/app/virtual.tsx', '../../../mfe-landing/src/app/landing-page'),
      remoteImportsShared: importing('mfe-booking/src/app/virtual.tsx', '@medora/shared'),
      remoteImportsRouter: importing('mfe-booking/src/app/virtual.tsx', 'react-router-dom'),
      shellImportsRouter: importing('shell/src/app/virtual.tsx', 'react-router-dom'),
      sharedImportsRouter: importing('shared/src/ui/virtual.tsx', 'react-router-dom'),
      facadeImportsRouter: importing('shared/src/router/virtual.ts', 'react-router-dom'),
      sharedImportsCatalogueByPath: importing('shared/src/intake/virtual.ts', '../messages.js'),
      sharedImportsCatalogueBySubpath: importing('shared/src/intake/virtual.ts', '@medora/shared/messages'),
      testImportsRouter: importing('mfe-patient/src/app/virtual.test.tsx', 'react-router-dom'),
      remoteImportsFacade: importing('mfe-patient/src/app/virtual.tsx', '@medora/shared/router'),
      // Styles in CSS files on the tokens (a strict CSP forbids inline styles).
      inlineStyle: {
        filePath: 'mfe-patient/src/app/virtual.tsx',
        code: 'export const X = () => <p style={{ margin: 0 }}>x</p>;\n',
      },
      styleElement: {
        filePath: 'shell/src/app/virtual.tsx',
        code: "export const X = () => <style>{'p { margin: 0 }'}</style>;\n",
      },
      colourLiteral: { filePath: 'mfe-booking/src/app/virtual.ts', code: "export const teal = '#0f766e';\n" },
      className: {
        filePath: 'mfe-provider/src/app/virtual.tsx',
        code: 'export const X = () => <a href="#main" className="md-button">x</a>;\n',
      },
      cycle: cycle('mfe-landing/src/features', ''),
      apiCycle: cycle('api/src/common', '.js'),
    });
    const names = Object.keys(snippets);
    const out = lint(names.map((n) => snippets[n]));
    results = Object.fromEntries(names.map((n, i) => [n, out[i]]));
  });

  afterAll(() => {
    tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
    // Last made, first put back: two folders in one parent leave it as it was before the first.
    restoreTimes.reverse().forEach((restore) => restore());
  });

  it("refuses an API module importing another module's internals", () => {
    expect(rules(results.apiInternal)).toEqual(['import-x/no-restricted-paths']);
    expect(results.apiInternal[0].message).toContain('move shared code to common/');
  });

  it("allows another module's module, service, entity and repository files, the global folders and its own files", () => {
    expect(results.apiPublic).toEqual([]);
    expect(results.apiGlobal).toEqual([]);
    expect(results.apiOwnModule).toEqual([]);
  });

  it('refuses a feature importing app/, in a remote and in the shell', () => {
    expect(rules(results.featureImportsApp)).toEqual(['import-x/no-restricted-paths']);
    expect(results.featureImportsApp[0].message).toContain('A feature does not import app/');
    expect(rules(results.shellFeatureImportsApp)).toEqual(['import-x/no-restricted-paths']);
    expect(results.appImportsFeature).toEqual([]);
  });

  it.each(FRONTENDS)('refuses a feature of %s importing another feature', (p) => {
    const messages = results[`${p}:featureImportsFeature`];
    expect(rules(messages)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0].message).toContain('A feature does not import another feature');
  });

  it('refuses the imports that crossed features, and allows what a package shares', () => {
    for (const name of [
      'shellHeaderImportsAuth',
      'medicationsImportDashboard',
      'providerImportsApplication',
    ]) {
      expect(rules(results[name])).toEqual(['import-x/no-restricted-paths']);
      expect(results[name][0].message).toContain('A feature does not import another feature');
    }
    expect(results.featureImportsPackageShared).toEqual([]);
    expect(results.shellFeatureImportsModel).toEqual([]);
  });

  it("refuses an admin desk feature importing another, or the package's other features, and the reverse", () => {
    for (const name of ['adminPartImportsPart', 'adminImportsFeature', 'featureImportsAdmin']) {
      expect(rules(results[name])).toEqual(['import-x/no-restricted-paths']);
      expect(results[name][0].message).toContain('A feature does not import another feature');
    }
    expect(results.adminPartImportsShared).toEqual([]);
    expect(results.appComposesAdmin).toEqual([]);
  });

  it("refuses a remote importing another remote's or the shell's source, or a remote by its federation id", () => {
    expect(rules(results.remoteImportsRemote)).toEqual(['import-x/no-restricted-paths']);
    expect(rules(results.remoteImportsShell)).toEqual(['import-x/no-restricted-paths']);
    expect(results.remoteImportsShell[0].message).toContain(
      'A remote never imports another remote or the shell',
    );
    expect(rules(results.remoteImportsFederationId)).toEqual(['no-restricted-imports']);
    expect(rules(results.shellImportsRemote)).toEqual(['import-x/no-restricted-paths']);
    expect(results.remoteImportsShared).toEqual([]);
  });

  it('refuses react-router-dom outside its facade and tests, in the shell, the remotes and shared', () => {
    for (const name of ['remoteImportsRouter', 'shellImportsRouter', 'sharedImportsRouter']) {
      expect([name, rules(results[name])]).toEqual([name, ['no-restricted-imports']]);
    }
    expect(results.remoteImportsRouter[0].message).toContain('@medora/shared/router');
    expect(results.facadeImportsRouter).toEqual([]);
    expect(results.testImportsRouter).toEqual([]);
    expect(results.remoteImportsFacade).toEqual([]);
  });

  it('refuses the message catalogue by relative path inside @medora/shared, so federation shares it', () => {
    expect(rules(results.sharedImportsCatalogueByPath)).toEqual(['no-restricted-imports']);
    expect(results.sharedImportsCatalogueByPath[0].message).toContain('@medora/shared/messages');
    expect(results.sharedImportsCatalogueBySubpath).toEqual([]);
  });

  it('refuses an import cycle in source', () => {
    expect(rules(results.cycle)).toEqual(['import-x/no-cycle']);
    expect(rules(results.apiCycle)).toEqual(['import-x/no-cycle']);
  });

  it('refuses the DataSource in every service and controller, and allows it in a repository and database/', () => {
    for (const name of ['serviceDataSource', 'anyServiceDataSource', 'controllerDataSource']) {
      expect(rules(results[name])).toEqual(['no-restricted-imports', 'no-restricted-imports']);
      expect(results[name][0].message).toContain('never the DataSource');
    }
    expect(results.repositoryDataSource).toEqual([]);
    expect(results.databaseDataSource).toEqual([]);
  });

  it('refuses inline styles, <style> elements and colour literals in the frontends, and allows classes', () => {
    expect(rules(results.inlineStyle)).toEqual(['no-restricted-syntax']);
    expect(results.inlineStyle[0].message).toContain('never an inline style');
    expect(rules(results.styleElement)).toEqual(['no-restricted-syntax']);
    expect(rules(results.colourLiteral)).toEqual(['no-restricted-syntax']);
    expect(results.colourLiteral[0].message).toContain('design token');
    expect(results.className).toEqual([]);
  });
});
