/**
 * @jest-environment node
 */
// The codec is pure; jsdom lacks TextEncoder, which every browser has.
import { z } from 'zod';
import { decodeHashId, encodeHashId } from './hash-id';

const schema = z.object({ id: z.number().int(), name: z.string() });
const toBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('hashId codec (edit routes)', () => {
  it.each([
    ['ASCII', 'Budi Santoso'],
    ['accents', 'Désirée Ñúñez'],
    ['emoji and CJK', 'Sri 🌺 山田'],
    ['dashes and emoji', 'Pengawas Gudang — Cabang Ñ 🚚'],
    ['quotes and slashes', 'a"b\\c/d+e=f'],
  ])('round-trips a record (%s) in a URL-safe segment', (_case, name) => {
    const hashId = encodeHashId({ id: 7, name });
    expect(hashId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeHashId(hashId, schema)).toEqual({ ok: true, value: { id: 7, name } });
  });

  it('accepts plain base64 with padding (the spec names base64) and surrounding spaces', () => {
    const value = { id: 1, name: 'Ani ~~~>>>' };
    expect(decodeHashId(toBase64(JSON.stringify(value)), schema)).toEqual({ ok: true, value });
    expect(decodeHashId(` ${encodeHashId(value)} `, schema)).toEqual({ ok: true, value });
  });

  it.each([
    ['empty', '', 'encoding'],
    ['not base64', 'not base64!!', 'encoding'],
    ['percent signs', '%%%', 'encoding'],
    ['bad length', 'abcde', 'encoding'],
    ['invalid UTF-8', Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'), 'encoding'],
    ['base64url of invalid UTF-8', '_-8', 'encoding'],
    ['not JSON', toBase64('hello world'), 'json'],
    ['truncated JSON', toBase64('{"id":1,"name":'), 'json'],
    ['JSON of another shape', toBase64('{"a":1}'), 'shape'],
    ['a JSON array', toBase64('[1,2]'), 'shape'],
    ['a JSON null', toBase64('null'), 'shape'],
    ['a wrong field type', toBase64('{"id":"x","name":"Budi"}'), 'shape'],
  ])('reports a malformed hashId (%s)', (_case, hashId, reason) => {
    expect(decodeHashId(hashId, schema)).toEqual({ ok: false, reason });
  });
});
