// The host page's Content-Security-Policy (DESIGN "Security"), built from the runtime config:
// scripts and connections only from the page's own origin, the api and the registered remotes; the
// inline early-fetch script by its hash (never 'unsafe-inline' scripts); no framing.
// `node scripts/lib/csp.mjs host/dist` prints the headers for a production web server.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Origin of a URL, or null for anything that is not http(s). */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Bodies of the inline scripts (no `src`) of an html page. */
export function inlineScripts(html) {
  return (
    [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
      .filter((match) => !/\ssrc\s*=/i.test(match[1] ?? ''))
      // Data blocks (`type="application/json"`) are never executed: no hash, nothing to allow.
      .filter((match) => !/\stype\s*=\s*["']?application\/json/i.test(match[1] ?? ''))
      .map((match) => match[2])
      .filter((body) => body.trim() !== '')
  );
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * @param {{ apiBaseUrl?: string, remotes?: { entry: string }[] }} config the host's runtime config
 * @param {string[]} scripts inline script bodies allowed by hash
 * @param {{ dev?: boolean }} [options] dev servers also connect their live-reload socket
 */
export function contentSecurityPolicy(config, scripts, { dev = false } = {}) {
  const remoteOrigins = [...new Set((config.remotes ?? []).map((r) => originOf(r.entry)).filter(Boolean))];
  const apiOrigin = originOf(config.apiBaseUrl ?? '');
  const connect = [...new Set([apiOrigin, ...remoteOrigins].filter(Boolean))];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins, ...scripts.map(sha256)],
    'connect-src': ["'self'", ...connect, ...(dev ? ['ws://localhost:*', 'ws://127.0.0.1:*'] : [])],
    // Company logos may live on any http(s) host; the favicon is a data: URL.
    'img-src': ["'self'", 'data:', 'http:', 'https:'],
    // CSS modules travel inside JS and are inserted as <style> elements; primitives set inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The runtime config's text as an object ({} when it is not JSON: then only 'self' is allowed). */
export function readConfig(text) {
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/** Security headers of every host page response. */
export function pageSecurityHeaders(config, scripts, options) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, scripts, options),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * The headers for a deployed host folder: its config.json (or `configFile`) and the inline
 * scripts of its index.html. Read on each call, so a replaced config.json takes effect at once.
 */
export function hostSecurityHeaders(dir, configFile = path.join(dir, 'config.json')) {
  const read = (file, fallback) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return fallback;
    }
  };
  return pageSecurityHeaders(
    readConfig(read(configFile, '{}')),
    inlineScripts(read(path.join(dir, 'index.html'), '')),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/lib/csp.mjs <host dist folder> [config.json]');
    process.exit(2);
  }
  for (const [name, value] of Object.entries(hostSecurityHeaders(dir, process.argv[3]))) {
    console.log(`${name}: ${value}`);
  }
}
