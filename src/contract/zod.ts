import { z } from 'zod';

// Zod 4 compiles object parsers with `new Function` unless told not to. The console runs under
// CSP `script-src 'self'`, where that is refused (and reported), so it is switched off here — before
// any schema is built. Browser code imports `z` from this module, never from 'zod' directly
// (scripts/check-boundaries.mjs enforces it).
z.config({ jitless: true });

export { z };
