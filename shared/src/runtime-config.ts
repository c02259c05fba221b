import { z } from 'zod';
import type { RuntimeConfig } from './remotes.js';

/**
 * Validates `/runtime-config.json` (the `RuntimeConfig` of `remotes.ts`) where zod is welcome: the
 * gateway's tests and the docker config checks. `parseRuntimeConfig` (runtime-config-env.ts) is its
 * zod-free twin for the browser, where zod stays off the landing page's first paint.
 */
export const runtimeConfigSchema = z.object({
  mode: z.enum(['local', 'production']),
  apiBaseUrl: z.string().min(1),
  remotes: z.object({
    landing: z.string().min(1),
    patient: z.string().min(1),
    booking: z.string().min(1),
    provider: z.string().min(1),
  }),
  firebase: z.object({
    apiKey: z.string().min(1),
    authDomain: z.string().min(1),
    projectId: z.string().min(1),
  }),
  /** Set only when running against the Firebase Auth emulator, e.g. `http://127.0.0.1:9099`. */
  authEmulatorUrl: z.string().url().optional(),
}) satisfies z.ZodType<RuntimeConfig>;
