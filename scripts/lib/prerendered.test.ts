import http from 'node:http';
import {
  INLINE_DATA,
  PRERENDER_INCLUDE,
  PRODUCT_NAME_SLOT,
  fetchInlineManifest,
  fetchPrerendered,
  includeInlineData,
  inlineManifestUrl,
  fragmentDocument,
  includePrerendered,
  prerenderBase,
  usedCss,
} from './prerendered.mjs';

const page = `<html><body>${PRERENDER_INCLUDE}<div id="root"></div></body></html>`;

test('the page gets the screen in place of its include, the product name filled and escaped', () => {
  const fragment = fragmentDocument(
    '/login',
    `<h1>Masuk</h1><span>${PRODUCT_NAME_SLOT}</span>`,
    '.a{color:red}',
  );
  const html = includePrerendered(page, fragment, { productName: 'Portal <Grup> & "Co"' });
  expect(html).toBe(
    '<html><body><div data-sso-prerendered="/login"><style>#root{display:none}.a{color:red}</style>' +
      '<h1>Masuk</h1><span>Portal &#60;Grup&#62; &#38; &#34;Co&#34;</span></div>\n<div id="root"></div></body></html>',
  );
  // No screen (another route, a remote down): the include leaves nothing behind.
  expect(includePrerendered(page, null, {})).toBe('<html><body><div id="root"></div></body></html>');
  // No product name in the config: the panel's own.
  expect(includePrerendered(page, fragment, {})).toContain('<span>SSO Admin Panel</span>');
});

test('a screen holding a script is refused at build time (the page’s CSP allows none)', () => {
  expect(() => fragmentDocument('/login', '<p>x</p><script>alert(1)</script>', '')).toThrow('holds a script');
});

test('the screens come from beside the auth remote’s manifest, http(s) only', () => {
  expect(
    prerenderBase({ remotes: [{ name: 'auth', entry: 'https://a.example/v2/mf-manifest.json' }] })?.href,
  ).toBe('https://a.example/v2/prerender/');
  expect(
    prerenderBase({ remotes: [{ name: 'users', entry: 'https://u.example/mf-manifest.json' }] }),
  ).toBeNull();
  expect(prerenderBase({ remotes: [{ name: 'auth', entry: 'javascript:alert(1)' }] })).toBeNull();
  expect(prerenderBase({})).toBeNull();
});

test('only the CSS rules the markup can use are kept; custom properties, media and keyframes stay', () => {
  const css = [
    ':root{--c: red;}',
    '.used{color: var(--c);}',
    '.unused{color: blue;}',
    '.used .unused{margin: 0;}',
    '.unused, .used:hover{padding: 1px;}',
    '@media (max-width: 480px){.used{padding: 0;}.unused{padding: 2px;}}',
    '@keyframes spin{to {transform: rotate(1turn);}}',
  ].join('\n');
  expect(usedCss(css, '<p class="used other">x</p>')).toBe(
    ':root{--c: red;}.used{color: var(--c);}.unused, .used:hover{padding: 1px;}' +
      '@media (max-width: 480px){.used{padding: 0;}}@keyframes spin{to {transform: rotate(1turn);}}',
  );
});

test('the page’s data: the config and the manifest as inline JSON (no `<`), the entry it came from', () => {
  const head = `<head>${INLINE_DATA}</head>`;
  const config = { remotes: [{ name: 'auth', entry: 'https://a.example/v2/mf-manifest.json?x="&' }] };
  // An entry with a query is not carried (nginx requests a path): the manifest stays out.
  expect(includeInlineData(head, '{"a":"</script><!--"}', '{"name":"auth"}', config)).toBe(
    '<head><script type="application/json" id="sso-config">{"a":"\\u003c/script>\\u003c!--"}</script>' +
      '<meta name="sso-auth-manifest" content="">' +
      '<script type="application/json" id="sso-auth-manifest"></script></head>',
  );
  const auth = { remotes: [{ name: 'auth', entry: 'https://a.example/v2/mf&-manifest.json' }] };
  expect(includeInlineData(head, '', '{"b":"<x>"}', auth)).toBe(
    '<head><script type="application/json" id="sso-config"></script>' +
      '<meta name="sso-auth-manifest" content="https://a.example/v2/mf&amp;-manifest.json">' +
      '<script type="application/json" id="sso-auth-manifest">{"b":"\\u003cx>"}</script></head>',
  );
  // The same JSON value, whatever the `<` became.
  expect(JSON.parse('{"b":"\\u003cx>"}')).toEqual({ b: '<x>' });
  expect(inlineManifestUrl({ remotes: [{ name: 'auth', entry: 'javascript:1' }] })).toBeNull();
  expect(inlineManifestUrl({ remotes: [{ name: 'users', entry: 'https://u.example/m.json' }] })).toBeNull();
});

describe('fetching the current screen', () => {
  let server: http.Server;
  let port = 0;
  let answer: (res: http.ServerResponse, url: string) => void = () => undefined;
  beforeAll(async () => {
    server = http.createServer((req, res) => answer(res, req.url ?? ''));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const config = () => ({ remotes: [{ name: 'auth', entry: `http://127.0.0.1:${port}/mf-manifest.json` }] });

  test('the remote’s file for the path; nothing for a path with no screen, a 404 or a foreign body', async () => {
    const asked: string[] = [];
    answer = (res, url) => {
      asked.push(url);
      if (url === '/prerender/login.html') res.end('<div data-sso-prerendered="/login">x</div>\n');
      else if (url === '/prerender/odd.html') res.end('<h1>not a screen</h1>');
      else {
        res.statusCode = 404;
        res.end('not found');
      }
    };
    expect(await fetchPrerendered(config(), '/login')).toBe('<div data-sso-prerendered="/login">x</div>\n');
    expect(await fetchPrerendered(config(), '/home')).toBeNull();
    expect(await fetchPrerendered(config(), '/odd')).toBeNull();
    // Never asked: the root, a nested path, an upper-case or encoded one.
    for (const path of ['/', '/edit-user/abc', '/Login', '/%2e%2e'])
      expect(await fetchPrerendered(config(), path)).toBeNull();
    expect(asked).toEqual(['/prerender/login.html', '/prerender/home.html', '/prerender/odd.html']);
  });

  test('the current manifest; nothing for an error status or a redirect', async () => {
    answer = (res) => res.end('{"name":"auth"}');
    expect(await fetchInlineManifest(config())).toBe('{"name":"auth"}');
    for (const status of [404, 503, 302]) {
      answer = (res) => {
        res.statusCode = status;
        res.setHeader('Location', '/elsewhere.json');
        res.end('{}');
      };
      expect(await fetchInlineManifest(config())).toBe('');
    }
    expect(await fetchInlineManifest({})).toBe('');
  });

  test('a hung remote costs the page at most the timeout', async () => {
    answer = () => undefined; // never answers
    const started = Date.now();
    expect(await fetchPrerendered(config(), '/login')).toBeNull();
    expect(await fetchInlineManifest(config())).toBe('');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
