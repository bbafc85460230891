// The build convention shared by the shell and every remote: TypeScript through esbuild, CSS through
// style-loader, and one module-federation setup with the same singletons everywhere.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const require = createRequire(import.meta.url);

/**
 * The modules every remote takes from the shell, one copy each: React and its renderer, the query client, the kit
 * (it holds the toast context: a second copy would not reach the shell's toaster), the kit's router module (one
 * router context; react-router-dom itself is not shared, see shell/kit/src/router.ts) and the contract (its
 * endpoints and schemas, and zod with them: the kit the shell provides already carries them, so a remote that
 * bundled its own copy made every remote route download and run both, about 40 KB compressed).
 */
const SHARED = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  '@groupflow/shell-kit',
  '@groupflow/shell-kit/router',
  '@groupflow/core/contracts',
];
const OUR_PACKAGE = /^@groupflow\//;

/** A remote's share configuration: singletons, each at the version range its package.json asks for. */
function shared(appDir) {
  const pkg = require(resolve(appDir, 'package.json'));
  return Object.fromEntries(
    SHARED.map((name) => [
      name,
      { singleton: true, requiredVersion: OUR_PACKAGE.test(name) ? false : pkg.dependencies[name] },
    ]),
  );
}

/** The installed version of each shared module, which the shell announces when it provides them at run time. */
function sharedVersions(appDir) {
  const packageOf = (name) => (OUR_PACKAGE.test(name) ? name.split('/').slice(0, 2).join('/') : name);
  return Object.fromEntries(
    SHARED.map((name) => [
      name,
      require(require.resolve(`${packageOf(name)}/package.json`, { paths: [appDir] })).version,
    ]),
  );
}

/** Text the server sends as files: each gets a `.br` and a `.gz` beside it, so no request pays for compressing it. */
const COMPRESSED_ASSETS = /\.(js|css|html|json|svg)$/;

/**
 * Every text asset, however small or poorly it compresses (minRatio), gets both files: the server then never
 * compresses a file per request, and every script and stylesheet goes out compressed.
 */
const precompressed = () => [
  new CompressionPlugin({
    test: COMPRESSED_ASSETS,
    algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
    filename: '[path][base].br',
    minRatio: Number.MAX_SAFE_INTEGER,
  }),
  new CompressionPlugin({
    test: COMPRESSED_ASSETS,
    algorithm: 'gzip',
    compressionOptions: { level: zlib.Z_BEST_COMPRESSION },
    filename: '[path][base].gz',
    minRatio: Number.MAX_SAFE_INTEGER,
  }),
];

/** An app's chunk groups named with `webpackChunkName`, and the final files of each. */
const CHUNK_GROUPS_FILE = 'chunk-groups.json';

/**
 * Writes CHUNK_GROUPS_FILE. The server reads the shell's and the remotes' to name, in the page it sends for a
 * remote's route, the shell chunks that load every remote (group `remote-area`: the federation runtime and the
 * shared modules) and the remote's chunks of that route's screen (each named after its route), so they download
 * with the page instead of one after another.
 */
class ChunkGroupsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ChunkGroupsPlugin', (compilation) => {
      // After the real content hashes have renamed the files, before they are compressed.
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1;
      compilation.hooks.processAssets.tap({ name: 'ChunkGroupsPlugin', stage }, () => {
        const groups = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          const files = group.getFiles();
          groups[name] = {
            js: files.filter((file) => file.endsWith('.js')),
            css: files.filter((file) => file.endsWith('.css')),
          };
        }
        compilation.emitAsset(CHUNK_GROUPS_FILE, new sources.RawSource(JSON.stringify(groups)));
      });
    });
  }
}

/**
 * @param {{ appDir: string, name: string, exposes?: Record<string, string>, host?: boolean }} options
 */
export function federatedApp({ appDir, name, exposes, host = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: host ? { main: './src/index.ts' } : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: resolve(appDir, 'dist'),
        // Remotes resolve their chunks next to their own manifest, wherever they are deployed.
        publicPath: host ? '/' : 'auto',
        // Content hashes in every name but remoteEntry.js (the federation plugin's `filename`) and mf-manifest.json,
        // which keep their names so the shell finds them: hashed files are cached for a year (staticSite.ts).
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { target: 'es2022', jsx: 'automatic' },
          },
          // Remotes inject their few layout styles with their chunks; the shell's stylesheets (theme, kit, landing
          // page) are files of their own (experiments.css), linked from the page's head, so the page is styled
          // before any script runs and the first bundle carries no CSS.
          ...(host ? [] : [{ test: /\.css$/, use: ['style-loader', 'css-loader'] }]),
        ],
      },
      ...(host ? { experiments: { css: true } } : {}),
      plugins: [
        new ChunkGroupsPlugin(),
        ...(production ? precompressed() : []),
        ...(host
          ? [
              // The shell is a plain bundle: it renders the landing page without the federation runtime, and loads
              // the runtime with the first remote it needs, providing its own copies of the shared modules
              // (shell/src/remotes/loadArea.ts).
              new webpack.DefinePlugin({ __SHARED_VERSIONS__: JSON.stringify(sharedVersions(appDir)) }),
              new HtmlWebpackPlugin({ template: './src/index.html', publicPath: '/' }),
            ]
          : [
              new ModuleFederationPlugin({
                name,
                filename: 'remoteEntry.js',
                exposes,
                manifest: true,
                dts: false,
                shared: shared(appDir),
                // The remote's entry uses the federation runtime the shell has already loaded (the shell installs it
                // with injectExternalRuntimeCorePlugin, shell/src/remotes/loadArea.tsx) instead of a copy of its own:
                // 17 KB less to download and run on every remote route. A shell must be deployed before remotes built
                // so (docs/decisions.md).
                experiments: { externalRuntime: true },
              }),
            ]),
      ],
      performance: { hints: false },
      infrastructureLogging: { level: 'warn' },
      stats: 'errors-warnings',
    };
  };
}
