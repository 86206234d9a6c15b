import { config } from 'zod/v4/core';

// Zod compiles fast parsers with `new Function` when it can; its probe for that is a CSP violation under the app's
// script-src 'self' (no 'unsafe-eval'), reported even though Zod falls back. Imported first by the public entry, and
// before any page by the app (routes.tsx), and first of all by main.tsx (the login screen parses with core's schemas).
config({ jitless: true });
