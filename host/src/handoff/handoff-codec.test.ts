import { compressToEncodedURIComponent } from 'lz-string';
import { decodeHandoff, MAX_HANDOFF_LENGTH } from './handoff-codec';

const encode = (value: unknown) => compressToEncodedURIComponent(JSON.stringify(value));
const future = Math.floor(Date.now() / 1000) + 3600;
const valid = { access_token: 'acc', session_token: 'ses', token: 'tok', nik: '100001', expires_at: future };

describe('decodeHandoff (route /: a compressed session in `data`)', () => {
  test('a session with access and session tokens is accepted', () => {
    const result = decodeHandoff(encode(valid));
    expect(result).toEqual({
      ok: true,
      session: expect.objectContaining({ nik: '100001', access_token: 'acc' }),
    });
  });

  test.each([
    ['missing', null, 'missing'],
    ['empty', '', 'missing'],
    ['not lz-string', '%%%not-lz%%%', 'not-lz-string'],
    ['lz-string of non-JSON', compressToEncodedURIComponent('hello {'), 'not-json'],
    ['no access token', encode({ session_token: 's' }), 'wrong-shape'],
    ['no session token', encode({ access_token: 'a' }), 'wrong-shape'],
    ['a JSON array', encode([1, 2]), 'wrong-shape'],
    ['hostile types', encode({ access_token: { $gt: '' }, session_token: 's' }), 'wrong-shape'],
    ['expired', encode({ ...valid, expires_at: 1 }), 'expired'],
    ['huge', 'A'.repeat(MAX_HANDOFF_LENGTH + 1), 'too-large'],
  ])('%s → refused (%s)', (_label, raw, reason) => {
    expect(decodeHandoff(raw)).toEqual({ ok: false, reason });
  });
});
