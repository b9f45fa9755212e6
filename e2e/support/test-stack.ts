import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { closeServer, serveStatic } from '../../scripts/serve-static.mjs';
import { TEST_EXTRA_REMOTE_PORT, TEST_HOST_PORT, TEST_REMOTE_PORT } from './env';

interface RegisteredRemote {
  name: string;
  entry: string;
}

export const root = path.join(import.meta.dirname, '..', '..');

/**
 * A second host (port 3100) whose registry points one remote (users by default) at a server the
 * test owns (port 3102), so a test can stop, restart and redeploy that remote while the host keeps
 * running. The other remotes and the api are the shared stack's.
 */
export class TestStack {
  readonly hostOrigin = `http://localhost:${TEST_HOST_PORT}`;
  readonly remoteOrigin = `http://localhost:${TEST_REMOTE_PORT}`;
  readonly extraRemoteOrigin = `http://localhost:${TEST_EXTRA_REMOTE_PORT}`;
  private host: http.Server | null = null;
  private remote: http.Server | null = null;
  private extraRemote: http.Server | null = null;
  private readonly configFile: string;

  /** Every request for the owned remote's manifest: its answer and whether it was conditional. */
  readonly manifestRequests: { status: number; ifNoneMatch: string | undefined }[] = [];

  /** Folder removed when the stack stops (set by `withUsersCopy`). */
  private ownedDir: string | null = null;

  /**
   * A started stack whose users remote is a fresh copy of `remote-users/dist` in a temporary folder:
   * the test may stop, break or redeploy it; `stop()` removes the copy.
   */
  static withUsersCopy(): Promise<TestStack> {
    return TestStack.withCopyOf('remote-users', 'users');
  }

  /** The same with another remote owned: its folder and federation name (`remote-apps`, `apps`). */
  static async withCopyOf(dir: string, name: string): Promise<TestStack> {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-remote-'));
    const live = path.join(workDir, 'live');
    copyDir(path.join(root, dir, 'dist'), live);
    const stack = new TestStack(live, name);
    stack.ownedDir = workDir;
    await stack.start();
    return stack;
  }

  constructor(
    readonly remoteDir: string,
    readonly remoteName = 'users',
  ) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-stack-'));
    this.configFile = path.join(dir, 'config.json');
    // The host's own registry, with the owned remote moved to the server this test owns.
    const config = JSON.parse(fs.readFileSync(path.join(root, 'host', 'public', 'config.json'), 'utf8')) as {
      remotes: { name: string; entry: string }[];
    };
    const remotes = config.remotes.map((remote) =>
      remote.name === remoteName ? { ...remote, entry: `${this.remoteOrigin}/mf-manifest.json` } : remote,
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

  /** Serves the owned remote's folder (after closing a hung server and its held requests). */
  async startRemote(): Promise<void> {
    await this.stopRemote();
    this.remote = await serveStatic({ dir: this.remoteDir, port: TEST_REMOTE_PORT });
    this.remote.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/mf-manifest.json' || req.method !== 'GET')
        return;
      const ifNoneMatch = req.headers['if-none-match'];
      res.on('finish', () => this.manifestRequests.push({ status: res.statusCode, ifNoneMatch }));
    });
  }

  async stopRemote(): Promise<void> {
    if (this.remote) await closeServer(this.remote);
    this.remote = null;
  }

  /** Redeploys the owned remote with its manifest changed by `edit`. */
  editManifest(edit: (manifest: DeployedManifest) => void): void {
    const manifestFile = path.join(this.remoteDir, 'mf-manifest.json');
    const manifest: DeployedManifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    edit(manifest);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    // The server prefers the precompressed copies: they would still hold the old manifest.
    for (const suffix of ['.br', '.gz']) fs.rmSync(`${manifestFile}${suffix}`, { force: true });
  }

  /**
   * The owned remote hangs: its server accepts every request and never answers (until `stopRemote`
   * or `startRemote`, which closes the held connections).
   */
  async hangRemote(): Promise<void> {
    await this.stopRemote();
    const server = http.createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(TEST_REMOTE_PORT, '127.0.0.1', resolve);
    });
    this.remote = server;
  }

  /** The host's registry (the config.json it serves, read on every request). */
  registeredRemotes(): RegisteredRemote[] {
    const config = JSON.parse(fs.readFileSync(this.configFile, 'utf8')) as { remotes: RegisteredRemote[] };
    return config.remotes;
  }

  /** Replaces the running host's registry: the next page load reads it; the host is not rebuilt. */
  register(remotes: RegisteredRemote[]): void {
    const config = JSON.parse(fs.readFileSync(this.configFile, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(this.configFile, JSON.stringify({ ...config, remotes }));
  }

  /** Serves a remote's built folder on the extra port until the stack stops; returns its manifest URL. */
  async serveExtraRemote(dir: string): Promise<string> {
    if (this.extraRemote) await closeServer(this.extraRemote);
    this.extraRemote = await serveStatic({ dir, port: TEST_EXTRA_REMOTE_PORT });
    return `${this.extraRemoteOrigin}/mf-manifest.json`;
  }

  /**
   * Redeploys the owned remote with a manifest that requires `range` of every `@sso/shared` subpath
   * (a build against another major); returns how many requirements it changed.
   */
  requireShared(range: string): number {
    let changed = 0;
    this.editManifest((manifest) => {
      const entries = manifest.shared.filter((entry) => entry.name.startsWith('@sso/shared/'));
      for (const entry of entries) entry.requiredVersion = range;
      changed = entries.length;
    });
    return changed;
  }

  /**
   * Redeploys the owned remote as another build of the same code: its manifest names build
   * `buildId` (what a pipeline's deploy changes); returns the build id it replaced.
   */
  redeployAs(buildId: string): string {
    let previous = '';
    this.editManifest((manifest) => {
      previous = manifest.metaData.ssoBuild.buildId;
      manifest.metaData.ssoBuild.buildId = buildId;
    });
    return previous;
  }

  async stop(): Promise<void> {
    await this.stopRemote();
    if (this.extraRemote) await closeServer(this.extraRemote);
    this.extraRemote = null;
    if (this.host) await closeServer(this.host);
    this.host = null;
    if (this.ownedDir) fs.rmSync(this.ownedDir, { recursive: true, force: true });
    this.ownedDir = null;
  }
}

/** The parts of a deployed mf-manifest.json that tests change. */
export interface DeployedManifest {
  metaData: {
    publicPath?: string;
    remoteEntry: { name: string; path: string };
    ssoBuild: { buildId: string };
  };
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
  shared: { name: string; requiredVersion?: string }[];
}

/** The host's built files and their times: a remote's deploy or registration must not touch them. */
export const hostFiles = () =>
  fs
    .readdirSync(path.join(root, 'host', 'dist'))
    .map((f) => `${f}:${fs.statSync(path.join(root, 'host', 'dist', f)).mtimeMs}`)
    .sort();

/** Copies a folder (a deployed static build). */
export function copyDir(from: string, to: string): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}

