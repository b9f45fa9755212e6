/**
 * The one place that knows how an app is built and federated (DESIGN). Each app's rspack.config.ts
 * calls `defineApp` with a few fields.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { providedVersions, sharedPolicy } from './federation.shared.ts';
import { pageSecurityHeaders, readConfig } from './scripts/lib/csp.mjs';
import { INLINE_DATA, PRERENDER_INCLUDE } from './scripts/lib/prerendered.mjs';
import { PrecompressPlugin } from './rspack.precompress.ts';
import { sourceResolve, sourceRule } from './rspack.source.ts';
import { SOURCE_MAP_DIR, SourceMapsAsidePlugin } from './rspack.sourcemaps.ts';
import type { RemoteDescriptor } from './shared/src/federation/descriptor.ts';

export interface AppOptions {
  /** Federation container name: 'host', 'auth', 'users', 'roles', ... */
  name: string;
  /** The app's folder (pass import.meta.dirname). */
  dir: string;
  /** Dev server port (DESIGN ports). */
  port: number;
  /** Remotes only: exposed page modules. */
  exposes?: Record<string, string>;
  /** Remotes only: the static descriptor, written into mf-manifest.json. */
  descriptor?: RemoteDescriptor;
  /** Page title of the app's own index.html. */
  title: string;
  /** false: a plain React page with the same production settings (the bench's baseline). */
  federation?: boolean;
  /**
   * A plain script file inlined at the top of index.html (the host's early fetches). In it,
   * `/* sso:provided-versions *\/ {}` becomes the versions the app provides of its shared packages.
   */
  headScript?: string;
  /**
   * The host: its page holds the server-side include where its servers put the auth remote's
   * prerendered screen for the requested path (scripts/lib/prerendered.mjs, ADR 0016).
   */
  prerenderedScreens?: boolean;
}

const MANIFEST_DESCRIPTOR_KEY = 'ssoDescriptor';
const MANIFEST_BUILD_KEY = 'ssoBuild';

/** The app's package version (its package.json), written into its manifest. */
function packageVersion(dir: string): string {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest) {
    return String(manifest.version);
  }
  throw new Error(`${dir}/package.json has no version`);
}

/**
 * Which build a manifest belongs to: the package version, a build id (SSO_BUILD_ID from the
 * pipeline, else the build time in base 36) and the build time. The shared singletons' required
 * versions are not repeated here: the manifest plugin already lists them (`shared[].requiredVersion`).
 */
function buildInfo(dir: string): { version: string; buildId: string; builtAt: string } {
  const now = new Date();
  return {
    version: packageVersion(dir),
    buildId: process.env.SSO_BUILD_ID ?? now.getTime().toString(36),
    builtAt: now.toISOString(),
  };
}

/**
 * Headers of a dev server's page: the same Content-Security-Policy as production (built from the
 * host's config.json, or for a remote's standalone page from the local api), plus live reload.
 */
function devPageHeaders(options: AppOptions, headScript: string | null): Record<string, string> {
  const configFile = path.join(options.dir, 'public', 'config.json');
  const config = fs.existsSync(configFile)
    ? readConfig(fs.readFileSync(configFile, 'utf8'))
    : { apiBaseUrl: 'http://localhost:4000', remotes: [] };
  return pageSecurityHeaders(config, headScript ? [headScript] : [], { dev: true });
}

const require = createRequire(import.meta.url);

/**
 * Rspack's federation plugin finds its runtime with `require.resolve`, which picks each package's
 * CommonJS build (`dist/index.cjs`) and imports it by that path: bundled as CommonJS, none of the
 * runtime can be tree-shaken, and the build-time switches (`experiments.optimization`) only fold
 * constants inside code that stays. Each package publishes the same modules as ES modules beside
 * them (`dist/index.js`); these aliases send the CommonJS paths there, so the bundler keeps only
 * what the page reaches (ADR 0016, "Figures").
 */
function esmFederationRuntime(): Record<string, string> {
  const from = (file: string) => createRequire(fs.realpathSync(file));
  const enhanced = require.resolve('@module-federation/enhanced/rspack');
  const plugin = from(enhanced).resolve('@module-federation/rspack');
  const tools = from(plugin).resolve('@module-federation/runtime-tools');
  const cjsFiles = [
    from(tools).resolve('@module-federation/webpack-bundler-runtime'),
    from(tools).resolve('@module-federation/runtime'),
    from(tools).resolve('@module-federation/runtime-tools/runtime-core'),
    from(plugin).resolve('@module-federation/inject-external-runtime-core-plugin'),
  ];
  const aliases: Record<string, string> = {};
  for (const cjs of cjsFiles) {
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (cjs !== esm && fs.existsSync(esm)) aliases[`${cjs}$`] = esm;
  }
  return aliases;
}

