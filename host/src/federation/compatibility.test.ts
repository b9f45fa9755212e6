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

describe('the ranges a remote may require, as npm semver reads them', () => {
  it.each([
    // caret
    ['2.0.0', '^2.0.0', true],
    ['2.3.1', '^2.0.0', true],
    ['3.0.0', '^2.0.0', false],
    ['1.9.9', '^2.0.0', false],
    ['2.0.0', '^3.0.0', false],
    ['19.3.1', '^19.3.1', true],
    ['19.2.9', '^19.3.1', false],
    ['0.2.5', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['2.0.0', '^2', true],
    // tilde
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.2.2', '~1.2.3', false],
    // exact
    ['2.0.0', '2.0.0', true],
    ['2.0.1', '2.0.0', false],
    ['2.0.0', '=2.0.0', true],
    // other forms
    ['5.0.0', '>=2.0.0', true],
    ['1.0.0', '>=2.0.0', false],
    ['4.1.0', '*', true],
    // a pre-release is met only by a range naming that release's pre-releases
    ['3.0.0-rc.1', '^2.0.0', false],
    ['3.0.0-rc.1', '3.0.0-rc.1', true],
    ['2.1.0', '^2.1.0-rc.1', true],
    // not a range, or not a version: not met
    ['2.0.0', 'workspace:*', false],
    ['not-a-version', '^2.0.0', false],
  ])('host %s, remote requires %s: met %s', (version, range, met) => {
    expect(incompatibility([{ name: 'react', requiredVersion: range }], { react: version }) === null).toBe(
      met,
    );
  });
});
