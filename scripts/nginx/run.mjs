// Runs Debian's nginx for the panel without touching the system's: its own prefix folder (config,
// pid file, logs, temporary files), in the foreground, stopped with its parent. Installs nginx and
// the brotli static module with apt when missing (`node scripts/nginx/run.mjs install`).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BROTLI_STATIC_MODULE, nginxConfig } from './config.mjs';

export const NGINX = '/usr/sbin/nginx';
const PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static'];

export const nginxInstalled = () => fs.existsSync(NGINX) && fs.existsSync(BROTLI_STATIC_MODULE);

/** apt-get install nginx and the brotli static module if either is missing (as root or with sudo). */
export function ensureNginx() {
  if (nginxInstalled()) return;
  console.log(`[nginx] installing ${PACKAGES.join(' ')} with apt`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) => {
    const [command, ...rest] = [...sudo, 'apt-get', '-o', 'DPkg::Lock::Timeout=600', ...args];
    const result = spawnSync(command, rest, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${result.status})`);
  };
  apt('update', '-qq');
  apt('install', '-y', '-qq', ...PACKAGES);
}

/** The account of `id` in `file` (/etc/passwd, /etc/group), by id or by name. */
function account(file, key) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => (typeof key === 'number' ? Number(fields[2]) === key : fields[0] === key));
}

/** Whether anyone (the "other" bits) may reach and read `folder`: each parent searchable. */
export function readableByAll(folder) {
  let current = path.resolve(folder);
  if ((fs.statSync(current).mode & 0o005) !== 0o005) return false;
  for (;;) {
    const parent = path.dirname(current);
    if (parent === current) return true;
    if ((fs.statSync(parent).mode & 0o001) === 0) return false;
    current = parent;
  }
}

/**
 * Workers never run as root (issue 36, finding 11). Started as root, nginx runs them as the owner of
 * `folder` (the checkout) when that is not root, else as Debian's `www-data` (or `nobody`), who must
 * then be able to read the folder. A checkout only root may read (e.g. under /root) cannot be served
 * by them: there the workers stay root's, with a warning that says how to fix it (make the path
 * readable by all, or own the checkout by another user), so a test run in such a folder still runs.
 * Not started as root, they run as the user who started it.
 */
export function workerUser(folder) {
  if (process.getuid?.() !== 0) return undefined;
  const { uid, gid } = fs.statSync(folder);
  if (uid !== 0) {
    const user = account('/etc/passwd', uid)?.[0];
    const group = account('/etc/group', gid)?.[0];
    if (user) return `${user}${group ? ` ${group}` : ''}`;
  }
  const worker = account('/etc/passwd', 'www-data') ?? account('/etc/passwd', 'nobody');
  if (!worker) throw new Error('nginx: no unprivileged account (www-data or nobody) to run its workers');
  if (!readableByAll(folder)) {
    console.warn(
      `[nginx] WARNING: ${folder} is owned by root and not readable by ${worker[0]}: its workers run as root. Make the path readable by all (chmod o+rX) or own the checkout by another user.`,
    );
    return 'root root';
  }
  const group = account('/etc/group', Number(worker[3]))?.[0];
  return `${worker[0]}${group ? ` ${group}` : ''}`;
}

/** Writes `<prefix>/nginx.conf` (and the folders it names); returns its path. */
export function writeConfig(prefix, options) {
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) {
    fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  }
  // The logs are the operator's: readable by the owner and the group only (640), created so before
  // nginx opens them (it keeps the mode of a file that exists).
  for (const log of ['access.log', 'error.log']) {
    const logFile = path.join(prefix, log);
    fs.closeSync(fs.openSync(logFile, 'a', 0o640));
    fs.chmodSync(logFile, 0o640);
  }
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, nginxConfig({ prefix, ...options }));
  return file;
}

/** `nginx -t` on a written configuration: throws with nginx's words when it is refused. */
export function testConfig(prefix) {
  const result = spawnSync(NGINX, nginxArgs(prefix, '-t'), { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`nginx -t refused ${prefix}/nginx.conf:\n${result.stderr}`);
  return result.stderr;
}

const nginxArgs = (prefix, ...more) => [
  '-p',
  prefix,
  '-c',
  path.join(prefix, 'nginx.conf'),
  '-e',
  path.join(prefix, 'error.log'),
  ...more,
];

function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Asks the nginx running on `prefix` (its pid file) to reload: false when none runs there.
 */
export function signalReload(prefix) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(prefix, 'nginx.pid'), 'utf8'));
    process.kill(pid, 0);
  } catch {
    return false;
  }
  testConfig(prefix);
  process.kill(pid, 'SIGHUP');
  return true;
}

/** The processes whose parent is `pid` (nginx's workers). */
function workersOf(pid) {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // pid (comm) state ppid …: the command may hold spaces, so read after its closing parenthesis.
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Starts nginx in the foreground (`daemon off`) on a written configuration and waits until every
 * port answers. `reload()` makes it read the configuration again (workers finish what they serve).
 * @param {{ prefix: string, ports: number[] }} options
 */
export async function startNginx({ prefix, ports }) {
  testConfig(prefix);
  const child = spawn(NGINX, nginxArgs(prefix, '-g', 'daemon off;'), {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  const done = new Promise((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  const deadline = Date.now() + 15_000;
  for (const port of ports) {
    while (!(await portAnswers(port))) {
      if (exited || Date.now() > deadline) {
        child.kill('SIGTERM');
        const log = fs.readFileSync(path.join(prefix, 'error.log'), 'utf8').split('\n').slice(-5).join('\n');
        throw new Error(`nginx did not serve port ${port}:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    child,
    exited: done,
    /**
     * Re-reads nginx.conf (after `writeConfig`): resolves once a worker of the new configuration runs
     * (the old ones finish what they serve). A refused configuration throws; the running one serves on.
     */
    async reload() {
      testConfig(prefix);
      const before = workersOf(child.pid);
      child.kill('SIGHUP');
      // Reloaded once a new worker runs and the old ones are gone: an old worker could otherwise
      // still answer on a connection the browser keeps open (it closes idle ones when told to quit).
      const deadline = Date.now() + 10_000;
      const reloaded = () => {
        const now = workersOf(child.pid);
        return now.length > 0 && now.every((pid) => !before.includes(pid));
      };
      while (!reloaded()) {
        if (Date.now() > deadline) throw new Error('nginx did not reload within 10 s');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Fast shutdown; resolves once nginx has exited and its ports refuse connections. */
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await done;
      for (const port of ports) {
        while (await portAnswers(port)) await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv[2] === 'install') ensureNginx();
  else {
    console.error('usage: node scripts/nginx/run.mjs install');
    process.exit(2);
  }
}
