import { satisfies } from './semver';

describe('satisfies: the ranges our builds emit', () => {
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
    // pre-releases match only themselves
    ['3.0.0-rc.1', '^2.0.0', false],
    ['3.0.0-rc.1', '3.0.0-rc.1', true],
    ['2.1.0', '^2.1.0-rc.1', false],
    // not understood: not satisfied
    ['2.0.0', 'workspace:*', false],
    ['2.0.0', '^2', false],
    ['not-a-version', '^2.0.0', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});
