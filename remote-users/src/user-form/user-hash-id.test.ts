/**
 * @jest-environment node
 */
// The codec is pure; jsdom lacks TextEncoder, which every browser has.
import { createUser, createUserCompany } from '../test-support/factories';
import { decodeUserHashId, encodeUserHashId, userPaths } from './user-hash-id';

const toBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('user hashId codec', () => {
  it.each([
    ['ASCII', 'Budi Santoso'],
    ['accents', 'Désirée Ñúñez'],
    ['emoji and CJK', 'Sri 🌺 山田'],
    ['quotes and slashes', 'a"b\\c/d+e=f'],
  ])('round-trips a user (%s) in a URL-safe segment', (_case, nama) => {
    const user = createUser({
      nama,
      perusahaan: [createUserCompany({ perusahaan_name: `PT ${nama}` })],
    });
    const hashId = encodeUserHashId(user);
    expect(hashId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeUserHashId(hashId)).toEqual({ ok: true, user });
  });

  it('accepts plain base64 with padding (the spec names base64)', () => {
    const user = createUser({ nama: 'Ani ~~~>>>' });
    expect(decodeUserHashId(toBase64(JSON.stringify(user)))).toEqual({ ok: true, user });
  });

  it('builds the edit route', () => {
    const user = createUser();
    expect(userPaths.edit(user)).toBe(`/edit-user/${encodeUserHashId(user)}`);
  });

  it.each([
    ['empty', '', 'encoding'],
    ['not base64', 'not base64!!', 'encoding'],
    ['bad length', 'abcde', 'encoding'],
    ['invalid UTF-8', Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'), 'encoding'],
    ['not JSON', toBase64('hello world'), 'json'],
    ['truncated JSON', toBase64('{"id":1,"nama":'), 'json'],
    ['JSON of another shape', toBase64('{"a":1}'), 'shape'],
    ['a JSON array', toBase64('[1,2]'), 'shape'],
    ['a JSON null', toBase64('null'), 'shape'],
    ['a wrong field type', toBase64(JSON.stringify({ ...createUser(), id: 'x' })), 'shape'],
    [
      'an unsafe logo URL',
      toBase64(
        JSON.stringify(
          createUser({ perusahaan: [createUserCompany({ perusahaan_logo_url: 'javascript:alert(1)' })] }),
        ),
      ),
      'shape',
    ],
    ['an unsafe colour', toBase64(JSON.stringify(createUser({ color_hex_code: 'red;x:y' }))), 'shape'],
  ])('reports a malformed hashId (%s)', (_case, hashId, reason) => {
    expect(decodeUserHashId(hashId)).toEqual({ ok: false, reason });
  });
});
