import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { closeServer, serveStatic } from '../../scripts/serve-static.mjs';
import { hostSecurityHeaders } from '../../scripts/lib/csp.mjs';
import { STATIC_HEADERS } from '../../scripts/lib/static-headers.mjs';
import { inlineManifestSite, prerenderSite, type Site } from '../../scripts/nginx/config.mjs';
import { release, releasePaths } from '../../scripts/nginx/releases.mjs';
import { TEST_EXTRA_REMOTE_PORT, TEST_HOST_PORT, TEST_RELEASE_PORTS, TEST_REMOTE_PORT } from './env';
import { NginxSite } from './nginx-site';

/** Which server the stack's apps run behind: the Node static server or nginx (the Playwright project's). */

/**
 * A temporary folder nginx's workers may read: they never run as root (issue 36), and a folder
 * `mkdtemp` makes is its owner's alone.
 */
export function servableTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export type StaticServer = 'node' | 'nginx';

/** A running server of the stack, whichever kind. */
interface Served {
  close(): Promise<void>;
}

const nodeServer = (server: http.Server): Served => ({ close: () => closeServer(server) });

interface RegisteredRemote {
  name: string;
  entry: string;
}

export const root = path.join(import.meta.dirname, '..', '..');

/**
 * A second host (port 3300) whose registry points one remote (users by default) at a server the
 * test owns (port 3302), so a test can stop, restart and redeploy that remote while the host keeps
 * running. The other remotes and the api are the shared stack's. Served by the Node static server
 * or, in the nginx project, each by its own nginx with the generated configuration
 * (scripts/nginx/config.mjs).
 */
export class TestStack {
  readonly hostOrigin: string;
  readonly remoteOrigin: string;
  readonly extraRemoteOrigin = `http://localhost:${TEST_EXTRA_REMOTE_PORT}`;
  private host: Served | null = null;
  private remote: Served | null = null;
  private extraRemote: Served | null = null;
  private readonly stackDir: string;
  private readonly configFile: string;

  /** Requests for the owned remote's manifest the Node server answered (nginx logs its own). */
  private readonly nodeManifestRequests: { status: number; ifNoneMatch: string | undefined }[] = [];

  /** Folder removed when the stack stops (set by `withUsersCopy`). */
  private ownedDir: string | null = null;

  /**
   * A started stack whose users remote is a fresh copy of `remote-users/dist` in a temporary folder:
   * the test may stop, break or redeploy it; `stop()` removes the copy.
   */
  static withUsersCopy(server: StaticServer = 'node'): Promise<TestStack> {
    return TestStack.withCopyOf('remote-users', 'users', server);
  }

  /** The same with another remote owned: its folder and federation name (`remote-apps`, `apps`). */
  static async withCopyOf(
    dir: string,
    name: string,
    server: StaticServer = 'node',
    ports?: { host: number; remote: number },
  ): Promise<TestStack> {
    const workDir = servableTempDir('sso-remote-');
    const live = path.join(workDir, 'live');
    copyDir(path.join(root, dir, 'dist'), live);
    const stack = new TestStack(live, server, undefined, ports, name);
    stack.ownedDir = workDir;
    await stack.start();
    return stack;
  }

  /**
   * A started stack whose users remote is deployed as releases (`pnpm release`'s layout, ADR 0012)
   * in a temporary folder, the current one being `remote-users/dist`; served by nginx.
   */
  static async withUsersReleases(): Promise<TestStack> {
    const workDir = servableTempDir('sso-releases-');
    const releasesDir = path.join(workDir, 'releases');
    release({ releasesDir, app: 'remote-users', from: path.join(root, 'remote-users', 'dist') });
    const paths = releasePaths(releasesDir, 'remote-users');
    const stack = new TestStack(paths.current, 'nginx', paths.chunks, TEST_RELEASE_PORTS);
    stack.ownedDir = workDir;
    stack.releasesDir = releasesDir;
    await stack.start();
    return stack;
  }

  /** Where the owned remote's releases are (`withUsersReleases`). */
  releasesDir = '';

