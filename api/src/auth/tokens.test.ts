import { createTokenSigner, type TokenClaims } from './tokens';

const signer = createTokenSigner('a-test-secret-of-enough-length');
const claims: TokenClaims = { typ: 'access', sid: 'abc', sub: 7, exp: 2_000_000_000 };
const now = 1_900_000_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Other spellings of a base64url text that decode to the same bytes (spare bits of the last character). */
function siblings(text: string): string[] {
  const bytes = Buffer.from(text, 'base64url');
  return [...ALPHABET]
    .map((c) => `${text.slice(0, -1)}${c}`)
    .filter((other) => other !== text && Buffer.from(other, 'base64url').equals(bytes));
}

describe('token signer', () => {
  const token = signer.sign(claims);
  const [payload = '', signature = ''] = token.split('.');

  it('verifies its own tokens of the expected type until they expire', () => {
    expect(signer.verify(token, ['access'], now)).toEqual(claims);
    expect(signer.verify(token, ['login'], now)).toBeNull();
    expect(signer.verify(token, ['access'], claims.exp)).toBeNull();
  });

  // Regression: the signature used to be decoded leniently, so these spellings passed as the token.
  it('refuses a signature whose last character was swapped for one decoding to the same bytes', () => {
    const others = siblings(signature);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(signer.verify(`${payload}.${other}`, ['access'], now)).toBeNull();
  });

  it.each([
    ['padding added', (s: string) => `${s}=`],
    ['two paddings added', (s: string) => `${s}==`],
    ['standard base64 alphabet', (s: string) => Buffer.from(s, 'base64url').toString('base64')],
  ])('refuses a signature re-encoded with %s', (_name, reencode) => {
    const other = reencode(signature);
    expect(Buffer.from(other, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(signer.verify(`${payload}.${other}`, ['access'], now)).toBeNull();
  });

  it('refuses a payload re-encoded to the same bytes', () => {
    const variants = [...siblings(payload), `${payload}=`];
    for (const other of variants) {
      expect(Buffer.from(other, 'base64url').equals(Buffer.from(payload, 'base64url'))).toBe(true);
      expect(signer.verify(`${other}.${signature}`, ['access'], now)).toBeNull();
    }
  });

  it('still verifies the exact token after a variant was refused (nothing cached wrongly)', () => {
    expect(signer.verify(`${token}=`, ['access'], now)).toBeNull();
    expect(signer.verify(token, ['access'], now)).toEqual(claims);
  });
});
