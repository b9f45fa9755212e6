// The nginx configuration of the panel's apps, generated (never written by hand) from the app
// registry (scripts/apps.json) and the host's deployed folder and config.json, with the headers of
// scripts/lib/static-headers.mjs and scripts/lib/csp.mjs: the same as scripts/serve-static.mjs sends.
// One server per app on its port; precompressed .br/.gz served as they are; unhashed files no-cache
// with ETags, hashed chunks immutable; the host's routes fall back to index.html. ADR 0012.
import fs from 'node:fs';
import path from 'node:path';
import { hostSecurityHeaders, readConfig } from '../lib/csp.mjs';
import { HASHED, IMMUTABLE, REVALIDATE, STATIC_HEADERS } from '../lib/static-headers.mjs';
import { releasePaths } from './releases.mjs';
import {
  INLINE_ENTRY_VARIABLE,
  PRERENDER_TIMEOUT_MS,
  PRODUCT_NAME_SLOT,
  inlineManifestUrl,
  prerenderBase,
  productNameHtml,
} from '../lib/prerendered.mjs';

/** Where Debian's libnginx-mod-http-brotli-static puts the module (`dpkg -L`). */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** Debian's nginx-common. */
export const MIME_TYPES = '/etc/nginx/mime.types';

/**
 * A value nginx reads as one literal string: quoted, and refused if it holds what nginx would read
 * otherwise (a quote, a backslash, a `$` variable, a line break).
 * @param {string} value
 */
