/**
 * Compresses every emitted text asset once, at build time, at the highest levels (brotli 11 and
 * gzip 9), writing `<file>.br` and `<file>.gz` beside it. Servers send these as they are
 * (`scripts/serve-static.mjs`; nginx `brotli_static`/`gzip_static`, see ADR 0006) instead of
 * compressing on each request at a fast, weaker level: the host's main.js is ~15 % smaller so.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Compiler } from '@rspack/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Source maps are left out: they are fetched by developer tools only. */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

async function precompress(file: string): Promise<void> {
  const raw = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A tiny file can grow when compressed: then it is served as it is.
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
}

export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outDir = compilation.outputOptions.path ?? compiler.outputPath;
      // Copied files (public/config.json) are replaced per environment: a stale .br beside one
      // would win, so only what the build produced is compressed.
      const files = compilation
        .getAssets()
        .filter((asset) => COMPRESSIBLE.test(asset.name) && !asset.info.copied)
        .map((asset) => asset.name);
      await Promise.all(files.map((name) => precompress(path.join(outDir, name))));
    });
  }
}
