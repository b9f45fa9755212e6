import { readMeta, writeMeta, type Db } from '../../db/database';
import type { TwoStep } from './two-step';

/**
 * The demo account with an authenticator app (README "Demo accounts", docs/two-step-verification.md):
 * NIK 100007 signs in with its password and a code computed from this secret, so a tester can add it
 * to any authenticator app (or compute codes with `otpauth`). Public on purpose: a demo, never with
 * NODE_ENV=production, once per database (a factor the tester removes stays removed).
 */
export const DEMO_TWO_STEP_NIK = '100007';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export function seedDemoTwoStep(db: Db, twoStep: TwoStep): void {
  if (process.env.NODE_ENV === 'production' || readMeta(db, 'demo_two_step_seeded') !== undefined) return;
  const id = db
    .prepare<[string], number>('SELECT id FROM users WHERE nik = ?')
    .pluck()
    .get(DEMO_TWO_STEP_NIK);
  if (id === undefined) return;
  db.transaction(() => {
    if (!twoStep.factors.has(id)) twoStep.factors.addTotp(id, 'Demo (README)', DEMO_TOTP_SECRET, 0);
    writeMeta(db, 'demo_two_step_seeded', new Date().toISOString());
  })();
}
