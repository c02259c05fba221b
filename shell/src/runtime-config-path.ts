/**
 * Where the shell reads its runtime config. Its own dependency-free module: the entry chunk
 * (early-fetch.ts) and the build (scripts/lib/webpack-config.ts, which preloads it) both import it.
 */
export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
