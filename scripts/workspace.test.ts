/**
 * The lists that cannot read the registry (scripts/apps.json, shared/package.json exports) must agree
 * with it: adding an app or a shared subpath without updating one of them fails here, naming the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultCorsOrigins } from '../api/src/config';
import apps from './apps.json';

const root = path.join(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const remotes = apps.filter((app) => !app.spa);

/** The quoted strings of a `name = [ ... ]` list in a source file (a check, not a parser). */
function listIn(source: string, name: string): string[] {
  const body = new RegExp(`${name}\\s*=\\s*\\[([^\\]]*)\\]`).exec(source)?.[1] ?? '';
  return [...body.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
}

test('pnpm-workspace.yaml lists every app as a package', () => {
  const packages = [...read('pnpm-workspace.yaml').matchAll(/^ {2}- (\S+)$/gm)].map((m) => m[1]);
  expect(packages).toEqual(expect.arrayContaining(apps.map((app) => app.dir)));
});

test('tsconfig.json typechecks every app', () => {
  const { include } = JSON.parse(read('tsconfig.json')) as { include: string[] };
  expect(include).toEqual(expect.arrayContaining(apps.map((app) => `${app.dir}/src`)));
});

test.each(apps)("$dir/rspack.config.ts builds container '$name' on port $port", (app) => {
  const config = read(`${app.dir}/rspack.config.ts`);
  expect(config).toContain(`name: '${app.name}'`);
  expect(config).toContain(`port: ${app.port}`);
});

test("host/public/config.json registers every remote at its dev server's manifest", () => {
  const config = JSON.parse(read('host/public/config.json')) as { remotes: unknown[] };
  expect(config.remotes).toEqual(
    remotes.map((app) => ({ name: app.name, entry: `http://localhost:${app.port}/mf-manifest.json` })),
  );
});

test("the api's default CORS origins let every app call it (api/src/config.ts)", () => {
  for (const app of apps) {
    expect(defaultCorsOrigins).toEqual(
      expect.arrayContaining([`http://localhost:${app.port}`, `http://127.0.0.1:${app.port}`]),
    );
  }
});

test('federation.shared.ts shares every runtime subpath of @sso/shared, and only those', () => {
  const { exports } = JSON.parse(read('shared/package.json')) as { exports: Record<string, string> };
  // dev-shell runs only on a remote's standalone page and testing (with its fake server and its
  // helpers) only in Jest: never shared. routes is data without state (the route tables, ADR 0027): each app bundles
  // the few lines it reads, so /login asks no shared chunk for them. Stylesheets are composed at
  // build time (ADR 0030): each app's CSS holds the rules it composes, there is no module to share.
  const notShared = ['dev-shell', 'testing', 'routes'];
  const runtime = Object.keys(exports)
    .map((key) => key.replace(/^\.\//, ''))
    .filter(
      (subpath) =>
        !notShared.includes(subpath) && !subpath.startsWith('testing/') && !subpath.endsWith('.css'),
    );
  expect(listIn(read('federation.shared.ts'), 'sharedSubpaths').sort()).toEqual(runtime.sort());
});
