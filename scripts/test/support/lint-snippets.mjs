// Lints snippets at (possibly virtual) paths with the repo's ESLint config and prints the boundary
// rules' messages as JSON. A separate process because jest (CommonJS here) cannot load the ESM config.
// Input on stdin: [{ filePath, code }]; output: [[{ ruleId, message }]] in the same order.
import { ESLint } from 'eslint';
import path from 'node:path';

const RULES = new Set([
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
  'no-restricted-imports',
  'no-restricted-syntax',
]);
const root = path.resolve(import.meta.dirname, '../../..');

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({
  cwd: root,
  // Virtual files are in no tsconfig: lint without type information; only the boundary rules run.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => RULES.has(ruleId),
});
const out = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(root, filePath) });
  out.push((result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(out));
