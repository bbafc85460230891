import { z } from 'zod';
import { text } from './text.ts';
import { ERROR_CODE_LIST, ERROR_CODE_PATTERN } from '../shared/errorCodes.ts';

/** A date as JSON carries it: `Date#toJSON()`, ISO 8601 in UTC. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A record as JSON carries it: dates become ISO text, at any depth. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/**
 * Every failed call's body: a stable `code` (AREA.REASON; screens map it to their own text), the English `message`,
 * and on 400 the `issues` naming each field (spec: "Bad input"). `redirect` names where to sign in (GET /api/user's
 * 401). Unknown codes are kept as text so an older screen still reads a newer server's answer.
 */
export const apiErrorSchema = z.object({
  code: z.union([z.enum(ERROR_CODE_LIST), text().regex(ERROR_CODE_PATTERN)]),
  message: text(),
  issues: z.array(z.object({ path: z.array(z.union([text(), z.number()])), message: text() })).optional(),
  redirect: text().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The answer of a 204, and of a redirect: no body. */
export const noContent = z.undefined();

/** `/:id` of every record route: a positive integer. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `{ success: true, message }` or `{ message }`: the short confirmations some calls answer with. */
export const messageSchema = z.object({ message: text() });

export { ERROR_CODES, ERROR_CODE_LIST, ERROR_CODE_PATTERN, isErrorCode, type ErrorCode } from '../shared/errorCodes.ts';
