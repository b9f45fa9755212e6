import { sql } from 'kysely';
import type { Store } from '../../db/store';
import type { TwoStep } from './two-step';

/**
 * The demo account with an authenticator app (README "Demo accounts", docs/two-step-verification.md):
 * NIK 100007 signs in with its password and a code computed from this secret, so a tester can add it
 * to any authenticator app (or compute codes with `otpauth`). Public on purpose: a demo, never with
 * NODE_ENV=production, once per database (a factor the tester removes stays removed).
 */
export const DEMO_TWO_STEP_NIK = '100007';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export async function seedDemoTwoStep(store: Store, twoStep: TwoStep): Promise<void> {
  if (process.env.NODE_ENV === 'production') return;
  const MARKER = 'demo_two_step_seeded';
  const { rows } = await sql<{ id: number }>`SELECT id FROM users WHERE nik = ${DEMO_TWO_STEP_NIK}`.execute(
    store.db,
  );
  const id = rows[0]?.id;
  if (id === undefined) return;
  // The marker first, under ON CONFLICT: of instances starting together, one adds the factor.
  const { numInsertedOrUpdatedRows } = await store.db
    .insertInto('meta')
    .values({ key: MARKER, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (numInsertedOrUpdatedRows !== 1n) return;
  if (!(await twoStep.factors.has(id)))
    await twoStep.factors.addTotp(id, 'Demo (README)', DEMO_TOTP_SECRET, 0);
}
