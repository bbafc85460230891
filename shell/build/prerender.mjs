// Writes an app's first paints (FIRST_PAINT_FILE in its dist): for each of its firstPaintRoutes, the markup its root
// component draws there before any data has come (src/firstPaint.tsx) and the app's own styles that markup imports,
// so the page paints before any script has run (issue 28). Run by each app's build after webpack, from the app's
// folder: `node build/prerender.mjs shell` for the shell, `node ../shell/build/prerender.mjs <area>` for a remote.
import { build, transform } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FIRST_PAINT_FILE, firstPaintRoutes } from '../../core/src/contracts/pageDelivery.ts';
import { AREAS } from '../../core/src/contracts/routes.ts';

const APPS = ['shell', ...AREAS];
const app = process.argv[2];
if (!APPS.includes(app)) throw new Error(`Usage: prerender.mjs <${APPS.join('|')}>`);
const appDir = process.cwd();
const shellDir = fileURLToPath(new URL('..', import.meta.url));
/** The app's root module: a remote's exposed App (its default export and preload), or the shell's own pages. */
const appModule =
  app === 'shell'
    ? `import { Screens } from ${JSON.stringify(join(shellDir, 'src/App.tsx'))}; export const app = { default: Screens };`
    : `export * as app from ${JSON.stringify(join(appDir, 'src/App.tsx'))};`;
/** Where each drawn route's styles are collected: its modules add them when they are first evaluated. */
const CSS_SINK = '__groupflowFirstPaintCss';

/**
 * A remote's own stylesheets become a module that hands its minified text to CSS_SINK, so a first paint carries the
 * styles its screen imports and no others. The shell's (and every stylesheet of the shell's own pages) are left
 * out: its page links them already.
 */
const collectAppCss = {
  name: 'collect-app-css',
  setup(builder) {
    builder.onLoad({ filter: /\.css$/ }, async ({ path }) => {
      if (app === 'shell' || !path.startsWith(join(appDir, '/'))) return { contents: '', loader: 'js' };
      const { code } = await transform(await readFile(path, 'utf8'), { loader: 'css', minify: true });
      return { contents: `globalThis.${CSS_SINK}?.push(${JSON.stringify(code)});`, loader: 'js' };
    });
  },
};

const work = await mkdtemp(join(tmpdir(), `groupflow-first-paint-${app}-`));
try {
  const bundle = join(work, 'first-paint.cjs');
  await build({
    stdin: {
      contents: `${appModule}
        export { renderFirstPaint } from ${JSON.stringify(join(shellDir, 'src/firstPaint.tsx'))};`,
      resolveDir: appDir,
      loader: 'ts',
    },
    outfile: bundle,
    bundle: true,
    platform: 'node',
    // CommonJS: react-dom/server requires Node's own modules, which an ES module bundle cannot do.
    format: 'cjs',
    jsx: 'automatic',
    plugins: [collectAppCss],
    define: { 'process.env.NODE_ENV': '"production"', __SHARED_VERSIONS__: '{}' },
    logLevel: 'warning',
  });
  const require = createRequire(import.meta.url);
  const firstPaints = {};
  for (const route of firstPaintRoutes(app)) {
    // A fresh copy of the bundle per route: a stylesheet's module adds its text only when first evaluated.
    delete require.cache[bundle];
    const css = (globalThis[CSS_SINK] = []);
    const { app: appRoot, renderFirstPaint } = require(bundle);
    let html;
    try {
      html = await renderFirstPaint(appRoot, route);
    } catch (error) {
      throw new Error(`The ${app} page of ${route} cannot be drawn without a browser: ${error.stack ?? error}`);
    }
    // A screen that still suspended drew its loading state, not its content: no use as a first paint.
    if (html.includes('<!--$!-->')) throw new Error(`The ${app} page of ${route} suspended while prerendering.`);
    firstPaints[route] = { html, css: [...new Set(css)].join('') };
  }
  const json = Buffer.from(JSON.stringify(firstPaints));
  const file = join(appDir, 'dist', FIRST_PAINT_FILE);
  await writeFile(file, json);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  await writeFile(`${file}.gz`, gzipSync(json, { level: constants.Z_BEST_COMPRESSION }));
} finally {
  delete globalThis[CSS_SINK];
  await rm(work, { recursive: true, force: true });
}
