import { readFileSync } from 'node:fs';
import path from 'node:path';

const SHARED_SRC = path.resolve(__dirname, '../../shared/src');

describe('message catalogue module', () => {
  it('imports only modules without imports of their own, which would load twice on a page', () => {
    // The catalogue is a federation singleton of its own (@medora/shared/messages); what it imports
    // is bundled into its chunk and again into every other chunk that uses it.
    const importsOf = (file: string) =>
      // Type-only imports are erased (the areas' types, ./messages/<area>.ts).
      [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b(?! type\b)[^;]*?\bfrom '([^']+)'/gm)].map(
        (m) => m[1]!,
      );
    const file = path.join(SHARED_SRC, 'messages.ts');
    const imported = importsOf(file);
    expect(imported.length).toBeGreaterThan(0);
    for (const request of imported) {
      expect(request).toMatch(/^\.\//);
      expect({
        request,
        imports: importsOf(path.resolve(SHARED_SRC, request.replace(/\.js$/, '.ts'))),
      }).toEqual({
        request,
        imports: [],
      });
    }
  });
});
