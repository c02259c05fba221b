/** Chunk and remote-entry load timeout (ARCHITECTURE rule 3); same value as the webpack config's. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
