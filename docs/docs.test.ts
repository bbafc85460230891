/**
 * The docs name real things: a folder or file the architecture names exists, every core area and route file is in
 * it, each code example is either a quote that still matches its file or names only what the code exports, a link
 * between documents lands, and the decisions log has one entry per heading. A move in the tree that forgets its
 * docs fails here, not in a newcomer's first hour.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API } from '@groupflow/core/contracts';

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

/** Directories and files under `dir`, skipping builds and dependencies. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

interface CodeBlock {
  lines: string[];
}

/** The fenced ts and tsx blocks of a document. */
function codeBlocks(markdown: string): CodeBlock[] {
  return [...markdown.matchAll(/^```tsx?\n([\s\S]*?)^```$/gm)].map(([, body]) => ({
    lines: body!.replace(/\n$/, '').split('\n'),
  }));
}

/** A quote opens with `// <path of an existing file>`; `// …` marks what it leaves out. */
const quotedFile = (block: CodeBlock) =>
  /^\/\/ ((?:core|adapters|services|shell|mf-[a-z]+)\/\S+)$/.exec(block.lines[0]!)?.[1];
const ELISION = '// …';

/** Each run of a quote's lines between elisions, found in its file as consecutive lines, the runs in order. */
function quoteMismatch(block: CodeBlock, file: string): string | undefined {
  const fileLines = readFileSync(join(root, file), 'utf8')
    .split('\n')
    .map((line) => line.trim());
  const runs: string[][] = [[]];
  for (const line of block.lines.slice(1)) {
    if (line.trim() === ELISION) runs.push([]);
    else runs.at(-1)!.push(line.trim());
  }
  let from = 0;
  for (const run of runs.filter((lines) => lines.length > 0)) {
    const at = fileLines.findIndex(
      (_, start) => start >= from && run.every((line, offset) => fileLines[start + offset] === line),
    );
    if (at < 0) return `${file} no longer reads: ${run[0]}`;
    from = at + run.length;
  }
  return undefined;
}

/** Where a workspace package's export lives: `@groupflow/shell-kit/form` → shell/kit/src/form.tsx. */
function moduleFile(specifier: string): string | undefined {
  for (const workspace of JSON.parse(read('../package.json')).workspaces as string[]) {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
    };
    if (specifier !== manifest.name && !specifier.startsWith(`${manifest.name}/`)) continue;
    const target = manifest.exports?.[`.${specifier.slice(manifest.name.length)}`];
    return target === undefined ? undefined : join(root, workspace, target);
  }
  return undefined;
}

/** The names a module exports, following its `export * from` re-exports. */
function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, name] of source.matchAll(
    /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(name!);
  for (const [, list] of source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm)) {
    for (const entry of list!.split(',')) {
      const name = entry
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .at(-1);
      if (name) names.add(name);
    }
  }
  for (const [, target] of source.matchAll(/^export\s+\*\s+from\s+'(\.[^']+)'/gm)) {
    for (const name of exportedNames(resolve(dirname(file), target!), seen)) names.add(name);
  }
  return names;
}

const KEYWORDS = new Set(
  `const let var function return if else for of in new await async import from export type interface as true false
   null undefined this typeof void class extends implements readonly private public static`.split(/\s+/),
);

