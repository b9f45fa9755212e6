// `pnpm --filter @sso/api build`: the api as one JavaScript file, dist/main.js, that production runs
// with plain `node` (no TypeScript loader). @sso/shared's TypeScript is bundled in; every other
// package (fastify, better-sqlite3 with its native addon, zod…) stays an import of node_modules,
// and must be a dependency of this package so that a production install has it.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const apiDir = import.meta.dirname;
const { dependencies } = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8'));

/** The package name of a bare import (`@scope/name/sub` → `@scope/name`), or null for a file path. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || path.isAbsolute(specifier) || isBuiltin(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      const name = packageOf(args.path);
      if (name === null || name === '@sso/shared') return undefined;
      if (!(name in dependencies)) {
        return { errors: [{ text: `${args.path} (from ${args.importer}) is not a dependency of @sso/api` }] };
      }
      return { path: args.path, external: true };
    });
  },
};

/** Writes `<outdir>/main.js` (and its source map); returns the file. */
export async function buildApi({ outdir = path.join(apiDir, 'dist') } = {}) {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    // ops-cli: `node dist/ops-cli.js backup|restore FILE` where only the build is deployed (ADR 0023).
    entryPoints: {
      main: path.join(apiDir, 'src/main.ts'),
      'ops-cli': path.join(apiDir, 'src/ops/ops-cli.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node26',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  return path.join(outdir, 'main.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const at = process.argv.indexOf('--outdir');
  const file = await buildApi(at > 0 ? { outdir: path.resolve(process.argv[at + 1] ?? '') } : {});
  console.log(`[api] built ${path.relative(process.cwd(), file)} in ${Date.now() - started} ms`);
}
