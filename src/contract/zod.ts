import { z } from 'zod/mini';
import { issueMessage } from './issue-messages';

// zod/mini: the same zod, with functions in place of methods, so a bundle carries only what the schemas
// use (classic zod's schemas carry every method, and nothing of them tree-shakes).
//
// Zod 4 compiles object parsers with `new Function` unless told not to. The console runs under
// CSP `script-src 'self'`, where that is refused (and reported), so it is switched off here — before
// any schema is built. zod/mini loads no locale, so the contract supplies its English issue messages.
// Browser code imports `z` from this module, never from 'zod' or 'zod/mini' directly
// (scripts/check-boundaries.mjs enforces it).
z.config({ jitless: true, localeError: issueMessage });

export { z };
