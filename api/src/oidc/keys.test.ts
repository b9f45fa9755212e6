import type { StoreKind } from '../db/store';
import { STORE_KINDS, useTestStores } from '../test-support/stores';
import { RETIRED_KEY_SECONDS, rotateSigningKey, signingKeys } from './keys';

const kids = (keys: { keys: { kid?: string }[] }) => keys.keys.map((key) => key.kid);
const stores = useTestStores();

describe.each<StoreKind>(STORE_KINDS)('signing keys on %s', (kind) => {
  it('are made once, kept, rotated with the old key verifying until it ages out', async () => {
    const [store] = await stores.storesOn(kind);
    const first = await signingKeys(store!, 1_000);
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', d: expect.any(String) });
    expect(kids(await signingKeys(store!, 2_000))).toEqual(kids(first));

    const fresh = await rotateSigningKey(store!, 3_000);
    // The new key signs (first), the retired one still verifies.
    expect(kids(await signingKeys(store!, 3_000))).toEqual([fresh, first.keys[0]?.kid]);
    expect(kids(await signingKeys(store!, 3_000 + RETIRED_KEY_SECONDS - 1))).toHaveLength(2);
    expect(kids(await signingKeys(store!, 3_000 + RETIRED_KEY_SECONDS))).toEqual([fresh]);
  });

  it('three instances starting together on an empty database make one key and all sign with it', async () => {
    const instances = await stores.storesOn(kind, 3);
    const keys = await Promise.all(instances.map((store) => signingKeys(store, 1_000)));
    expect(new Set(keys.map((k) => kids(k).join()))).toEqual(new Set([kids(keys[0]!).join()]));
    expect(keys[0]!.keys).toHaveLength(1);
  });
});
