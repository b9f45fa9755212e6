/**
 * @jest-environment node
 */
// The codec is pure; jsdom lacks TextEncoder, which every browser has.
import { roleSchema } from '@sso/shared/contract';
import { appPaths, decodeHashId, encodeHashId } from '@sso/shared/federation';
import { createRole } from '../test-support/factories';

const hashIdOf = (path: string) => path.replace(/^\/edit-role\//, '');

describe('/edit-role/{hashId}: the role travels in the route', () => {
  it('builds the edit route, and the role read back from it is the same', () => {
    const role = createRole({ name: 'Pengawas Gudang — Cabang Ñ 🚚' });
    const path = appPaths.roles.edit(role);
    expect(path).toBe(`/edit-role/${encodeHashId(role)}`);
    expect(decodeHashId(hashIdOf(path), roleSchema)).toEqual({ ok: true, value: role });
  });

  it('reports a truncated route', () => {
    expect(decodeHashId(encodeHashId(createRole()).slice(0, 40), roleSchema).ok).toBe(false);
  });

  it.each([
    ['JSON of another shape', { hello: 'world' }],
    ['a role with a bad colour', { ...createRole(), color: { id: 1, hex_code: 'red' } }],
    [
      'a role with a javascript: logo',
      {
        ...createRole(),
        applications: [{ ...createRole().applications[0], logo_url: 'javascript:alert(1)' }],
      },
    ],
  ])('reports a well-encoded value of the wrong shape: %s', (_label, value) => {
    expect(decodeHashId(encodeHashId(value), roleSchema)).toEqual({ ok: false, reason: 'shape' });
  });
});
