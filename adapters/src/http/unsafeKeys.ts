import type { Middleware } from 'koa';
import { Invalid } from '@groupflow/core';

/** Keys that reach an object's prototype when copied by assignment (`target[key] = value`). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function unsafePath(value: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsafePath(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (UNSAFE_KEYS.has(key)) return [...path, key];
    const found = unsafePath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * JSON.parse keeps `__proto__` as an own key; any later copy by assignment (a record schema, a spread into a
 * plain object) would then swap a prototype. Such bodies are refused with 400 before a route sees them.
 */
export function refuseUnsafeKeys(): Middleware {
  return async (ctx, next) => {
    const path = unsafePath(ctx.request.body, []);
    if (path)
      throw new Invalid('REQUEST.INVALID', 'Invalid request', [
        { path, message: `The key "${String(path.at(-1))}" is not allowed` },
      ]);
    await next();
  };
}
