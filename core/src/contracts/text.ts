import { z } from 'zod';
// Every contract module builds its schemas from these helpers, so importing this configures zod before any of
// them is built; bundlers skip the contracts index, so the import cannot live there (see noEval.ts).
import './noEval.ts';

export const NUL_MESSAGE = 'Must not contain a NUL character';

// PostgreSQL text cannot hold U+0000: refusing it here turns what was a 500 from the driver into a 400 naming
// the field, for every schema built from these helpers.
// eslint-disable-next-line no-control-regex -- finding the NUL control character is the point
const NUL_FREE = /^[^\u0000]*$/;

/** The check itself, for strings that do not start from `text()` (`z.coerce.string()`). */
export const nulFree = () => z.regex(NUL_FREE, { message: NUL_MESSAGE });

/** The start of every string field in the contracts: `z.string()` that refuses NUL. */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(nulFree());
