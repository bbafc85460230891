import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOKENS } from './tokens.ts';

const SERVICES = fileURLToPath(new URL('..', import.meta.url));
const REGISTRY = fileURLToPath(new URL('./tokens.ts', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the token registry', () => {
  it('names each token once: its Symbol.for description is its name, so no two names share a token', () => {
    const entries = Object.entries(TOKENS);
    for (const [name, token] of entries) expect(token.description, name).toBe(name);
    const descriptions = entries.map(([, token]) => token.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('is the only place a composition root declares a service identifier', () => {
    const declaring = sources(SERVICES)
      .filter((path) => path !== REGISTRY)
      .filter((path) => /\bSymbol(\.for)?\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SERVICES, path));
    expect(declaring).toEqual([]);
  });
});
