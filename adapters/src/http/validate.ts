import type { z } from 'zod';
import { Invalid } from '@groupflow/core';
import { toFieldIssues } from '@groupflow/core/contracts';

/** Parses input at the edge; a failure becomes a 400 naming every field, and nothing is written. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw new Invalid('REQUEST.INVALID', 'Invalid request', toFieldIssues(result.error));
  }
  return result.data;
}
