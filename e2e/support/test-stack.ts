import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { closeServer, serveStatic } from '../../scripts/serve-static.mjs';
import { TEST_HOST_PORT, TEST_REMOTE_PORT } from './env';

export const root = path.join(import.meta.dirname, '..', '..');

/**
 * A second host (port 3100) whose registry points the users remote at a server the test owns
 * (port 3102), so a test can stop, restart and redeploy that remote while the host keeps running.
 * The other remotes and the api are the shared stack's.
 */
export class TestStack {
  readonly hostOrigin = `http://localhost:${TEST_HOST_PORT}`;
  readonly remoteOrigin = `http://localhost:${TEST_REMOTE_PORT}`;
  private host: http.Server | null = null;
  private remote: http.Server | null = null;
  private readonly configFile: string;

  constructor(readonly remoteDir: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-stack-'));
    this.configFile = path.join(dir, 'config.json');
    // The host's own registry, with the users remote moved to the server this test owns.
    const config = JSON.parse(fs.readFileSync(path.join(root, 'host', 'public', 'config.json'), 'utf8')) as {
      remotes: { name: string; entry: string }[];
    };
    const remotes = config.remotes.map((remote) =>
      remote.name === 'users' ? { ...remote, entry: `${this.remoteOrigin}/mf-manifest.json` } : remote,
    );
    fs.writeFileSync(this.configFile, JSON.stringify({ ...config, remotes }));
  }

  async start(): Promise<void> {
    this.host = await serveStatic({
      dir: path.join(root, 'host', 'dist'),
      port: TEST_HOST_PORT,
      spa: true,
      configFile: this.configFile,
    });
    await this.startRemote();
  }

  async startRemote(): Promise<void> {
    this.remote = await serveStatic({ dir: this.remoteDir, port: TEST_REMOTE_PORT });
  }

  async stopRemote(): Promise<void> {
    if (this.remote) await closeServer(this.remote);
    this.remote = null;
  }

  async stop(): Promise<void> {
    await this.stopRemote();
    if (this.host) await closeServer(this.host);
    this.host = null;
  }
}

/** Copies a folder (a deployed static build). */
export function copyDir(from: string, to: string): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}
