import { z } from 'zod';

// In a browser, zod's compiled parsers first probe for `new Function`, which the pages'
// Content-Security-Policy (no 'unsafe-eval') blocks and reports; there zod parses without compiling.
// Node (the API) keeps the faster compiled path.
if (typeof document !== 'undefined') z.config({ jitless: true });
