/**
 * @jest-environment node
 */
// The codec is pure; jsdom lacks TextEncoder, which every browser has.
import { userSchema } from '@sso/shared/contract';
import { appPaths, decodeHashId, encodeHashId } from '@sso/shared/federation';
import { createUser, createUserCompany } from '../test-support/factories';

const hashIdOf = (path: string) => path.replace(/^\/edit-user\//, '');

describe('/edit-user/{hashId}: the user travels in the route', () => {
  it('builds the edit route, and the user read back from it is the same', () => {
    const user = createUser({
      nama: 'Désirée 🌺',
      perusahaan: [createUserCompany({ perusahaan_name: 'PT Désirée' })],
    });
    const path = appPaths.users.edit(user);
    expect(path).toBe(`/edit-user/${encodeHashId(user)}`);
    expect(decodeHashId(hashIdOf(path), userSchema)).toEqual({ ok: true, value: user });
  });

  it.each([
    ['a wrong field type', { ...createUser(), id: 'x' }],
    [
      'an unsafe logo URL',
      createUser({ perusahaan: [createUserCompany({ perusahaan_logo_url: 'javascript:alert(1)' })] }),
    ],
    ['an unsafe colour', createUser({ color_hex_code: 'red;x:y' })],
  ])('reports a well-encoded user of the wrong shape (%s)', (_case, value) => {
    expect(decodeHashId(encodeHashId(value), userSchema)).toEqual({ ok: false, reason: 'shape' });
  });
});
