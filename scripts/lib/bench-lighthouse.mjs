// Lighthouse (its mobile defaults: a mid-range phone on a slow mobile network, simulated) on the
// bare-React baseline page and /login, alternately, in one Chromium (Debian's, with the flags of
// browser-kit.mjs). `pnpm bench` reports these figures (issue 34, ADR 0016); they are timings,
// reported and never asserted. `node scripts/lib/bench-lighthouse.mjs <baseline URL> <login URL> [runs]`
// runs it alone against servers already up.
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH, chromiumArgs } from './browser-kit.mjs';

/**
 * @typedef {{ score: number, lcpMs: number, fcpMs: number, tbtMs: number, ttiMs: number, siMs: number, clsX1000: number }} LighthouseRun
 */

/** @param {import('lighthouse').RunnerResult['lhr']} lhr @returns {LighthouseRun} */
function figures(lhr) {
  const audit = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    ttiMs: audit('interactive'),
    siMs: audit('speed-index'),
    clsX1000: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000),
  };
}

/**
 * `runs` Lighthouse runs of each URL, alternating (the machine's load falls on both alike).
 * @param {{ baseline: string, login: string }} urls @param {number} runs
 * @returns {Promise<{ baseline: LighthouseRun[], login: LighthouseRun[] }>}
 */
export async function lighthouseRuns(urls, runs = 3) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const out = { baseline: [], login: [] };
  try {
    for (let i = 0; i < runs; i += 1) {
      for (const key of /** @type {const} */ (['baseline', 'login'])) {
        const result = await lighthouse(urls[key], {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`lighthouse gave no result for ${urls[key]}`);
        if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
        out[key].push(figures(result.lhr));
      }
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [baseline, login, runs = '3'] = process.argv.slice(2);
  if (!baseline || !login) {
    console.error('usage: node scripts/lib/bench-lighthouse.mjs <baseline URL> <login URL> [runs]');
    process.exit(2);
  }
  const result = await lighthouseRuns({ baseline, login }, Number(runs));
  console.log(JSON.stringify(result, null, 2));
}
