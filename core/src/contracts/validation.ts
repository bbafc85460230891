import type { z } from 'zod';

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** Flattens zod issues into the `{ path, message }` list every 400 answer and form uses. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
    message: issue.message,
  }));
}

/** First message per top-level field, for showing errors under inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}
