// Writes a remote's frames (FRAMES_FILE in its dist): for each route of its area that a visitor without a session
// sees drawn by the server (framedRoutes), the markup its screen draws signed out and the remote's styles that
// screen imports, so the page paints before any script has run (issue 28). Run by each remote's build after webpack:
// `node ../shell/build/prerenderFrames.mjs <area>` from the remote's folder.
import { build, transform } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { AREAS, FRAMES_FILE, framedRoutes } from '../../core/src/contracts/routes.ts';

const area = process.argv[2];
if (!AREAS.includes(area)) throw new Error(`Usage: prerenderFrames.mjs <${AREAS.join('|')}>`);
const appDir = process.cwd();
const shellDir = fileURLToPath(new URL('..', import.meta.url));
/** Where each rendered screen's styles are collected: its modules add them when they are first evaluated. */
const CSS_SINK = '__groupflowFrameCss';

/**
 * The remote's own stylesheets become a module that hands its minified text to CSS_SINK, so a frame carries the
 * styles its screen imports and no others. The shell's are left out: its page links them already.
 */
const collectRemoteCss = {
  name: 'collect-remote-css',
  setup(builder) {
    builder.onLoad({ filter: /\.css$/ }, async ({ path }) => {
      if (relative(appDir, path).startsWith('..')) return { contents: '', loader: 'js' };
      const { code } = await transform(await readFile(path, 'utf8'), { loader: 'css', minify: true });
      return { contents: `globalThis.${CSS_SINK}?.push(${JSON.stringify(code)});`, loader: 'js' };
    });
  },
};

const work = await mkdtemp(join(tmpdir(), `groupflow-frames-${area}-`));
try {
  const bundle = join(work, 'frames.cjs');
  await build({
    stdin: {
      contents: `export * as app from ${JSON.stringify(join(appDir, 'src/App.tsx'))};
        export { prerenderFrame } from ${JSON.stringify(join(shellDir, 'src/prerenderFrame.tsx'))};`,
      resolveDir: appDir,
      loader: 'ts',
    },
    outfile: bundle,
    bundle: true,
    platform: 'node',
    // CommonJS: react-dom/server requires Node's own modules, which an ES module bundle cannot do.
    format: 'cjs',
    jsx: 'automatic',
    plugins: [collectRemoteCss],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const require = createRequire(import.meta.url);
  const frames = {};
  for (const route of framedRoutes(area)) {
    // A fresh copy of the bundle per route: a stylesheet's module adds its text only when first evaluated.
    delete require.cache[bundle];
    const css = (globalThis[CSS_SINK] = []);
    const { app, prerenderFrame } = require(bundle);
    let html;
    try {
      html = await prerenderFrame(app, route);
    } catch (error) {
      throw new Error(`The ${area} screen of ${route} cannot be drawn without a browser: ${error.stack ?? error}`);
    }
    // A screen that still suspended drew its loading state, not its content: no use as a frame.
    if (html.includes('<!--$!-->')) throw new Error(`The ${area} screen of ${route} suspended while prerendering.`);
    frames[route] = { html, css: [...new Set(css)].join('') };
  }
  const json = Buffer.from(JSON.stringify(frames));
  const file = join(appDir, 'dist', FRAMES_FILE);
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