  constructor(
    readonly remoteDir: string,
    readonly server: StaticServer = 'node',
    private readonly remoteChunks?: string,
    private readonly ports: { host: number; remote: number } = {
      host: TEST_HOST_PORT,
      remote: TEST_REMOTE_PORT,
    },
    readonly remoteName = 'users',
  ) {
    this.hostOrigin = `http://localhost:${ports.host}`;
    this.remoteOrigin = `http://localhost:${ports.remote}`;
    const dir = servableTempDir('sso-stack-');
    this.stackDir = dir;
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

  /**
   * The host as nginx serves it: the page's headers from its folder and this stack's config.json, the
   * auth remote's prerendered screens and manifest from the remote it lists (ADR 0016).
   */
  private hostSite(): Site {
    const dir = path.join(root, 'host', 'dist');
    const prerender = prerenderSite(this.configFile);
    const inlineManifest = inlineManifestSite(this.configFile);
    return {
      ...(prerender ? { prerender } : {}),
      ...(inlineManifest ? { inlineManifest } : {}),
      name: 'host',
      port: this.ports.host,
      root: dir,
      spa: true,
      configFile: this.configFile,
      headers: { ...STATIC_HEADERS, ...hostSecurityHeaders(dir, this.configFile) },
    };
  }

  /** A remote's folder as nginx serves it. */
  private static remoteSite(port: number, dir: string, chunks?: string): Site {
    return {
      name: 'remote',
      port,
      root: dir,
      spa: false,
      headers: STATIC_HEADERS,
      ...(chunks ? { chunks } : {}),
    };
  }

  private readonly prefix = (name: string) => path.join(this.stackDir, `nginx-${name}`);

  async start(): Promise<void> {
    this.host =
      this.server === 'nginx'
        ? await NginxSite.start(this.prefix('host'), this.hostSite())
        : nodeServer(
            await serveStatic({
              dir: path.join(root, 'host', 'dist'),
              port: this.ports.host,
              spa: true,
              configFile: this.configFile,
            }),
          );
    await this.startRemote();
  }

  /** Serves the owned remote's folder (after closing a hung server and its held requests). */
  async startRemote(): Promise<void> {
    await this.stopRemote();
    if (this.server === 'nginx') {
      const site = TestStack.remoteSite(this.ports.remote, this.remoteDir, this.remoteChunks);
      this.remote = await NginxSite.start(this.prefix('remote'), site);
      return;
    }
    const server = await serveStatic({ dir: this.remoteDir, port: this.ports.remote });
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/mf-manifest.json' || req.method !== 'GET')
        return;
      const ifNoneMatch = req.headers['if-none-match'];
      res.on('finish', () => this.nodeManifestRequests.push({ status: res.statusCode, ifNoneMatch }));
    });
    this.remote = nodeServer(server);
  }

  async stopRemote(): Promise<void> {
    if (this.remote) await this.remote.close();
    this.remote = null;
  }

  /** Every request for the owned remote's manifest: its answer and whether it was conditional. */
  get manifestRequests(): { status: number; ifNoneMatch: string | undefined }[] {
    if (this.server === 'nginx') {
      const log = path.join(this.prefix('remote'), 'access.log');
      return fs.existsSync(log) ? NginxSite.logged(log, '/mf-manifest.json') : [];
    }
    return this.nodeManifestRequests;
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
      server.listen(this.ports.remote, '127.0.0.1', resolve);
    });
    this.remote = nodeServer(server);
  }

  /** The host's registry (the config.json it serves, read on every request). */
  registeredRemotes(): RegisteredRemote[] {
    const config = JSON.parse(fs.readFileSync(this.configFile, 'utf8')) as { remotes: RegisteredRemote[] };
    return config.remotes;
  }

  /**
   * Replaces the running host's registry: the next page load reads it; the host is not rebuilt.
   * Behind nginx its headers (the page's Content-Security-Policy) are generated again and reloaded.
   */
  async register(remotes: RegisteredRemote[]): Promise<void> {
    const config = JSON.parse(fs.readFileSync(this.configFile, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(this.configFile, JSON.stringify({ ...config, remotes }));
    if (this.host instanceof NginxSite) await this.host.reconfigure(this.hostSite());
  }

  /** Serves a remote's built folder on the extra port until the stack stops; returns its manifest URL. */
  async serveExtraRemote(dir: string): Promise<string> {
    if (this.extraRemote) await this.extraRemote.close();
    this.extraRemote =
      this.server === 'nginx'
        ? await NginxSite.start(this.prefix('extra'), TestStack.remoteSite(TEST_EXTRA_REMOTE_PORT, dir))
        : nodeServer(await serveStatic({ dir, port: TEST_EXTRA_REMOTE_PORT }));
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
    if (this.extraRemote) await this.extraRemote.close();
    this.extraRemote = null;
    if (this.host) await this.host.close();
    this.host = null;
    if (this.ownedDir) fs.rmSync(this.ownedDir, { recursive: true, force: true });
    this.ownedDir = null;
    fs.rmSync(this.stackDir, { recursive: true, force: true });
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
export const hostFiles = (): string[] =>
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
