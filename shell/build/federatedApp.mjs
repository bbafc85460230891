// The build convention shared by the shell and every remote: TypeScript through esbuild, CSS through
// style-loader, and one module-federation setup with the same singletons everywhere.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const require = createRequire(import.meta.url);

function shared(appDir) {
  const pkg = require(resolve(appDir, 'package.json'));
  const singleton = (name) => ({ singleton: true, requiredVersion: pkg.dependencies[name] });
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-router-dom': singleton('react-router-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    // The kit holds the toast context: one copy, or remotes would not reach the shell's toaster.
    '@groupflow/shell-kit': { singleton: true, requiredVersion: false },
  };
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
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
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
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(host ? { remotes: {}, shareStrategy: 'loaded-first' } : { filename: 'remoteEntry.js', exposes }),
          manifest: true,
          dts: false,
          shared: shared(appDir),
        }),
        ...(host ? [new HtmlWebpackPlugin({ template: './src/index.html', publicPath: '/' })] : []),
      ],
      performance: { hints: false },
      infrastructureLogging: { level: 'warn' },
      stats: 'errors-warnings',
    };
  };
}
