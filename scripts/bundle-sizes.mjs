// `node scripts/bundle-sizes.mjs`: the size of each app's production build as served — its entry
// (main.js for the host, remoteEntry.js for a remote) and its largest chunks, raw and brotli (the
// `.br` files the build writes beside each asset, rspack.precompress.ts). Run after `pnpm build`;
// `pnpm bench` prints it and keeps it in bench/report.json. Deterministic: bytes only.
// It also checks that no source map is served: none in `dist/`, no bundle naming or inlining one
// (production maps are kept in `<app>/sourcemaps/`, rspack.sourcemaps.ts); it exits 1 otherwise.
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
export const APPS = ['host', 'remote-auth', 'remote-users', 'remote-roles', 'remote-apps', 'remote-audit'];

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/** What a chunk mostly holds: the package (or app folder) with the most source in its map. */
function contentOf(app, name) {
  try {
    const map = JSON.parse(fs.readFileSync(path.join(root, app, 'sourcemaps', `${name}.map`), 'utf8'));
    const weight = new Map();
    map.sources.forEach((source, i) => {
      const pkg = source.match(/node_modules\/\.pnpm\/(@?[^@/]+(?:\+[^@/]+)?)@/)?.[1]?.replace('+', '/');
      const own = source.match(/(shared\/src\/[^/]+|src\/[^/]+)/)?.[1];
      const key = pkg ?? own;
      if (key && key !== 'tslib')
        weight.set(key, (weight.get(key) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
    });
    return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '?';
  } catch {
    return '?';
  }
}

/** @param {string} app @param {string} dir */
function scripts(app, dir) {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const raw = fs.statSync(path.join(dir, name)).size;
      const brFile = path.join(dir, `${name}.br`);
      const br = fs.existsSync(brFile) ? fs.statSync(brFile).size : raw;
      return { name, raw, br, content: contentOf(app, name) };
    });
}

/** @param {string} app */
export function appSizes(app, largest = 3) {
  const dir = path.join(root, app, 'dist');
  const files = scripts(app, dir);
  const entry = files.find((f) => f.name === 'remoteEntry.js' || /^main\.[0-9a-f]+\.js$/.test(f.name));
  const chunks = files.filter((f) => f !== entry).sort((a, b) => b.br - a.br);
  return {
    app,
    entry: entry && { name: entry.name, rawKB: kb(entry.raw), brKB: kb(entry.br) },
    largest: chunks
      .slice(0, largest)
      .map((f) => ({ name: f.name, content: f.content, rawKB: kb(f.raw), brKB: kb(f.br) })),
    files: files.length,
    totalBrKB: kb(files.reduce((sum, f) => sum + f.br, 0)),
  };
}

/**
 * Source maps an app's `dist/` would serve: `.map` files, and bundles that name a map
 * (`sourceMappingURL=`, an inline `data:` one included). Both must be none.
 * @param {string} app
 */
export function servedSourceMaps(app) {
  const dir = path.join(root, app, 'dist');
  const names = fs.readdirSync(dir, { recursive: true }).map(String);
  const files = names.filter((name) => name.endsWith('.map'));
  const naming = names.filter(
    (name) =>
      /\.(js|css)$/.test(name) && fs.readFileSync(path.join(dir, name), 'utf8').includes('sourceMappingURL='),
  );
  const kept = path.join(root, app, 'sourcemaps');
  return { files, naming, kept: fs.existsSync(kept) ? fs.readdirSync(kept).length : 0 };
}

/** One line per app: what dist serves of source maps, what is kept aside. */
export function sourceMapReport(apps) {
  let ok = true;
  const lines = apps.map((app) => {
    const { files, naming, kept } = servedSourceMaps(app);
    if (files.length > 0 || naming.length > 0) ok = false;
    const served =
      files.length + naming.length === 0 ? 'none served' : `SERVED: ${[...files, ...naming].join(', ')}`;
    return `${app}: source maps ${served} (${kept} kept in ${app}/sourcemaps)`;
  });
  return { ok, text: lines.join('\n') };
}

/** A markdown table (docs/performance.md "Bundle sizes"). */
export function sizeTable(rows) {
  const lines = [
    '| app | entry (raw / brotli) | largest other chunks (mostly, brotli KB) | JS files, all (brotli) |',
    '| --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const entry = r.entry
      ? `\`${r.entry.name.replace(/\.[0-9a-f]{8}\./, '.')}\` ${r.entry.rawKB} / ${r.entry.brKB} KB`
      : '—';
    const largest = r.largest.map((c) => `${c.content} ${c.brKB}`).join(', ');
    lines.push(`| ${r.app} | ${entry} | ${largest} | ${r.files}, ${r.totalBrKB} KB |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(sizeTable(APPS.map((app) => appSizes(app))));
  const maps = sourceMapReport(APPS);
  console.log(`\n${maps.text}`);
  if (!maps.ok) {
    console.error('source maps would be served from dist/ (see rspack.sourcemaps.ts)');
    process.exitCode = 1;
  }
}