export function quote(value) {
  if (/["\\$\n\r]/.test(value)) throw new Error(`not a literal nginx string: ${value}`);
  return `"${value}"`;
}

/**
 * A location's regular expression, quoted (its `{n}` and `$` are the regex's own, not nginx's).
 * @param {RegExp} regex
 */
export function quoteRegex(regex) {
  if (/["\n\r]/.test(regex.source) || regex.flags) throw new Error(`not an nginx location regex: ${regex}`);
  return `"${regex.source}"`;
}

/**
 * @typedef {object} Site one app as served
 * @property {string} name federation name (a comment)
 * @property {number} port
 * @property {string} root the folder served (a release's `current` symlink, resolved by nginx per request)
 * @property {boolean} spa the host: unknown routes answer index.html
 * @property {Record<string, string>} headers added to every response (the page's security headers too)
 * @property {string} [chunks] where hashed files are looked up (the union of the kept releases)
 * @property {string} [configFile] a config.json served instead of the folder's own
 * @property {{ origin: string, path: string, productName: string }} [prerender] the host: where the auth
 *   remote publishes its prerendered screens, and the product name they get (ADR 0016)
 * @property {{ origin: string, path: string }} [inlineManifest] the host: the auth remote's manifest
 *   its page carries (ADR 0016, "The page's data")
 */

/** @param {Record<string, string>} headers @param {string} cacheControl @param {string} indent */
function addHeaders(headers, cacheControl, indent) {
  return Object.entries({ ...headers, 'Cache-Control': cacheControl })
    .map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`)
    .join('\n');
}

/**
 * @param {Site} site
 * @param {string} listen the address the servers bind
 */
function server(site, listen) {
  const headers = (cacheControl) => addHeaders(site.headers, cacheControl, '      ');
  // add_header is not inherited by a location that has its own: each location lists all of them.
  const blocks = [
    `  # ${site.name}`,
    '  server {',
    `    listen ${listen}:${site.port};`,
    `    root ${quote(site.root)};`,
    // A static server reads: GET and HEAD only (no CORS preflight is needed for what it serves).
    '    if ($request_method !~ ^(GET|HEAD)$ ) {',
    '      return 405;',
    '    }',
    // Dotfiles (`.env`, `.git/`, `.htpasswd`) are never served, whatever lands in the folder.
    `    location ~ ${quoteRegex(/(^|\/)\./)} {`,
    headers(REVALIDATE),
    '      return 404;',
    '    }',
    '',
    // Content-hashed files: cached for good; looked up in every kept release (ADR 0012).
    `    location ~ ${quoteRegex(HASHED)} {`,
    ...(site.chunks ? [`      root ${quote(site.chunks)};`] : []),
    '      try_files $uri =404;',
    headers(IMMUTABLE),
    '    }',
  ];
  if (site.configFile) {
    blocks.push(
      '',
      '    location = /config.json {',
      `      alias ${quote(site.configFile)};`,
      headers(REVALIDATE),
      '    }',
    );
  }
  if (site.spa) {
    blocks.push('', ...prerenderLocations(site, headers));
    blocks.push(
      '',
      // A file name (an extension) is a file or a 404; anything else is a route of the page.
      `    location ~ ${quoteRegex(/\.\w+$/)} {`,
      '      try_files $uri =404;',
      headers(REVALIDATE),
      '    }',
      '',
      '    location / {',
      '      try_files $uri $uri/ /index.html;',
      headers(REVALIDATE),
      '    }',
    );
  } else {
    blocks.push('', '    location / {', '      try_files $uri $uri/ =404;', headers(REVALIDATE), '    }');
  }
  blocks.push('  }');
  return blocks.join('\n');
}

/**
 * An internal location's proxying from `origin` (the auth remote's prerendered screens, its
 * manifest): uncompressed, each step bounded by `timeout`, the origin's errors intercepted.
 */
function proxiedFrom(origin, timeout) {
  return [
    `      proxy_pass ${quote(origin)};`,
    '      proxy_http_version 1.1;',
    '      proxy_set_header Accept-Encoding "";',
    `      proxy_connect_timeout ${timeout};`,
    `      proxy_send_timeout ${timeout};`,
    `      proxy_read_timeout ${timeout};`,
    '      proxy_intercept_errors on;',
  ];
}

/**
 * The host's page through the SSI module: its include (scripts/lib/prerendered.mjs) becomes the auth
 * remote's current screen for the requested path, fetched from the remote on each page load (so a
 * redeploy of the remote alone shows), the product name filled; nothing when the remote has none,
 * is down or slower than PRERENDER_TIMEOUT_MS. As scripts/serve-static.mjs does, byte for byte.
 * @param {Site} site @param {(cacheControl: string) => string} headers
 */
function prerenderLocations(site, headers) {
  const manifest = site.inlineManifest;
  if (manifest && !/^\/[\w./-]*$/.test(manifest.path))
    throw new Error(`not a manifest path: ${manifest.path}`);
  const entry = manifest ? `${manifest.origin}${manifest.path}` : '';
  const timeout = `${PRERENDER_TIMEOUT_MS}ms`;
  // Inline JSON: every `<` as `\u003c` (scripts/lib/prerendered.mjs inlineJson), whatever the type.
  const escapeJson = [
    '      sub_filter_types *;',
    '      sub_filter "<" "\\u003c";',
    '      sub_filter_once off;',
  ];
  const page = [
    // The page is assembled per request: no precompressed copy of it, gzipped on the fly.
    '    location = /index.html {',
    `      set $${INLINE_ENTRY_VARIABLE} ${quote(entry)};`,
    '      ssi on;',
    '      brotli_static off;',
    '      gzip_static off;',
    '      charset utf-8;',
    headers(REVALIDATE),
    '    }',
    '',
    '    location = /__prerendered-none {',
    '      internal;',
    '      return 204;',
    '    }',
    '',
    // The page's data (ADR 0016): the config served at /config.json, and the auth remote's current
    // manifest, each included as it is (bar the `<`), or nothing.
    '    location = /__inline/config.json {',
    '      internal;',
    `      alias ${quote(site.configFile ?? path.join(site.root, 'config.json'))};`,
    '      brotli_static off;',
    '      gzip_static off;',
    '      error_page 403 404 = /__prerendered-none;',
    ...escapeJson,
    '    }',
    '',
    '    location = /__inline/auth-manifest.json {',
    '      internal;',
    ...(manifest
      ? [
          `      rewrite ^ ${manifest.path} break;`,
          ...proxiedFrom(manifest.origin, timeout),
          '      error_page 301 302 303 307 308 400 403 404 405 500 502 503 504 = /__prerendered-none;',
          ...escapeJson,
        ]
      : ['      return 204;']),
    '    }',
  ];
  if (!site.prerender) {
    return [...page, '', '    location ^~ /__prerendered {', '      internal;', '      return 204;', '    }'];
  }
  const { origin, path: base, productName } = site.prerender;
  if (!/^\/[\w./-]*\/$/.test(base)) throw new Error(`not a prerender path: ${base}`);
  return [
    ...page,
    '',
    '    location = /__prerendered {',
    '      internal;',
    '      return 204;',
    '    }',
    '',
    '    location ^~ /__prerendered/ {',
    '      internal;',
    `      rewrite ^/__prerendered/([a-z][a-z-]*)$ ${base}$1.html break;`,
    ...proxiedFrom(origin, timeout),
    '      error_page 301 302 400 403 404 405 500 502 503 504 = /__prerendered-none;',
    `      sub_filter ${quote(PRODUCT_NAME_SLOT)} ${quote(productName)};`,
    '      sub_filter_once off;',
    '    }',
  ];
}

/**
 * @typedef {object} Proxy the api behind nginx
 * @property {string} name a comment
 * @property {number} port
 * @property {string | string[]} upstream where the api listens, e.g. http://127.0.0.1:4001 (or
 *   each instance's address, when several run)
 * @property {string[]} [down] instances of `upstream` marked `down` (taken out of the round: their
 *   `/ready` is false; `./panel start --scale`'s supervisor writes them, ADR 0028)
 * @property {{ fails: number, timeout: string }} [passive] nginx's passive health check on every
 *   instance (`max_fails`, `fail_timeout`): one that failed to connect is skipped for `timeout`
 */

/** The `upstream` block's name of a proxy (a word nginx accepts). */
const upstreamName = (proxy) => `sso_${proxy.name.replace(/[^A-Za-z0-9_]/g, '_')}_${proxy.port}`;

/**
 * The scheme and `host:port` of each upstream URL (an origin: no path). nginx's upstream servers take
 * no scheme: the group's is `proxy_pass`'s, so every instance must have the same.
 * @param {string[]} urls
 */
function upstreamServers(urls) {
  const parsed = urls.map((url) => {
    const u = new URL(url);
    if (!['http:', 'https:'].includes(u.protocol) || (u.pathname !== '/' && u.pathname !== '')) {
      throw new Error(`an api upstream is an http(s) origin: ${url}`);
    }
    return u;
  });
  const scheme = parsed[0]?.protocol.slice(0, -1) ?? 'http';
  if (parsed.some((u) => u.protocol !== `${scheme}:`))
    throw new Error('the api upstreams mix http and https');
  return { scheme, hosts: parsed.map((u) => u.host) };
}

/**
 * The api behind nginx: X-Forwarded-For is set to the client's address, replacing whatever the client
 * sent, so the api (TRUST_PROXY naming this proxy alone) throttles per real client.
 * Its instances are one upstream group (ADR 0023): a request that fails to connect, or that an
 * instance refuses while it stops (503) or answers with a gateway error, is passed to the next
 * instance when its method is idempotent (nginx never retries a POST, PATCH or DELETE unless told
 * `non_idempotent`, and is not). Connections to the api are kept alive; when a draining api closes
 * one, nginx opens another. /metrics is never served here: Prometheus scrapes each instance.
 * @param {Proxy} proxy
 * @param {string} listen
 */
function proxyServer(proxy, listen) {
  const { scheme, hosts } = upstreamServers(
    Array.isArray(proxy.upstream) ? proxy.upstream : [proxy.upstream],
  );
  const name = upstreamName(proxy);
  const down = new Set(upstreamServers(proxy.down ?? []).hosts);
  if (hosts.every((host) => down.has(host))) throw new Error('every api upstream is marked down');
  const passive = proxy.passive
    ? ` max_fails=${Math.trunc(proxy.passive.fails)} fail_timeout=${proxy.passive.timeout.replace(/[^0-9a-z]/g, '')}`
    : '';
  return [
    `  # ${proxy.name} (proxied)`,
    `  upstream ${name} {`,
    ...hosts.map((host) => `    server ${host}${passive}${down.has(host) ? ' down' : ''};`),
    '    keepalive 16;',
    '  }',
    '  server {',
    `    listen ${listen}:${proxy.port};`,
    '    location = /metrics {',
    '      return 404;',
    '    }',
    '    location / {',
    `      proxy_pass ${scheme}://${name};`,
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $http_host;',
    '      proxy_set_header X-Forwarded-For $remote_addr;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    '      proxy_next_upstream error timeout http_502 http_503 http_504;',
    '      proxy_next_upstream_tries 3;',
    '      proxy_next_upstream_timeout 15s;',
    '    }',
    '  }',
  ].join('\n');
}

/**
 * The whole nginx.conf for `sites` (and `proxies`), everything it writes (pid, logs, temporary files)
 * under `prefix`.
 * @param {{ prefix: string, sites: Site[], proxies?: Proxy[], listen?: string, user?: string, modulePath?: string, mimeTypes?: string }} options
 */
export function nginxConfig({
  prefix,
  sites,
  proxies = [],
  listen = '127.0.0.1',
  user,
  modulePath = BROTLI_STATIC_MODULE,
  mimeTypes = MIME_TYPES,
}) {
  const under = (name) => quote(path.join(prefix, name));
  return [
    '# Generated by scripts/nginx/config.mjs from scripts/apps.json and the deployed folders: do not edit.',
    `load_module ${quote(modulePath)};`,
    ...(user ? [`user ${user};`] : []),
    'worker_processes 1;',
    `pid ${under('nginx.pid')};`,
    `error_log ${under('error.log')} warn;`,
    '',
    'events {',
    '  worker_connections 512;',
    '}',
    '',
    'http {',
    `  include ${quote(mimeTypes)};`,
    // The path of a host page that may have a prerendered auth screen (ADR 0016): the request's own,
    // read before the route falls back to index.html.
    '  map $request_uri $sso_prerender_path {',
    '    "~^(?<page>/[a-z][a-z-]{0,39})(\\?.*)?$" $page;',
    '    default "";',
    '  }',
    '  default_type application/octet-stream;',
    // The path without its query string: a handoff address (`/?data=` with the session tokens) or
    // any other query never reaches a log; nor does a missing file's request line (log_not_found).
    '  map $request_uri $request_path {',
    '    "~^(?<reqpath>[^?]*)" $reqpath;',
    '  }',
    '  log_format panel \'$remote_addr [$time_local] "$request_method $request_path $server_protocol" $status $body_bytes_sent "$http_if_none_match" $sent_http_content_encoding\';',
    `  access_log ${under('access.log')} panel;`,
    '  log_not_found off;',
    `  client_body_temp_path ${under('tmp/body')};`,
    `  proxy_temp_path ${under('tmp/proxy')};`,
    `  fastcgi_temp_path ${under('tmp/fastcgi')};`,
    `  uwsgi_temp_path ${under('tmp/uwsgi')};`,
    `  scgi_temp_path ${under('tmp/scgi')};`,
    '',
    '  server_tokens off;',
    '  sendfile on;',
    '  etag on;',
    // Handoff URLs carry a compressed session in the address (the host refuses more than 20,000 characters).
    '  large_client_header_buffers 4 64k;',
    // Every build file has a brotli 11 and a gzip 9 copy beside it (rspack.precompress.ts): sent as
    // they are. Anything else (config.json) is gzipped on the fly. Vary is among the headers.
    '  brotli_static on;',
    '  gzip_static on;',
    '  gzip on;',
    '  gzip_vary off;',
    '  gzip_types application/javascript application/json text/css image/svg+xml;',
    '  index index.html;',
    '',
    [
      ...sites.map((site) => server(site, listen)),
      ...proxies.map((proxy) => proxyServer(proxy, listen)),
    ].join('\n\n'),
    '}',
    '',
  ].join('\n');
}

/**
 * The panel's apps as nginx serves them from the checkout `root`: each app's current release when it
 * has one in `releasesDir` (`pnpm release`), else its build folder; the host with the security
 * headers of the folder served and its config.json (`configFile` when given).
 * @param {{ root: string, releasesDir: string, apps: { dir: string, name: string, port: number, spa: boolean }[], configFile?: string }} options
 * @returns {Site[]}
 */
export function panelSites({ root, releasesDir, apps, configFile }) {
  return apps.map((app) => {
    const release = releasePaths(releasesDir, app.dir);
    const released = fs.existsSync(release.current);
    const served = released ? release.current : path.join(root, app.dir, 'dist');
    const headers = app.spa
      ? { ...STATIC_HEADERS, ...hostSecurityHeaders(served, configFile) }
      : { ...STATIC_HEADERS };
    const prerender = app.spa ? prerenderSite(configFile ?? path.join(served, 'config.json')) : null;
    const inlineManifest = app.spa
      ? inlineManifestSite(configFile ?? path.join(served, 'config.json'))
      : null;
    return {
      name: app.name,
      port: app.port,
      root: served,
      spa: app.spa,
      headers,
      ...(released ? { chunks: release.chunks } : {}),
      ...(configFile ? { configFile } : {}),
      ...(prerender ? { prerender } : {}),
      ...(inlineManifest ? { inlineManifest } : {}),
    };
  });
}

/** The host's config.json at `configFile`, read and checked; null when it is missing or unreadable. */
function readConfigFile(configFile) {
  try {
    return readConfig(fs.readFileSync(configFile, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Where the host's page takes its prerendered screens from, read from its config.json (ADR 0016).
 * @param {string} configFile @returns {Site['prerender'] | null}
 */
export function prerenderSite(configFile) {
  const config = readConfigFile(configFile);
  if (!config) return null;
  const base = prerenderBase(config);
  return base ? { origin: base.origin, path: base.pathname, productName: productNameHtml(config) } : null;
}

/**
 * The auth remote's manifest the host's page carries, read from its config.json (ADR 0016).
 * @param {string} configFile @returns {Site['inlineManifest'] | null}
 */
export function inlineManifestSite(configFile) {
  const config = readConfigFile(configFile);
  if (!config) return null;
  const url = inlineManifestUrl(config);
  return url ? { origin: url.origin, path: url.pathname } : null;
}
