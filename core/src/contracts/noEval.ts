import { z } from 'zod';

/**
 * Pages run under a Content-Security-Policy without 'unsafe-eval'. zod probes for eval (`new Function('')`) to
 * compile its object parsers, and the browser reports each probe as a violation; forms validate small objects, so
 * the interpreted parser is enough. The shell and every remote carry their own copy of zod, so each calls this
 * once, before validating anything.
 */
export function validateWithoutEval(): void {
  z.config({ jitless: true });
}
