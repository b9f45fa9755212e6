/**
 * Production source maps are kept beside the build, never in what is served: every `.map` asset is
 * taken out of the compilation (so nothing of it lands in `dist/`) and written to `<app>/sourcemaps/`
 * instead, for error monitoring and `scripts/bundle-sizes.mjs`. The build uses `hidden-source-map`:
 * no bundle names its map. A published map would hand anyone the full sources (issue 23).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Compilation, sources, type Compiler } from '@rspack/core';

export const SOURCE_MAP_DIR = 'sourcemaps';

/** The map a CSS module's style export inlines into its JS string when the build makes maps. */
const INLINE_CSS_MAP = /\/\*# sourceMappingURL=data:application\/json[^*]*\*\//g;

export class SourceMapsAsidePlugin {
  constructor(private readonly dir: string) {}

  apply(compiler: Compiler): void {
    let maps: { name: string; source: string | Buffer }[] = [];
    compiler.hooks.thisCompilation.tap('SourceMapsAsidePlugin', (compilation) => {
      maps = [];
      // Before minification: a ReplaceSource keeps the JS map right around the removed comment.
      compilation.hooks.processAssets.tap(
        { name: 'SourceMapsAsidePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE - 1 },
        () => {
          for (const asset of compilation.getAssets()) {
            if (!asset.name.endsWith('.js')) continue;
            const text = asset.source.source().toString();
            const found = [...text.matchAll(INLINE_CSS_MAP)];
            if (found.length === 0) continue;
            const edited = new sources.ReplaceSource(asset.source);
            for (const match of found) edited.replace(match.index, match.index + match[0].length - 1, '');
            compilation.updateAsset(asset.name, edited);
          }
        },
      );
      compilation.hooks.processAssets.tap(
        // The last stage: after the devtool made the maps and the real content hash renamed them
        // with their bundles; before anything is emitted.
        { name: 'SourceMapsAsidePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          for (const asset of compilation.getAssets()) {
            if (!asset.name.endsWith('.map')) continue;
            maps.push({ name: asset.name, source: asset.source.source() });
            compilation.deleteAsset(asset.name);
          }
        },
      );
    });
    compiler.hooks.afterEmit.tapPromise('SourceMapsAsidePlugin', async (compilation) => {
      const outDir = compilation.outputOptions.path ?? compiler.outputPath;
      const served = (await fs.readdir(outDir, { recursive: true })).filter((f) => f.endsWith('.map'));
      if (served.length > 0) {
        compilation.errors.push(new Error(`source maps in ${outDir} would be served: ${served.join(', ')}`));
      }
      await fs.rm(this.dir, { recursive: true, force: true });
      await Promise.all(
        maps.map(async ({ name, source }) => {
          const file = path.join(this.dir, name);
          await fs.mkdir(path.dirname(file), { recursive: true });
          await fs.writeFile(file, source);
        }),
      );
      const where = path.relative(process.cwd(), this.dir) || this.dir;
      console.log(`[sourcemaps] ${maps.length} source maps kept in ${where} (not served); none in dist`);
    });
  }
}
