// What every served file of an app carries, whichever server sends it (scripts/serve-static.mjs in
// development and tests, the generated nginx configuration in production, scripts/nginx/config.mjs):
// one source, so both servers agree. The host page adds its security headers (scripts/lib/csp.mjs).

/** A content-hashed build file (rspack's `[name].[contenthash:8].js`): its name changes with it. */
export const HASHED = /\.[0-9a-f]{8}\.(js|css|map)$/;

/** Hashed files never change: cached for a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * index.html, config.json, mf-manifest.json, remoteEntry.js and anything else unhashed: revalidated
 * on every use (a conditional request answered 304 by its ETag when unchanged).
 */
export const REVALIDATE = 'no-cache';

/** @param {string} pathname */
export function cacheControlFor(pathname) {
  return HASHED.test(pathname) ? IMMUTABLE : REVALIDATE;
}

/**
 * Headers of every response of every app: no referrer, no MIME sniffing, any origin may read (the
 * host's page reads each remote's manifest with fetch), and the precompressed files vary by encoding.
 */
export const STATIC_HEADERS = {
  'Referrer-Policy': 'no-referrer',
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
  Vary: 'Accept-Encoding',
};
