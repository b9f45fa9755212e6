import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_HEADERS, nodeServerHeaders } from './parity.mjs';
import { IMMUTABLE, STATIC_HEADERS } from '../lib/static-headers.mjs';
import { nginxConfig, panelSites, quote } from './config.mjs';
import { release } from './releases.mjs';
import { nginxInstalled, testConfig, writeConfig } from './run.mjs';

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-nginx-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

const registry = [
  { dir: 'host', name: 'host', port: 3000, spa: true },
  { dir: 'remote-users', name: 'users', port: 3002, spa: false },
];

/** A checkout with built host and users folders (an inline script in the page, a runtime config). */
function checkout(): string {
  const root = path.join(work, 'checkout');
  const host = path.join(root, 'host', 'dist');
  fs.mkdirSync(host, { recursive: true });
  fs.writeFileSync(path.join(host, 'index.html'), '<html><script>window.early = 1;</script></html>');
  fs.writeFileSync(
    path.join(host, 'config.json'),
    JSON.stringify({
      apiBaseUrl: 'https://api.example.com',
      remotes: [{ name: 'users', entry: 'https://users.example.com/mf-manifest.json' }],
    }),
  );
  const users = path.join(root, 'remote-users', 'dist');
  fs.mkdirSync(users, { recursive: true });
  fs.writeFileSync(
    path.join(users, 'mf-manifest.json'),
    JSON.stringify({ metaData: { ssoBuild: { buildId: 'u1' } } }),
  );
  fs.writeFileSync(path.join(users, 'page.0000aaaa.js'), '');
  return root;
}

/** The location blocks of the server listening on `port`, by their first line. */
function locations(config: string, port: number): Record<string, string> {
  const server =
    config.split('  server {').find((block) => block.includes(`listen 127.0.0.1:${port};`)) ?? '';
  return Object.fromEntries(
    [...server.matchAll(/ {4}location (.+) \{\n([\s\S]*?)\n {4}\}/g)].map((m) => [m[1]?.trim(), m[2] ?? '']),
  );
}