/**
 * Builds a remote's folder for production with its own rspack config (as its team's pipeline would)
 * into `outDir`; the folder's sources are left as they are.
 */
export function buildRemote(dir: string, outDir: string): void {
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'rspack'),
    ['build', '--env', 'production', '--output-path', outDir],
    { cwd: dir, stdio: 'pipe' },
  );
}

/**
 * A remote's next release, built on its own as its team's pipeline would and deployed into
 * `liveDir`: the sources of `dir` with the page at `pagePath` (as exposes.ts names it, e.g.
 * `./src/user-list/user-list-page.tsx`) shown under a line reading `marker`. The sources are copied;
 * the remote's own folder is left as it is.
 */
export function redeployWithMarker(dir: string, pagePath: string, marker: string, liveDir: string): void {
  const copy = path.join(root, `.e2e-redeploy-${dir}-${process.pid}`);
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(copy);
  try {
    for (const entry of ['src', 'package.json', 'rspack.config.ts']) {
      fs.cpSync(path.join(root, dir, entry), path.join(copy, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(root, dir, 'node_modules'), path.join(copy, 'node_modules'));
    const page = pagePath.replace(/^\.\/src\//, './').replace(/\.tsx$/, '');
    fs.writeFileSync(
      path.join(copy, 'src', 'redeploy-page.tsx'),
      `import Page from '${page}';\nexport default function Redeployed() {\n  return (<><p>${marker}</p><Page /></>);\n}\n`,
    );
    const exposesFile = path.join(copy, 'src', 'exposes.ts');
    const exposes = fs.readFileSync(exposesFile, 'utf8');
    if (!exposes.includes(`'${pagePath}'`))
      throw new Error(`${dir}/src/exposes.ts does not name ${pagePath}`);
    fs.writeFileSync(exposesFile, exposes.replace(`'${pagePath}'`, "'./src/redeploy-page.tsx'"));
    execFileSync(path.join(root, 'node_modules', '.bin', 'rspack'), ['build', '--env', 'production'], {
      cwd: copy,
      stdio: 'pipe',
    });
    // Deploy: swap the static folder the remote's server reads.
    copyDir(path.join(copy, 'dist'), liveDir);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