/** Every identifier the code of the product uses, strings and comments included: the grep a reader would do. */
const codeWords = (() => {
  const sources = [
    'core/src',
    'adapters/src',
    'services/src',
    'shell/src',
    'shell/kit/src',
    'mf-customer/src',
    'mf-staff/src',
    'mf-legal/src',
  ]
    .flatMap((dir) => walk(join(root, dir)))
    .filter((file) => /\.tsx?$/.test(file));
  const words = new Set<string>();
  for (const file of sources)
    for (const [word] of readFileSync(file, 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) words.add(word);
  return words;
})();

/**
 * What an example that quotes no file gets wrong: a name it imports that its module does not export, or an
 * identifier of its own (not a property, key, attribute, string or JSX text) that nowhere in the code is.
 */
function exampleMistakes(block: CodeBlock): string[] {
  const code = block.lines.join('\n');
  const mistakes: string[] = [];
  for (const [, names, specifier] of code.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/gm)) {
    const file = moduleFile(specifier!);
    if (file === undefined) {
      mistakes.push(`${specifier} is no module of ours`);
      continue;
    }
    const exported = exportedNames(file);
    for (const name of names!
      .split(',')
      .map((entry) => entry.trim().replace(/^type\s+/, ''))
      .filter(Boolean)) {
      if (!exported.has(name)) mistakes.push(`${specifier} exports no ${name}`);
    }
  }
  const ownCode = code
    .replace(/^import .*$/gm, '')
    .replace(/'[^'\n]*'|"[^"\n]*"|`[^`\n]*`/g, "''")
    .replace(/>([^<>{}]*)</g, '><')
    .replace(/\.\.\./g, ' ');
  for (const [word] of ownCode.matchAll(/(?<![.\w$])[A-Za-z_$][\w$]*(?![\w$]*\s*[:=](?!=))/g)) {
    if (!KEYWORDS.has(word) && !codeWords.has(word)) mistakes.push(`no code names ${word}`);
  }
  return mistakes;
}

describe('docs', () => {
  it('architecture.md names only folders and files that exist', () => {
    const architecture = read('architecture.md');
    const named = [...layerMapFolders(architecture), ...namedPaths(architecture)];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('architecture.md names every core area and every route file', () => {
    const architecture = read('architecture.md');
    const named = new Set([...layerMapFolders(architecture), ...namedPaths(architecture)]);
    const areas = readdirSync(join(root, 'core/src')).filter((name) =>
      statSync(join(root, 'core/src', name)).isDirectory(),
    );
    expect(areas.filter((area) => !named.has(`core/src/${area}`))).toEqual([]);
    const routeFiles = readdirSync(join(root, 'adapters/src/http/routes')).filter((name) => !name.includes('.test.'));
    expect(routeFiles.length).toBeGreaterThan(10);
    expect(
      routeFiles.filter(
        (file) => !architecture.includes(`\`${file}\``) && !named.has(`adapters/src/http/routes/${file}`),
      ),
    ).toEqual([]);
  });

  it("architecture.md's code examples are quotes that still match their files, or name only what the code has", () => {
    const blocks = codeBlocks(read('architecture.md'));
    const quotes = blocks.filter((block) => quotedFile(block) !== undefined);
    expect(quotes.length).toBeGreaterThan(5);
    const mistakes = blocks.flatMap((block) => {
      const file = quotedFile(block);
      if (file === undefined) return exampleMistakes(block);
      if (!existsSync(join(root, file))) return [`${file} does not exist`];
      return quoteMismatch(block, file) ?? [];
    });
    expect(mistakes).toEqual([]);
  });

  it('every `API.<area>.<name>` and `TOKENS.<name>` a document names exists', () => {
    const tokens = readFileSync(join(root, 'services/src/containers/tokens.ts'), 'utf8');
    const registry = API as Record<string, Record<string, unknown>>;
    const missing: string[] = [];
    for (const name of readdirSync(docsDir).filter((file) => file.endsWith('.md'))) {
      const text = read(name);
      // `API.area.name` is the documents' placeholder for any endpoint.
      for (const [chain, area, key] of text.matchAll(/\bAPI\.(\w+)(?:\.(\w+))?/g)) {
        if (area === 'area') continue;
        if (registry[area!] === undefined || (key !== undefined && registry[area!]![key] === undefined)) {
          missing.push(`${name}: ${chain}`);
        }
      }
      for (const [chain, key] of text.matchAll(/\bTOKENS\.(\w+)/g)) {
        if (!new RegExp(`^\\s+${key}:`, 'm').test(tokens)) missing.push(`${name}: ${chain}`);
      }
    }
    expect(missing).toEqual([]);
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
