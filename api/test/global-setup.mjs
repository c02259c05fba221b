// Jest loads global setup outside its module system (no moduleNameMapper, no ESM transform), so this
// small file is plain ESM and loads the TypeScript infrastructure (test/infra.ts) through tsx.
import { tsImport } from 'tsx/esm/api';

/** @param {unknown} _globalConfig @param {{ rootDir: string }} projectConfig */
export default async function globalSetup(_globalConfig, projectConfig) {
  const url = new URL('./infra.ts', import.meta.url).href;
  // api/tsconfig.json: the entities the template databases' migrations load use legacy decorators.
  const tsconfig = new URL('../tsconfig.json', import.meta.url).pathname;
  const { startTestInfra } = await tsImport(url, { parentURL: import.meta.url, tsconfig });
  const infra = await startTestInfra(process.env);
  // Workers start after this and inherit process.env.
  Object.assign(process.env, infra.env);
  globalThis.__MEDORA_TEST_INFRA__ = infra;
  void projectConfig;
}
