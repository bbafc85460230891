import { z } from 'zod';
import { text } from './text.ts';

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

/** Every failed call's body: 400 adds `issues`, naming each field (spec: "Bad input"). */
export const errorSchema = z.object({
  message: text(),
  issues: z.array(z.object({ path: z.array(z.union([text(), z.number()])), message: text() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** The answer of a 204, and of a redirect: no body. */
export const noContent = z.undefined();

/** `/:id` of every record route: a positive integer. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `{ success: true, message }` or `{ message }`: the short confirmations some calls answer with. */
export const messageSchema = z.object({ message: text() });
