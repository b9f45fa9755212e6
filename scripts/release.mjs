// `pnpm release <app>`: builds the app (or takes `--from <built folder>`, a pipeline's artifact),
// copies it into releases/<app>/<buildId>/ and switches the served folder to it at once (a symlink
// swapped by rename), keeping the last 5. `pnpm release <app> --rollback` switches back to the
// release before. The panel's nginx (`pnpm start -- --nginx`) serves releases/<app>/current; it is
// reloaded only when its configuration changes (the host's headers, an app's first release). ADR 0012.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apps } from './apps.mjs';
import { RELEASES, refreshPanelConfig, root } from './nginx/panel.mjs';
import { release, rollback } from './nginx/releases.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { rollback: { type: 'boolean' }, from: { type: 'string' } },
});
const app = apps.find((a) => a.dir === positionals[0] || a.name === positionals[0]);
if (!app || positionals.length !== 1) {
  console.error(`usage: pnpm release <${apps.map((a) => a.dir).join(' | ')}> [--rollback | --from <folder>]`);
  process.exit(2);
}

try {
  if (values.rollback) {
    const { id, previous } = rollback({ releasesDir: RELEASES, app: app.dir });
    console.log(`[release] ${app.dir}: rolled back from ${previous} to ${id}`);
  } else {
    const from = values.from ? path.resolve(values.from) : path.join(root, app.dir, 'dist');
    if (!values.from) {
      const built = spawnSync('pnpm', ['--filter', app.dir, 'build'], { cwd: root, stdio: 'inherit' });
      if (built.status !== 0) process.exit(built.status ?? 1);
    }
    const { id, previous, pruned } = release({ releasesDir: RELEASES, app: app.dir, from });
    console.log(`[release] ${app.dir}: ${previous ?? 'nothing'} → ${id} (releases/${app.dir}/current)`);
    if (pruned.length > 0) console.log(`[release] ${app.dir}: pruned ${pruned.join(', ')}`);
  }
  const nginx = refreshPanelConfig();
  if (nginx === 'reloaded') console.log('[release] nginx reloaded (its configuration changed)');
} catch (error) {
  console.error(`[release] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