export function defineApp(options: AppOptions, env: { production?: boolean } = {}): Configuration {
  const isProd = env.production ?? process.env.NODE_ENV === 'production';
  const isRemote = Boolean(options.exposes);
  const filename = isProd ? '[name].[contenthash:8].js' : '[name].js';
  // Production remotes are containers only: they use the host's federation runtime (one copy on the
  // page, ADR 0005) and have no page of their own. The standalone page is the dev server's.
  const containerOnly = isRemote && isProd;
  const headScript = options.headScript
    ? fs
        .readFileSync(path.join(options.dir, options.headScript), 'utf8')
        .replace('/* sso:provided-versions */ {}', JSON.stringify(providedVersions(options.dir)))
    : null;

  return {
    mode: isProd ? 'production' : 'development',
    context: options.dir,
    entry: containerOnly ? {} : { main: './src/index.ts' },
    // Production maps are named by no bundle and kept outside dist/ (rspack.sourcemaps.ts).
    devtool: isProd ? 'hidden-source-map' : 'cheap-module-source-map',
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
      ...sourceResolve,
      alias: options.federation === false ? {} : esmFederationRuntime(),
    },
    module: {
      rules: [
        sourceRule({ development: !isProd, refresh: !isProd }),
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
                    Object.assign(stats.metaData, {
                      [MANIFEST_DESCRIPTOR_KEY]: options.descriptor,
                      [MANIFEST_BUILD_KEY]: buildInfo(options.dir),
                    });
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
              // Allowed by its hash in the page's Content-Security-Policy (scripts/lib/csp.mjs).
              headScript: headScript ? `<script>${headScript}</script>` : '',
              prerenderInclude: options.prerenderedScreens ? PRERENDER_INCLUDE : '',
              // The config and the auth manifest as inert JSON, filled by the same servers (ADR 0016).
              inlineData: options.prerenderedScreens ? INLINE_DATA : '',
            },
            // A remote's own page must not inject its remote entry (TOOLCHAIN trap).
            chunks: ['main'],
          }),
      // Fast Refresh in development (ADR 0008). Each app's build brings its own refresh runtime
      // (namespaced by uniqueName) and dev-server client, also inside a remote's container entry, so
      // a remote's page rendered by the host refreshes from the remote's dev server; the refresh hook
      // lets every runtime on the page reach the one React renderer.
      isProd ? null : new ReactRefreshRspackPlugin(),
      isProd
        ? null
        : new rspack.EntryPlugin(
            options.dir,
            path.join(import.meta.dirname, 'scripts/lib/federated-refresh-hook.js'),
            {
              name: undefined,
            },
          ),
      // Runtime configuration (config.json) ships beside index.html; replace it per environment.
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development'),
      }),
      // Brotli 11 and gzip 9 files beside each asset, served as they are (ADR 0006).
      isProd ? new PrecompressPlugin() : null,
      isProd ? new SourceMapsAsidePlugin(path.join(options.dir, SOURCE_MAP_DIR)) : null,
    ],
    optimization: { minimize: isProd },
    // `rspack serve` compiles dynamic imports on first request by default; a host loading a remote's
    // exposed pages from its dev server needs them compiled (and hot-updatable) up front.
    lazyCompilation: false,
    performance: false,
    devServer: {
      port: options.port,
      historyApiFallback: true,
      // Component edits refresh in place (state kept); anything else reloads the page.
      hot: true,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*', ...(isProd ? {} : devPageHeaders(options, headScript)) },
      static: { directory: path.join(options.dir, 'public') },
      client: { overlay: { warnings: false, errors: true } },
    },
    watchOptions: { ignored: ['**/node_modules/**', '**/dist/**'] },
    // ANALYZE=1 with `rspack build --json out.json` writes module-level stats (which package weighs what).
    stats: process.env.ANALYZE ? { all: false, modules: true, chunks: true, ids: true } : 'errors-warnings',
  };
}
