/**
 * @jest-environment node
 */
// The codec is pure; jsdom lacks TextEncoder, which every browser has.
import { createRole } from '../test-support/factories';
import { decodeRoleHashId, encodeRoleHashId } from './role-hash-id';
import { rolePaths } from './role-paths';

describe('role hashId codec', () => {
  it('round-trips a role, including non-ASCII names', () => {
    const role = createRole({ name: 'Pengawas Gudang — Cabang Ñ 🚚' });
    const hashId = encodeRoleHashId(role);
    expect(hashId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeRoleHashId(hashId)).toEqual({ ok: true, role });
  });

  it('builds the edit route', () => {
    const role = createRole();
    expect(rolePaths.edit(role)).toBe(`/edit-role/${encodeRoleHashId(role)}`);
  });

  it.each([
    ['not base64 at all', '%%%'],
    ['an empty value', ''],
    ['base64 of something that is not JSON', 'bm90IGpzb24'],
    ['truncated', encodeRoleHashId(createRole()).slice(0, 40)],
    ['base64 of invalid UTF-8', '_-8'],
  ])('reports a malformed encoding: %s', (_label, hashId) => {
    expect(decodeRoleHashId(hashId)).toEqual({ ok: false, reason: 'encoding' });
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
    const hashId = btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeRoleHashId(hashId)).toEqual({ ok: false, reason: 'shape' });
  });
});
