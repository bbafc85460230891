// Writes the landing page with its markup already in it (dist/landing.html), from the built index.html and
// src/prerender.tsx: the server sends it for the landing page, so the page paints before its script has run.
// Run after webpack (the shell's build script).
import { build } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMPTY_ROOT_ELEMENT, PRERENDERED_PAGES } from '../../core/src/contracts/routes.ts';

const shellDir = fileURLToPath(new URL('..', import.meta.url));
const dist = join(shellDir, 'dist');
const work = await mkdtemp(join(tmpdir(), 'groupflow-prerender-'));
try {
  const bundle = join(work, 'prerender.cjs');
  await build({
    entryPoints: [join(shellDir, 'src/prerender.tsx')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    // CommonJS: react-dom/server requires Node's own modules, which an ES module bundle cannot do.
    format: 'cjs',
    jsx: 'automatic',
    // Styles are the linked stylesheet's; the markup only names their classes.
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"', __SHARED_VERSIONS__: '{}' },
    logLevel: 'warning',
  });
  const { prerender } = createRequire(import.meta.url)(bundle);
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const root = EMPTY_ROOT_ELEMENT;
  if (!root.test(template)) throw new Error('dist/index.html has no empty root element to prerender into.');
  for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
    const markup = prerender(path);
    await writeFile(
      join(dist, file),
      template.replace(root, () => `<div id="root" data-prerendered="${path}">${markup}</div>`),
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
