import { MANIFEST_BUILD_KEY, MANIFEST_DESCRIPTOR_KEY, manifestSchema } from './descriptor';

const descriptor = { name: 'users', routes: [], nav: [] };

describe('manifestSchema: build information and shared requirements', () => {
  it('reads the build information and the shared requirements of a current remote', () => {
    const manifest = manifestSchema.parse({
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
    const manifest = manifestSchema.parse({
      name: 'users',
      metaData: { [MANIFEST_DESCRIPTOR_KEY]: descriptor },
    });
    expect(manifest.metaData[MANIFEST_BUILD_KEY]).toBeUndefined();
    expect(manifest.shared).toBeUndefined();
    expect(manifest.metaData[MANIFEST_DESCRIPTOR_KEY]).toEqual(descriptor);
  });

  it('refuses malformed build information', () => {
    expect(() =>
      manifestSchema.parse({
        name: 'users',
        metaData: { [MANIFEST_DESCRIPTOR_KEY]: descriptor, [MANIFEST_BUILD_KEY]: { version: 1 } },
      }),
    ).toThrow();
  });
});
