import { z } from 'zod';

/**
 * Pages run under a Content-Security-Policy without 'unsafe-eval'. zod decides when each object schema is built
 * whether to compile its parser with `new Function`, probing for eval first, and the browser reports the probe as a
 * violation. Schemas are built as soon as their modules load, so this runs on import of text.ts, which every
 * contract module imports before building any; a bundle with its own zod (the shell, which provides the contract to
 * the remotes, or a remote loaded without it) runs its own copy of this module. Forms validate small objects, so
 * the interpreted parser is enough; the server keeps its compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });
