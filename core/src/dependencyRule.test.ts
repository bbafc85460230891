import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The dependency rule of docs/architecture.md, checked: core imports only itself and zod (the shared
 * contracts' schema language) — no framework, adapter, service or remote.
 */
const CORE = fileURLToPath(new URL('.', import.meta.url));
const ALLOWED_PACKAGES = new Set(['zod']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(source: string): string[] {
  const specifiers = source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g);
  return [...specifiers].map((match) => match[1] ?? match[2] ?? '');
}

describe('core dependency rule', () => {
  const files = sourceFiles(CORE);

  it('finds the core sources it checks', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it('imports nothing but relative core modules and zod', () => {
    const violations = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => !specifier.startsWith('.') && !ALLOWED_PACKAGES.has(specifier))
        .map((specifier) => `${relative(CORE, file)} imports ${specifier}`),
    );
    expect(violations).toEqual([]);
  });

  it('never reaches out of core through relative paths', () => {
    const escapes = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => relative(CORE, join(file, '..', specifier)).startsWith('..'))
        .map((specifier) => `${relative(CORE, file)} imports ${specifier}`),
    );
    expect(escapes).toEqual([]);
  });
});
