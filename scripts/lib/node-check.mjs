// The pnpm scripts (start, dev, test, bench) refuse a Node older than the project's release
// (.node-version), as `pnpm install` does through package.json's `engines`: `./panel` brings it.
import fs from 'node:fs';
import path from 'node:path';

const wanted = fs.readFileSync(path.join(import.meta.dirname, '..', '..', '.node-version'), 'utf8').trim();
const fields = (version) => version.replace(/^v/, '').split('.').map(Number);

/** Whether `version` is `wanted` or newer (major.minor.patch). */
export function atLeast(version, minimum = wanted) {
  const a = fields(version);
  const b = fields(minimum);
  for (let i = 0; i < 3; i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

if (!atLeast(process.versions.node)) {
  console.error(
    `This project runs on Node ${wanted} or newer (.node-version); this is Node ${process.versions.node}.\n` +
      `Run ./panel start or ./panel test (they install Node ${wanted} into .node/), or put Node ${wanted} first on PATH.`,
  );
  process.exit(1);
}
