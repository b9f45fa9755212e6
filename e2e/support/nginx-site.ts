import fs from 'node:fs';
import path from 'node:path';
import type { Site } from '../../scripts/nginx/config.mjs';
import { startNginx, workerUser, writeConfig, type RunningNginx } from '../../scripts/nginx/run.mjs';

const root = path.join(import.meta.dirname, '..', '..');

/** One app served by its own nginx (its own prefix folder), as the generated configuration serves it. */
export class NginxSite {
  private constructor(
    private readonly prefix: string,
    private running: RunningNginx,
  ) {}

  static async start(prefix: string, site: Site): Promise<NginxSite> {
    writeConfig(prefix, { sites: [site], user: workerUser(root) });
    return new NginxSite(prefix, await startNginx({ prefix, ports: [site.port] }));
  }

  /** Serves `site` from now on (a new configuration, reloaded: what an operator does). */
  async reconfigure(site: Site): Promise<void> {
    writeConfig(this.prefix, { sites: [site], user: workerUser(root) });
    await this.running.reload();
  }

  async close(): Promise<void> {
    await this.running.stop();
  }

  /** GET requests for `pathname` in an access log of the generated configuration: status, If-None-Match. */
  static logged(file: string, pathname: string): { status: number; ifNoneMatch: string | undefined }[] {
    const log = fs.readFileSync(file, 'utf8');
    const line = new RegExp(
      `"GET ${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\?[^ ]*)? [^"]*" (\\d{3}) \\d+ "([^"]*)"`,
    );
    return log
      .split('\n')
      .map((entry) => line.exec(entry))
      .filter((match) => match !== null)
      .map((match) => ({ status: Number(match[1]), ifNoneMatch: match[2] === '-' ? undefined : match[2] }));
  }
}
