/**
 * The allow-list of a route's answer is its response schema: zod objects strip unknown keys when parsing, so a
 * parse alone would let an extra field (a hash, another user's email) through. These helpers walk the schema and
 * the JSON together and name every field the schema does not declare, and every field whose name no answer may carry.
 */
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths (`tickets[0].accessKeyHash`) in `value` that `schema` does not declare. */
export function undeclaredFields(schema: z.ZodType, value: unknown, path = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return value === null || value === undefined ? [] : undeclaredFields(def.innerType!, value, path);
    case 'pipe':
      return undeclaredFields(def.in!, value, path);
    case 'lazy':
      return undeclaredFields(def.getter!(), value, path);
    case 'union': {
      // The alternative that explains the most is the one the answer meant.
      const candidates = def.options!.filter((option) => option.safeParse(value).success);
      const tried = (candidates.length > 0 ? candidates : def.options!).map((option) =>
        undeclaredFields(option, value, path),
      );
      return tried.sort((a, b) => a.length - b.length)[0] ?? [];
    }
    case 'intersection': {
      const left = new Set(undeclaredFields(def.left!, value, path));
      return undeclaredFields(def.right!, value, path).filter((field) => left.has(field));
    }
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, index) => undeclaredFields(def.element!, item, `${path}[${index}]`))
        : [];
    case 'record':
      return value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, item]) => undeclaredFields(def.valueType!, item, `${path}.${key}`))
        : [];
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
      const shape = def.shape!;
      return Object.entries(value).flatMap(([key, item]) => {
        const where = path ? `${path}.${key}` : key;
        return key in shape ? undeclaredFields(shape[key]!, item, where) : [where];
      });
    }
    default:
      return [];
  }
}

/** Names no answer carries, whatever its schema says: secrets at rest and credentials of others. */
const SECRET_FIELD = /(hash|secret|^password$|^passwordHash$|accessToken|refreshToken|encrypted)/i;

/** Paths of fields whose name marks a secret, at any depth. */
export function secretFields(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => secretFields(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const where = path ? `${path}.${key}` : key;
    return [...(SECRET_FIELD.test(key) ? [where] : []), ...secretFields(item, where)];
  });
}
