// Serves one app's production build the way it is deployed (DESIGN "Deploy"):
// index.html, mf-manifest.json, remoteEntry.js and config.json no-cache; hashed chunks immutable;
// the build's brotli 11 / gzip 9 files (rspack.precompress.ts) when the client accepts them, gzip on
// the fly for anything else; CORS for the host's manifest fetch; no referrer; for the host page (spa)
// its Content-Security-Policy from the runtime config (scripts/lib/csp.mjs). Files are read from
// disk on every request, so swapping a remote's folder (an independent redeploy) shows after a reload.
// The host's page gets the auth remote's current prerendered screen for its path (ADR 0016).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import compression from 'compression';
import { hostSecurityHeaders, readConfig } from './lib/csp.mjs';
import {
  fetchInlineManifest,
  fetchPrerendered,
  includeInlineData,
  includePrerendered,
} from './lib/prerendered.mjs';
import { cacheControlFor, STATIC_HEADERS } from './lib/static-headers.mjs';

export { cacheControlFor };

/**
 * @param {{ dir: string, port: number, host?: string, spa?: boolean, configFile?: string }} options
 * @returns {Promise<http.Server>}
 */
export function serveStatic({ dir, port, host = '127.0.0.1', spa = false, configFile }) {
  const files = sirv(dir, {
    dev: true, // read from disk each request (see header comment)
    etag: true,
    single: spa,
    // Compressed once at build time, at the highest level: `<file>.br` / `<file>.gz` beside each asset.
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });
  const gzip = compression();
  // Handoff URLs carry a compressed session: allow long request lines (the host refuses > 20 000 chars).
  const server = http.createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    for (const [name, value] of Object.entries(STATIC_HEADERS)) res.setHeader(name, value);
    // A static server reads: GET and HEAD only (TRACE, PUT, DELETE… are 405), as nginx.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end('method not allowed');
      return;
    }
    if (spa) {
      for (const [name, value] of Object.entries(hostSecurityHeaders(dir, configFile))) {
        res.setHeader(name, value);
      }
    }
    gzip(req, res, () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (configFile && url.pathname === '/config.json') {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Type', 'application/json');
        res.end(fs.readFileSync(configFile));
        return;
      }
      // Dotfiles (`.env`, `.git/`) are never served, whatever lands in the folder (as nginx).
      let decoded;
      try {
        decoded = decodeURIComponent(url.pathname);
      } catch {
        decoded = '/.'; // a malformed escape: refused as a dotfile would be
      }
      if (decoded.split('/').some((segment) => segment.startsWith('.'))) {
        res.statusCode = 404;
        res.end('not found');
        return;
      }
      if (!fs.existsSync(dir)) {
        res.statusCode = 503;
        res.end('not deployed');
        return;
      }
      // The host's page (a route: no file extension; or itself), with its server-side include filled.
      const page = !/\.\w+$/.test(url.pathname) || url.pathname === '/index.html';
      if (spa && page && (req.method === 'GET' || req.method === 'HEAD')) {
        void sendPage(res, url.pathname, dir, configFile);
        return;
      }
      files(req, res, () => {
        res.statusCode = 404;
        res.end('not found');
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * index.html with the auth remote's current screen for `pathname` (or none), as nginx's SSI sends it.
 * @param {http.ServerResponse} res @param {string} pathname @param {string} dir @param {string} [configFile]
 */
async function sendPage(res, pathname, dir, configFile = path.join(dir, 'config.json')) {
  let page;
  try {
    page = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  } catch {
    res.statusCode = 404;
    res.end('not found');
    return;
  }
  let configText = '';
  try {
    configText = fs.readFileSync(configFile, 'utf8');
  } catch {
    // No config: no remote to ask; the page shows its own error when it starts.
  }
  const config = readConfig(configText || '{}');
  // Both at once, as nginx's SSI runs its includes.
  const [fragment, manifest] = await Promise.all([
    fetchPrerendered(config, pathname),
    fetchInlineManifest(config),
  ]);
  const body = includePrerendered(includeInlineData(page, configText, manifest, config), fragment, config);
  res.setHeader('Cache-Control', cacheControlFor('/index.html'));
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** @param {http.Server} server */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve(undefined));
  });
}

export const appDir = (app) => path.join(import.meta.dirname, '..', app, 'dist');
