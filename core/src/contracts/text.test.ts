import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listEndpoints } from './api.ts';
import { NUL_MESSAGE, text } from './text.ts';

interface Def {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string a client can submit in `schema`, with its path; a pipe's output only sees what its input let through. */
function stringLeaves(
  schema: z.ZodType,
  path: string[],
  seen = new Set<z.ZodType>(),
): { path: string; leaf: z.ZodType }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: z.ZodType | undefined, part?: string) =>
    child ? stringLeaves(child, part ? [...path, part] : path, seen) : [];
  switch (def.type) {
    case 'string':
      return [{ path: path.join('.') || '(whole)', leaf: schema }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => walk(child, key));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walk(def.innerType);
    case 'array':
      return walk(def.element, '[]');
    case 'pipe':
      return defOf(def.in!).type === 'transform' ? walk(def.out) : walk(def.in);
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option));
    case 'record':
      return [...walk(def.keyType, '(key)'), ...walk(def.valueType, '(value)')];
    case 'tuple':
      return (def.items ?? []).flatMap((item, index) => walk(item, String(index)));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'lazy':
      return walk(def.getter!());
    default:
      return [];
  }
}

const submitted = listEndpoints().flatMap(({ area, name, endpoint }) =>
  (['body', 'query', 'params'] as const).flatMap((part) => {
    const schema = endpoint[part];
    return schema
      ? stringLeaves(schema, []).map(({ path, leaf }) => ({ field: `${area}.${name} ${part}.${path}`, leaf }))
      : [];
  }),
);

describe('NUL characters (issue 14 fix 7)', () => {
  it('are refused by the text helper, other characters kept', () => {
    expect(text().safeParse('a\u0000b').error?.issues[0]?.message).toBe(NUL_MESSAGE);
    expect(text().parse('é ✓ \u0001')).toBe('é ✓ \u0001');
  });

  it('finds the submitted string fields of the registry', () => {
    expect(submitted.length).toBeGreaterThan(20);
  });

  it('are refused in every submitted string field of every route, naming NUL', () => {
    const accepting = submitted.filter(({ leaf }) => {
      const result = leaf.safeParse('ok\u0000ok');
      if (result.success) return true;
      // A format (email, url) cannot contain NUL anyway; a plain string must say why it refused.
      return defOf(leaf).format === undefined && !result.error.issues.some((issue) => issue.message === NUL_MESSAGE);
    });
    expect(accepting.map(({ field }) => field)).toEqual([]);
  });
});
