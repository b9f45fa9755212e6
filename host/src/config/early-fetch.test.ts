import fs from 'node:fs';
import path from 'node:path';

/**
 * The host's page script (host/early-fetch.js, inlined into index.html): it reads the config and the
 * auth remote's manifest the server put into the page (ADR 0016) and fetches only what is missing,
 * stale (read from another entry) or not JSON.
 */
const source = fs.readFileSync(path.join(__dirname, '..', '..', 'early-fetch.js'), 'utf8');

const AUTH = 'http://localhost:3001/mf-manifest.json';
const USERS = 'http://localhost:3002/mf-manifest.json';
const config = {
  remotes: [
    { name: 'auth', entry: AUTH },
    { name: 'users', entry: USERS },
  ],
};
const manifest = (name: string, origin: string) =>
  JSON.stringify({
    name,
    metaData: {
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      ssoDescriptor: { routes: [{ path: '/login', module: './LoginPage' }] },
    },
    exposes: [{ name: 'LoginPage', assets: { js: { sync: [`login.${origin.slice(-4)}.js`] } } }],
    shared: [],
  });

let fetched: string[];

beforeEach(() => {
  fetched = [];
  window.history.replaceState(null, '', '/login');
  global.fetch = jest.fn((url: string) => {
    fetched.push(url);
    const text =
      url === '/config.json'
        ? JSON.stringify(config)
        : manifest(url === AUTH ? 'auth' : 'users', new URL(url).origin);
    return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(text) } as Response);
  }) as unknown as typeof fetch;
});

afterEach(() => {
  document.head.innerHTML = '';
  delete window.__ssoEarly;
});

/** The page's data elements as the server writes them, then the page script run. */
function runPage(data: { config?: string; entry?: string; manifest?: string }): void {
  document.head.innerHTML =
    `<script type="application/json" id="sso-config">${data.config ?? ''}</script>` +
    `<meta name="sso-auth-manifest" content="${data.entry ?? ''}">` +
    `<script type="application/json" id="sso-auth-manifest">${data.manifest ?? ''}</script>`;
  new Function(source)();
}

async function early(): Promise<{ config: string; manifests: Record<string, string> }> {
  const { config: configText, manifests } = window.__ssoEarly!;
  const byEntry = (await manifests!) ?? {};
  const texts: Record<string, string> = {};
  for (const [entry, text] of Object.entries(byEntry)) texts[entry] = (await text)!;
  return { config: await configText!, manifests: texts };
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('href'));

it('reads the inlined config and auth manifest: only the other remotes’ manifests are fetched', async () => {
  const auth = manifest('auth', 'http://localhost:3001');
  runPage({ config: JSON.stringify(config), entry: AUTH, manifest: auth });
  // The login page's code is preloaded by the script itself, from the manifest in the page.
  expect(preloads()).toEqual(['http://localhost:3001/remoteEntry.js', 'http://localhost:3001/login.3001.js']);
  const { config: text, manifests } = await early();
  expect(JSON.parse(text)).toEqual(config);
  expect(manifests[AUTH]).toBe(auth);
  expect(fetched).toEqual([USERS]);
});

it('a manifest read from another entry (stale) is not used: it is fetched', async () => {
  runPage({
    config: JSON.stringify(config),
    entry: 'http://old.example/mf-manifest.json',
    manifest: manifest('auth', 'http://old.example'),
  });
  expect(preloads()).toEqual([]);
  const { manifests } = await early();
  expect(fetched.sort()).toEqual([AUTH, USERS]);
  expect(JSON.parse(manifests[AUTH]!).exposes[0].assets.js.sync).toEqual(['login.3001.js']);
});

it('missing data (a server without includes, a remote down) is fetched', async () => {
  runPage({});
  await early();
  expect(fetched.sort()).toEqual(['/config.json', AUTH, USERS]);
});

it('data that is not JSON (the raw include of a server that does not fill it) is fetched', async () => {
  runPage({
    config: '<!--# include virtual="/__inline/config.json" -->',
    entry: AUTH,
    manifest: '{"name":',
  });
  const { manifests } = await early();
  expect(fetched.sort()).toEqual(['/config.json', AUTH, USERS]);
  expect(JSON.parse(manifests[AUTH]!).name).toBe('auth');
});
