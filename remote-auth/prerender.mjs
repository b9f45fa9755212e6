// `pnpm --filter remote-auth run build` runs this after the container build (ADR 0016): it renders
// the auth screens a visitor lands on (src/prerender-screens.tsx) with the remote's own components
// and writes each, with the CSS it uses, to dist/prerender/<route>.html, beside mf-manifest.json.
// The host's servers put the current one into the page (scripts/lib/prerendered.mjs), so a redeploy
// of this remote alone changes what paints before any script runs.
//
// The screens are bundled for the browser (the CSS modules insert <style> elements, as in the
// page) and run once here in a jsdom window, which collects those styles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { JSDOM } from 'jsdom';
import { fragmentDocument, usedCss } from '../scripts/lib/prerendered.mjs';
import { sourceResolve, sourceRule } from '../rspack.source.ts';

const here = import.meta.dirname;
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-prerender-'));

/** @returns {Promise<void>} */
function bundle() {
  const compiler = rspack({
    mode: 'production',
    context: here,
    target: 'web',
    entry: { screens: './src/prerender-screens.tsx' },
    output: { path: out, filename: '[name].cjs', library: { type: 'commonjs2' }, asyncChunks: false },
    resolve: sourceResolve,
    module: {
      rules: [
        sourceRule(),
        {
          test: /\.css$/,
          type: 'css/auto',
          parser: { exportType: 'style', namedExports: false },
          // Its own prefix: these classes never meet the page's (the screen leaves when React's arrives).
          generator: { localIdentName: 'pre-[hash:6]' },
        },
      ],
    },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
    // Every stylesheet the screens' modules import, the UI kit's tokens included.
    optimization: { minimize: false, splitChunks: false, sideEffects: false },
    devtool: false,
    stats: 'errors-warnings',
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    }),
  );
}

await bundle();
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost/' });
const globals = /** @type {const} */ ([
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'Node',
]);
for (const name of globals) {
  Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
}
const { renderScreens } = createRequire(import.meta.url)(path.join(out, 'screens.cjs'));
/** @type {Record<string, string>} */
const screens = renderScreens();
const css = [...dom.window.document.querySelectorAll('style')]
  .map((style) => style.textContent ?? '')
  .join('\n');
fs.rmSync(out, { recursive: true, force: true });
dom.window.close();

const dir = path.join(here, 'dist', 'prerender');
fs.mkdirSync(dir, { recursive: true });
for (const [route, html] of Object.entries(screens)) {
  const file = path.join(dir, `${route.slice(1)}.html`);
  fs.writeFileSync(file, fragmentDocument(route, html, usedCss(css, html)));
  console.log(`prerendered ${route} → ${path.relative(here, file)} (${fs.statSync(file).size} B)`);
}
// React's scheduler keeps a timer of the jsdom window alive.
process.exit(0);
