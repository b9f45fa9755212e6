import { openDatabase } from '../db/database';
import { RETIRED_KEY_SECONDS, rotateSigningKey, signingKeys } from './keys';

const kids = (keys: { keys: { kid?: string }[] }) => keys.keys.map((key) => key.kid);

describe('signing keys', () => {
  it('are made once, kept, rotated with the old key verifying until it ages out', () => {
    const db = openDatabase(':memory:');
    const first = signingKeys(db, 1_000);
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', d: expect.any(String) });
    expect(kids(signingKeys(db, 2_000))).toEqual(kids(first));

    const fresh = rotateSigningKey(db, 3_000);
    // The new key signs (first), the retired one still verifies.
    expect(kids(signingKeys(db, 3_000))).toEqual([fresh, first.keys[0]?.kid]);
    expect(kids(signingKeys(db, 3_000 + RETIRED_KEY_SECONDS - 1))).toHaveLength(2);
    expect(kids(signingKeys(db, 3_000 + RETIRED_KEY_SECONDS))).toEqual([fresh]);
    db.close();
  });
});