/** `add_header` lines of a location block as a header map. */
function headersOf(block: string | undefined): Record<string, string> {
  return Object.fromEntries(
    [...(block ?? '').matchAll(/add_header (\S+) "([^"]*)" always;/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}

test('the host’s server sends exactly the headers the Node static server sends, on every location', async () => {
  const root = checkout();
  const config = nginxConfig({
    prefix: '/srv/panel',
    sites: panelSites({ root, releasesDir: path.join(root, 'releases'), apps: registry }),
  });
  const node = await nodeServerHeaders(path.join(root, 'host', 'dist'), '/user-management');
  const host = locations(config, 3000);
  expect(Object.keys(host)).toEqual([
    '~ "(^|\\/)\\."',
    '~ "\\.[0-9a-f]{8}\\.(js|css|map)$"',
    '= /index.html',
    '= /__prerendered-none',
    '= /__inline/config.json',
    '= /__inline/auth-manifest.json',
    '^~ /__prerendered',
    '~ "\\.\\w+$"',
    '/',
  ]);
  // Internal locations answer only the page's server-side include, never a client.
  for (const block of Object.values(host).filter((b) => !b.includes('internal;'))) {
    const sent = headersOf(block);
    for (const name of PAGE_HEADERS.filter((header) => header !== 'cache-control')) {
      const value = Object.entries(sent).find(([header]) => header.toLowerCase() === name)?.[1];
      expect([name, value]).toEqual([name, node[name]]);
    }
  }
  expect(headersOf(host['/'])['Content-Security-Policy']).toContain(
    "script-src 'self' https://users.example.com 'sha256-",
  );
  expect(headersOf(host['/'])['Content-Security-Policy']).toContain(
    "connect-src 'self' https://api.example.com https://users.example.com",
  );
});

test('unhashed files no-cache, hashed chunks immutable; the host falls back to index.html, a remote does not', () => {
  const root = checkout();
  const config = nginxConfig({
    prefix: '/srv/panel',
    sites: panelSites({ root, releasesDir: path.join(root, 'releases'), apps: registry }),
  });
  const host = locations(config, 3000);
  const users = locations(config, 3002);
  const hashed = '~ "\\.[0-9a-f]{8}\\.(js|css|map)$"';
  expect(headersOf(host[hashed])['Cache-Control']).toBe(IMMUTABLE);
  expect(headersOf(users[hashed])['Cache-Control']).toBe(IMMUTABLE);
  expect(headersOf(host['/'])['Cache-Control']).toBe('no-cache');
  expect(headersOf(host['~ "\\.\\w+$"'])['Cache-Control']).toBe('no-cache');
  expect(headersOf(users['/'])['Cache-Control']).toBe('no-cache');
  expect(host['/']).toContain('try_files $uri $uri/ /index.html;');
  // A missing file is a 404, not the page: a request for a chunk never gets HTML.
  expect(host['~ "\\.\\w+$"']).toContain('try_files $uri =404;');
  expect(users['/']).toContain('try_files $uri $uri/ =404;');
  // A remote sends no page headers, only the ones every file carries.
  expect(headersOf(users['/'])).toEqual({ ...STATIC_HEADERS, 'Cache-Control': 'no-cache' });
});

test('precompressed files as they are, no version in answers, long handoff addresses, its own prefix', () => {
  const root = checkout();
  const config = nginxConfig({
    prefix: '/srv/panel',
    sites: panelSites({ root, releasesDir: path.join(root, 'releases'), apps: registry }),
  });
  for (const line of [
    'load_module "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";',
    'brotli_static on;',
    'gzip_static on;',
    'server_tokens off;',
    'etag on;',
    'large_client_header_buffers 4 64k;',
    'pid "/srv/panel/nginx.pid";',
    'error_log "/srv/panel/error.log" warn;',
    'client_body_temp_path "/srv/panel/tmp/body";',
    'listen 127.0.0.1:3000;',
    'listen 127.0.0.1:3002;',
    `root "${root}/host/dist";`,
    `root "${root}/remote-users/dist";`,
  ]) {
    expect(config).toContain(line);
  }
  expect(config.match(/ server \{/g)).toHaveLength(2);
});

test('a released app is served from its current release, its hashed chunks from the union of kept releases', () => {
  const root = checkout();
  const releasesDir = path.join(root, 'releases');
  release({ releasesDir, app: 'remote-users', from: path.join(root, 'remote-users', 'dist') });
  const config = nginxConfig({
    prefix: '/srv/panel',
    sites: panelSites({ root, releasesDir, apps: registry }),
  });
  const users = locations(config, 3002);
  expect(config).toContain(`root "${releasesDir}/remote-users/current";`);
  expect(users['~ "\\.[0-9a-f]{8}\\.(js|css|map)$"']).toContain(`root "${releasesDir}/remote-users/chunks";`);
  expect(config).toContain(`root "${root}/host/dist";`);
});

test('a config.json served from elsewhere (one per environment) is the one the headers are computed from', () => {
  const root = checkout();
  const configFile = path.join(work, 'config.json');
  fs.writeFileSync(configFile, JSON.stringify({ apiBaseUrl: 'https://api.other.example', remotes: [] }));
  const config = nginxConfig({
    prefix: '/srv/panel',
    sites: panelSites({ root, releasesDir: path.join(root, 'releases'), apps: registry, configFile }),
  });
  const host = locations(config, 3000);
  expect(host['= /config.json']).toContain(`alias "${configFile}";`);
  expect(headersOf(host['= /config.json'])['Cache-Control']).toBe('no-cache');
  expect(headersOf(host['/'])['Content-Security-Policy']).toContain(
    "connect-src 'self' https://api.other.example;",
  );
});

test('the host’s page includes the auth remote’s current screen: proxied per request, bounded, the product name filled', () => {
  const root = checkout();
  fs.writeFileSync(
    path.join(root, 'host', 'dist', 'config.json'),
    JSON.stringify({
      apiBaseUrl: 'https://api.example.com',
      productName: 'Portal <Grup>',
      remotes: [{ name: 'auth', entry: 'https://auth.example.com/v2/mf-manifest.json' }],
    }),
  );
  const config = nginxConfig({
    prefix: '/srv/panel',
    sites: panelSites({ root, releasesDir: path.join(root, 'releases'), apps: registry }),
  });
  const host = locations(config, 3000);
  expect(config).toContain('map $request_uri $sso_prerender_path {');
  // The page is assembled per request (no precompressed copy), with the page's headers.
  expect(host['= /index.html']).toContain('ssi on;');
  expect(host['= /index.html']).toContain('brotli_static off;');
  expect(headersOf(host['= /index.html'])['Content-Security-Policy']).toContain("script-src 'self'");
  const include = host['^~ /__prerendered/'] ?? '';
  expect(include).toContain('internal;');
  expect(include).toContain('rewrite ^/__prerendered/([a-z][a-z-]*)$ /v2/prerender/$1.html break;');
  expect(include).toContain('proxy_pass "https://auth.example.com";');
  expect(include).toContain('proxy_read_timeout 500ms;');
  expect(include).toContain('error_page 301 302 400 403 404 405 500 502 503 504 = /__prerendered-none;');
  expect(include).toContain('sub_filter "SSO_PRERENDER_PRODUCT_NAME" "Portal &#60;Grup&#62;";');
  // A remote serves no include.
  expect(Object.keys(locations(config, 3002))).not.toContain('= /index.html');
});

test('the host’s page carries its config and the auth remote’s current manifest as inline JSON', () => {
  const root = checkout();
  fs.writeFileSync(
    path.join(root, 'host', 'dist', 'config.json'),
    JSON.stringify({
      apiBaseUrl: 'https://api.example.com',
      remotes: [{ name: 'auth', entry: 'https://auth.example.com/v2/mf-manifest.json' }],
    }),
  );
  const host = locations(
    nginxConfig({
      prefix: '/srv/panel',
      sites: panelSites({ root, releasesDir: path.join(root, 'releases'), apps: registry }),
    }),
    3000,
  );
  // The entry the manifest is read from, echoed into the page beside it.
  expect(host['= /index.html']).toContain(
    'set $sso_inline_auth_entry "https://auth.example.com/v2/mf-manifest.json";',
  );
  const inlineConfig = host['= /__inline/config.json'] ?? '';
  expect(inlineConfig).toContain('internal;');
  expect(inlineConfig).toContain(`alias ${quote(path.join(root, 'host', 'dist', 'config.json'))};`);
  const manifest = host['= /__inline/auth-manifest.json'] ?? '';
  expect(manifest).toContain('internal;');
  expect(manifest).toContain('rewrite ^ /v2/mf-manifest.json break;');
  expect(manifest).toContain('proxy_pass "https://auth.example.com";');
  expect(manifest).toContain('proxy_read_timeout 500ms;');
  expect(manifest).toContain('= /__prerendered-none;');
  // No `<` reaches the page's script element (the Node server writes the same `\u003c`).
  for (const block of [inlineConfig, manifest]) {
    expect(block).toContain('sub_filter "<" "\\u003c";');
    expect(block).toContain('sub_filter_once off;');
    expect(block).toContain('sub_filter_types *;');
  }

  // No auth remote registered: no manifest, an empty entry; the config is still carried.
  const none = locations(
    nginxConfig({
      prefix: '/srv/panel',
      sites: panelSites({ root: checkout(), releasesDir: path.join(root, 'releases'), apps: registry }),
    }),
    3000,
  );
  expect(none['= /index.html']).toContain('set $sso_inline_auth_entry "";');
  expect(none['= /__inline/auth-manifest.json']).toContain('return 204;');
});

test('a value nginx would not read literally is refused', () => {
  expect(quote("default-src 'self'")).toBe('"default-src \'self\'"');
  for (const bad of ['$host', 'a"b', 'a\\b', 'a\nb'])
    expect(() => quote(bad)).toThrow('not a literal nginx string');
});

// The real check, where Debian's nginx is installed (./panel test installs it, as it does Chromium).
(nginxInstalled() ? test : test.skip)('nginx -t accepts the generated configuration', () => {
  const root = checkout();
  const prefix = path.join(work, 'prefix');
  writeConfig(prefix, {
    sites: panelSites({ root, releasesDir: path.join(root, 'releases'), apps: registry }),
  });
  expect(testConfig(prefix)).toContain('syntax is ok');
});
