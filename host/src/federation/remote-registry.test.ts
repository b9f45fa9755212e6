import { checkOrigin } from './remote-registry';

const entry = 'https://users.example.com/app/mf-manifest.json';

describe('checkOrigin: remote code only from the registered origin', () => {
  it.each([
    ['a relative public path', '/app/'],
    ['the same origin, absolute', 'https://users.example.com/static/'],
    ['the manifest\'s own folder ("auto")', 'auto'],
    ['no public path', undefined],
  ])('accepts %s', (_label, publicPath) => {
    expect(() => checkOrigin(entry, publicPath)).not.toThrow();
  });

  it.each([
    ['another host', 'https://cdn.evil.test/app/'],
    ['another port', 'https://users.example.com:8443/app/'],
    ['another scheme', 'http://users.example.com/app/'],
    ['a protocol-relative URL elsewhere', '//cdn.evil.test/app/'],
  ])('refuses %s', (_label, publicPath) => {
    expect(() => checkOrigin(entry, publicPath)).toThrow(
      /is not the registered https:\/\/users\.example\.com/,
    );
  });
});
