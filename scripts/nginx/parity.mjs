// The reference the nginx configuration must match: what the Node static server
// (scripts/serve-static.mjs) sends for a path of a host folder. Its unit test and the nginx e2e run
// compare nginx's answers with it.
import { closeServer, serveStatic } from '../serve-static.mjs';

/** Headers the host's page carries alike from both servers (lower case, as fetch gives them). */
export const PAGE_HEADERS = [
  'content-security-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'access-control-allow-origin',
  'vary',
  'cache-control',
];

/**
 * The Node static server's response headers for `pathname` of the host folder `dir` (served on a
 * free port for the one request).
 * @param {string} dir
 * @param {string} pathname
 * @returns {Promise<Record<string, string>>}
 */
export async function nodeServerHeaders(dir, pathname) {
  const server = await serveStatic({ dir, port: 0, spa: true });
  try {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}${pathname}`, {
      headers: { 'accept-encoding': 'br' },
    });
    return Object.fromEntries(response.headers);
  } finally {
    await closeServer(server);
  }
}
