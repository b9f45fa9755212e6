import * as v from 'valibot';
import { MANIFEST_DESCRIPTOR_KEY, manifestSchema } from '@sso/shared/federation';
import { checkOrigin } from './origin-guard';

const entry = 'https://users.example.com/app/mf-manifest.json';

/** A manifest as the build writes it, with `metaData` and the user-list page's files overridden. */
function manifest({
  metaData = {},
  files = ['53.e59eb7ad.js', '__federation_expose_user_list.3aefe80a.js'],
}: { metaData?: Record<string, unknown>; files?: string[] } = {}) {
  return v.parse(manifestSchema, {
    name: 'users',
    metaData: {
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      [MANIFEST_DESCRIPTOR_KEY]: { name: 'users', routes: [], nav: [] },
      ...metaData,
    },
    shared: [{ name: 'react', assets: { js: { sync: ['784.9d3ec8d4.js'], async: [] } } }],
    exposes: [{ name: 'user-list', assets: { js: { sync: files, async: ['226.cdc97b03.js'] } } }],
  });
}

describe('checkOrigin: remote code only from the registered origin', () => {
  it.each([
    ['the same origin, absolute', 'https://users.example.com/static/'],
    ['the manifest\'s own folder ("auto")', 'auto'],
    ['the manifest\'s own folder (empty, as "auto")', ''],
  ])('accepts %s', (_label, publicPath) => {
    expect(() => checkOrigin(entry, manifest({ metaData: { publicPath } }))).not.toThrow();
  });

  it.each([
    ['another host', 'https://cdn.evil.test/app/'],
    ['another port', 'https://users.example.com:8443/app/'],
    ['another scheme', 'http://users.example.com/app/'],
    ['a protocol-relative URL elsewhere', '//cdn.evil.test/app/'],
    // The runtime loads it relative to the host page: the host's origin, not the remote's.
    ['a relative public path', '/app/'],
    // The runtime concatenates: "https://users.example.com" + "remoteEntry.js" is another host.
    ['the origin without a trailing slash', 'https://users.example.com'],
  ])('refuses %s', (_label, publicPath) => {
    expect(() => checkOrigin(entry, manifest({ metaData: { publicPath } }))).toThrow(
      /is not the registered https:\/\/users\.example\.com/,
    );
  });

  describe('with publicPath "auto"', () => {
    it('accepts files in folders below the manifest', () => {
      const nested = manifest({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: './static/js/' } },
        files: ['static/js/53.e59eb7ad.js'],
      });
      expect(() => checkOrigin(entry, nested)).not.toThrow();
    });

    it.each([
      ['an exposed page chunk on another origin', { files: ['https://cdn.evil.test/53.e59eb7ad.js'] }],
      ['an exposed page chunk protocol-relative elsewhere', { files: ['//cdn.evil.test/53.e59eb7ad.js'] }],
      [
        'a remote entry on another origin',
        { metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'https://cdn.evil.test' } } },
      ],
    ])('refuses %s', (_label, overrides) => {
      expect(() => checkOrigin(entry, manifest(overrides))).toThrow(
        /origin https:\/\/cdn\.evil\.test is not the registered https:\/\/users\.example\.com/,
      );
    });

    it('refuses a shared module file on another origin', () => {
      const text = manifest();
      const shared = [{ name: 'react', assets: { js: { sync: ['https://cdn.evil.test/784.js'] } } }];
      expect(() => checkOrigin(entry, { ...text, shared })).toThrow(/cdn\.evil\.test/);
    });

    it('refuses a registry entry with no path: the runtime would take its host name as a folder', () => {
      expect(() => checkOrigin('https://users.example.com', manifest())).toThrow(/is not the registered/);
    });
  });

  it.each([
    ['a getPublicPath and no publicPath', { publicPath: undefined, getPublicPath: 'return "/"' }],
    ['a getPublicPath beside a publicPath', { getPublicPath: 'return "/"' }],
    ['no public path at all', { publicPath: undefined }],
  ])('refuses a manifest with %s (the runtime runs getPublicPath as code)', (_label, metaData) => {
    expect(() => checkOrigin(entry, manifest({ metaData }))).toThrow(/getPublicPath would run as code/);
  });
});
