import { config } from 'zod/v4/core';

// Zod compiles fast parsers with `new Function` when it can; its probe for that is a CSP violation under the app's
// script-src 'self' (no 'unsafe-eval'), reported even though Zod falls back. Imported first by both entries.
config({ jitless: true });
