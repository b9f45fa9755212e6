import * as v from 'valibot';
import {
  MANIFEST_BUILD_KEY,
  MANIFEST_DESCRIPTOR_KEY,
  manifestSchema,
  runtimeConfigSchema,
} from './descriptor';

const descriptor = { name: 'users', routes: [], nav: [] };

describe('manifestSchema: build information and shared requirements', () => {
  it('reads the build information and the shared requirements of a current remote', () => {
    const manifest = v.parse(manifestSchema, {
      name: 'users',
      metaData: {
        publicPath: 'auto',
        [MANIFEST_DESCRIPTOR_KEY]: descriptor,
        [MANIFEST_BUILD_KEY]: { version: '1.2.0', buildId: 'abc123', builtAt: '2026-11-23T10:00:00.000Z' },
      },
      shared: [{ name: '@sso/shared/ui', version: '2.0.0', requiredVersion: '^2.0.0', id: 'x' }],
    });
    expect(manifest.metaData[MANIFEST_BUILD_KEY]).toEqual({
      version: '1.2.0',
      buildId: 'abc123',
      builtAt: '2026-11-23T10:00:00.000Z',
    });
    expect(manifest.shared).toEqual([
      { name: '@sso/shared/ui', version: '2.0.0', requiredVersion: '^2.0.0', id: 'x' },
    ]);
  });

  it('still reads an older manifest without build information or shared list', () => {
    const manifest = v.parse(manifestSchema, {
      name: 'users',
      metaData: { [MANIFEST_DESCRIPTOR_KEY]: descriptor },
    });
    expect(manifest.metaData[MANIFEST_BUILD_KEY]).toBeUndefined();
    expect(manifest.shared).toBeUndefined();
    expect(manifest.metaData[MANIFEST_DESCRIPTOR_KEY]).toEqual(descriptor);
  });

  it('refuses malformed build information', () => {
    expect(() =>
      v.parse(manifestSchema, {
        name: 'users',
        metaData: { [MANIFEST_DESCRIPTOR_KEY]: descriptor, [MANIFEST_BUILD_KEY]: { version: 1 } },
      }),
    ).toThrow();
  });
});

describe('manifestSchema: the files of code a manifest names (checked for their origin by the host)', () => {
  const files = {
    js: { sync: ['53.e59eb7ad.js'], async: ['226.cdc97b03.js'] },
    css: { sync: [], async: [] },
  };

  it('reads the remote entry, and the files of each exposed and shared module', () => {
    const manifest = v.parse(manifestSchema, {
      name: 'users',
      metaData: {
        publicPath: 'auto',
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        [MANIFEST_DESCRIPTOR_KEY]: descriptor,
      },
      shared: [{ name: 'react', requiredVersion: '^19.3.1', assets: files }],
      exposes: [{ id: 'users:user-list', name: 'user-list', path: './user-list', assets: files }],
    });
    expect(manifest.metaData.remoteEntry).toEqual({ name: 'remoteEntry.js', path: '', type: 'global' });
    expect(manifest.exposes?.[0]?.assets).toEqual(files);
    expect(manifest.shared?.[0]?.assets).toEqual(files);
  });

  it('keeps unknown metaData keys, so the host sees a getPublicPath and refuses it', () => {
    const manifest = v.parse(manifestSchema, {
      name: 'users',
      metaData: { getPublicPath: 'return "/"', [MANIFEST_DESCRIPTOR_KEY]: descriptor },
    });
    expect('getPublicPath' in manifest.metaData).toBe(true);
  });

  it.each([
    ['a file that is not a string', { exposes: [{ name: 'user-list', assets: { js: { sync: [42] } } }] }],
    ['a remote entry without a name', { metaData: { remoteEntry: { path: '' } } }],
    ['an over-long file name', { exposes: [{ name: 'x', assets: { js: { sync: ['a'.repeat(3000)] } } }] }],
  ])('refuses %s', (_label, overrides) => {
    expect(() =>
      v.parse(manifestSchema, {
        name: 'users',
        ...overrides,
        metaData: {
          [MANIFEST_DESCRIPTOR_KEY]: descriptor,
          ...('metaData' in overrides ? overrides.metaData : {}),
        },
      }),
    ).toThrow();
  });
});

describe('runtimeConfigSchema: what /config.json may say', () => {
  const remotes = [{ name: 'users', entry: 'http://localhost:3002/mf-manifest.json' }];

  it('fills the product name when it is absent, and drops unknown keys', () => {
    const config = v.parse(runtimeConfigSchema, { apiBaseUrl: 'http://localhost:4000', remotes, extra: 1 });
    expect(config).toEqual({ apiBaseUrl: 'http://localhost:4000', remotes, productName: 'SSO Admin Panel' });
  });

  it.each([
    ['a javascript: api origin', { apiBaseUrl: 'javascript:alert(1)', remotes }],
    ['an api origin that is no URL', { apiBaseUrl: 'nope', remotes }],
    [
      'a remote entry on another scheme',
      { apiBaseUrl: 'http://a', remotes: [{ name: 'x', entry: 'ftp://a/m' }] },
    ],
    [
      'a remote name off its pattern',
      { apiBaseUrl: 'http://a', remotes: [{ name: 'X', entry: 'http://a/m' }] },
    ],
    ['an empty product name', { apiBaseUrl: 'http://a', remotes, productName: '' }],
    ['too many remotes', { apiBaseUrl: 'http://a', remotes: Array.from({ length: 31 }, () => remotes[0]) }],
    ['no object at all', null],
  ])('refuses %s', (_label, config) => {
    expect(v.safeParse(runtimeConfigSchema, config).success).toBe(false);
  });

  it('names the path of the first problem', () => {
    const result = v.safeParse(runtimeConfigSchema, { apiBaseUrl: 'http://a', remotes: [remotes[0], {}] });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.path?.map((item) => item.key)).toEqual(['remotes', 1, 'name']);
  });
});
