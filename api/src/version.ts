import { readFileSync } from 'node:fs';

/** The API package version (api/package.json is one level above both src/ and dist/). */
export const API_VERSION: string = (() => {
  try {
    return (
      JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    ).version;
  } catch {
    return '0.0.0';
  }
})();
