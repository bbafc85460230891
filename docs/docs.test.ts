/**
 * The docs name real things: a folder or file the architecture names exists, a link between documents lands, and
 * the decisions log has one entry per heading. A move in the tree that forgets its docs fails here, not in a
 * newcomer's first hour.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const docsDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(docsDir, '..');
const read = (name: string) => readFileSync(join(docsDir, name), 'utf8');
const TOP_FOLDERS = [
  'core',
  'adapters',
  'services',
  'shell',
  'mf-customer',
  'mf-staff',
  'mf-legal',
  'bench',
  'deploy',
  'docs',
];

/** `core/src/roblox/connectGroup/` or `adapters/src/http/errors.ts` inside backticks; globs and placeholders aside. */
function namedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const path = code!.trim().replace(/\/$/, '');
    if (!TOP_FOLDERS.some((top) => path.startsWith(`${top}/`))) continue;
    if (/[*<>{}…\s]|\.\.\./.test(path)) continue;
    paths.add(path);
  }
  return [...paths];
}

/** The layer map: a folder at the line's start is a package; an indented one lies in the package's `src/`. */
function layerMapFolders(markdown: string): string[] {
  const map = /## Layers\s+```\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  const folders: string[] = [];
  let top = '';
  for (const line of map.split('\n')) {
    const topLevel = /^([a-z][\w-]*)\/\s/.exec(line);
    if (topLevel) {
      top = topLevel[1]!;
      folders.push(top);
      for (const [, other] of line.matchAll(/\s{2,}([a-z][\w-]*)\/\s/g)) folders.push(other!);
      continue;
    }
    const nested = /^ {2}([a-z][\w-]*)\/\s/.exec(line);
    if (nested && top) folders.push(`${top}/src/${nested[1]}`);
  }
  return folders;
}

describe('docs', () => {
  it('architecture.md names only folders and files that exist', () => {
    const architecture = read('architecture.md');
    const named = [...layerMapFolders(architecture), ...namedPaths(architecture)];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('every link from one document to a file lands', () => {
    const broken: string[] = [];
    for (const name of readdirSync(docsDir).filter((file) => file.endsWith('.md'))) {
      for (const [, target] of read(name).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        if (!existsSync(resolve(docsDir, target!))) broken.push(`${name} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('decisions.md holds one entry per decision', () => {
    const headings = [...read('decisions.md').matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) => heading!.trim());
    expect(headings.filter((heading, index) => headings.indexOf(heading) !== index)).toEqual([]);
  });
});
