import { incompatibility } from './compatibility';

const provided = {
  react: '19.3.1',
  'react/': '19.3.1',
  'react-dom': '19.3.1',
  '@sso/shared/ui': '2.0.0',
  '@sso/shared/api': '2.0.0',
};

describe("incompatibility: a remote's shared requirements against what the host provides", () => {
  it('accepts a remote built against the same versions', () => {
    expect(
      incompatibility(
        [
          { name: 'react', requiredVersion: '^19.3.1' },
          { name: 'react/jsx-runtime', requiredVersion: '^19.3.1' },
          { name: '@sso/shared/ui', requiredVersion: '^2.0.0' },
        ],
        provided,
      ),
    ).toBeNull();
  });

  it('names a newer @sso/shared the host does not provide, once for all its subpaths', () => {
    expect(
      incompatibility(
        [
          { name: '@sso/shared/ui', requiredVersion: '^3.0.0' },
          { name: '@sso/shared/api', requiredVersion: '^3.0.0' },
        ],
        provided,
      ),
    ).toBe('Membutuhkan @sso/shared ^3.0.0, host menyediakan 2.0.0');
  });

  it('checks deep imports against the prefix share (react/jsx-runtime against react/)', () => {
    expect(incompatibility([{ name: 'react/jsx-runtime', requiredVersion: '^20.0.0' }], provided)).toBe(
      'Membutuhkan react/jsx-runtime ^20.0.0, host menyediakan 19.3.1',
    );
  });

  it('lists every incompatibility', () => {
    expect(
      incompatibility(
        [
          { name: 'react-dom', requiredVersion: '~19.4.0' },
          { name: '@sso/shared/ui', requiredVersion: '^1.0.0' },
        ],
        provided,
      ),
    ).toBe(
      'Membutuhkan react-dom ~19.4.0, host menyediakan 19.3.1; Membutuhkan @sso/shared ^1.0.0, host menyediakan 2.0.0',
    );
  });

  it('ignores modules the host does not provide and entries without a requirement', () => {
    expect(
      incompatibility([{ name: 'lodash', requiredVersion: '^4.0.0' }, { name: '@sso/shared/ui' }], provided),
    ).toBeNull();
  });
});
