/**
 * The one place that knows how an app is built and federated (DESIGN). Each app's rspack.config.ts
 * calls `defineApp` with a few fields.
 */
import fs from 'node:fs';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedPolicy } from './federation.shared.ts';
import { PrecompressPlugin } from './rspack.precompress.ts';
import type { RemoteDescriptor } from './shared/src/federation/descriptor.ts';

export interface AppOptions {
  /** Federation container name: 'host', 'auth', 'users', 'roles', ... */
  name: string;
  /** The app's folder (pass import.meta.dirname). */
  dir: string;
  /** Dev server port (DESIGN ports). */
  port: number;
  /** Remotes only: exposed modules, './descriptor' included. */
  exposes?: Record<string, string>;
  /** Remotes only: the static descriptor, written into mf-manifest.json. */
  descriptor?: RemoteDescriptor;
  /** Page title of the app's own index.html. */
  title: string;
  /** false: a plain React page with the same production settings (the bench's baseline). */
  federation?: boolean;
  /** A plain script file inlined at the top of index.html (the host's early fetches). */
  headScript?: string;
}

const MANIFEST_DESCRIPTOR_KEY = 'ssoDescriptor';

export function defineApp(options: AppOptions, env: { production?: boolean } = {}): Configuration {
  const isProd = env.production ?? process.env.NODE_ENV === 'production';
  const isRemote = Boolean(options.exposes);
  const filename = isProd ? '[name].[contenthash:8].js' : '[name].js';
  // Production remotes are containers only: they use the host's federation runtime (one copy on the
  // page, ADR 0005) and have no page of their own. The standalone page is the dev server's.
  const containerOnly = isRemote && isProd;

  return {
    mode: isProd ? 'production' : 'development',
    context: options.dir,
    entry: containerOnly ? {} : { main: './src/index.ts' },
    devtool: isProd ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(options.dir, 'dist'),
      // Remotes resolve their chunks from wherever their manifest was served: one build, any host.
      publicPath: isRemote ? 'auto' : '/',
      filename,
      chunkFilename: filename,
      uniqueName: options.name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProd, refresh: false } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          type: 'css/auto',
          // Styles travel inside the JS module that imports them, so a federated module
          // brings its CSS wherever it is loaded (no separate CSS chunk to resolve).
          parser: { exportType: 'style', namedExports: false },
          generator: {
            // Class names carry the app name: no collisions between remotes (DESIGN "UI").
            localIdentName: isProd ? `${options.name}-[hash:6]` : `${options.name}__[local]__[hash:4]`,
          },
        },
        { test: /\.(svg|png)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      options.federation === false
        ? null
        : new ModuleFederationPlugin({
            name: options.name,
            filename: isRemote ? 'remoteEntry.js' : undefined,
            exposes: options.exposes,
            shared: sharedPolicy(options.dir, { host: !isRemote }),
            shareStrategy: 'loaded-first',
            dts: false,
            dev: isProd ? false : { disableLiveReload: true, disableHotTypesReload: true },
            // Smaller federation runtime: browser-only code paths (remotes are manifest-based, so
            // the snapshot plugin stays).
            experiments: {
              optimization: { target: 'web' },
              externalRuntime: containerOnly,
              provideExternalRuntime: !isRemote,
            },
            manifest: isRemote
              ? {
                  additionalData: ({ stats }) => {
                    Object.assign(stats.metaData, { [MANIFEST_DESCRIPTOR_KEY]: options.descriptor });
                    return stats;
                  },
                }
              : false,
          }),
      containerOnly
        ? null
        : new rspack.HtmlRspackPlugin({
            template: path.join(import.meta.dirname, 'index.html'),
            title: options.title,
            templateParameters: {
              headScript: options.headScript
                ? `<script>${fs.readFileSync(path.join(options.dir, options.headScript), 'utf8')}</script>`
                : '',
            },
            // A remote's own page must not inject its remote entry (TOOLCHAIN trap).
            chunks: ['main'],
          }),
      // Runtime configuration (config.json) ships beside index.html; replace it per environment.
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development'),
      }),
      // Brotli 11 and gzip 9 files beside each asset, served as they are (ADR 0006).
      isProd ? new PrecompressPlugin() : null,
    ],
    optimization: { minimize: isProd },
    performance: false,
    devServer: {
      port: options.port,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: { directory: path.join(options.dir, 'public') },
      client: { overlay: { warnings: false, errors: true } },
    },
    watchOptions: { ignored: ['**/node_modules/**', '**/dist/**'] },
    // ANALYZE=1 with `rspack build --json out.json` writes module-level stats (which package weighs what).
    stats: process.env.ANALYZE ? { all: false, modules: true, chunks: true, ids: true } : 'errors-warnings',
  };
}
