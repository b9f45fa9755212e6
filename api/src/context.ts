import type { SessionStore } from './auth/session-store';
import type { Devices } from './auth/devices';
import type { KnownAddresses } from './auth/known-addresses';
import type { SecondProof } from './auth/second-proof';
import type { OtpService } from './auth/otp-service';
import type { Throttle } from './auth/throttle';
import type { TwoStep } from './auth/two-step/two-step';
import type { Clock } from './clock';
import type { ApiConfig } from './config';
import type { Db } from './db/database';
import type { Store } from './db/store';

/** What route modules need, built once per app by `buildApp`. */
export interface AppContext {
  /** The SQLite file, or null when the api runs on PostgreSQL (DATABASE_URL). */
  db: Db | null;
  /** The data layer over SQLite or PostgreSQL (db/store.ts, ADR 0026): stores moved onto it use this. */
  store: Store;
  config: ApiConfig;
  clock: Clock;
  sessions: SessionStore;
  otp: OtpService;
  /** Guessing and code-sending limits (auth/throttle.ts). */
  throttle: Throttle;
  /** Addresses that signed in to each account (auth/known-addresses.ts). */
  knownAddresses: KnownAddresses;
  /** Browsers that signed in to each account: their device cookies (auth/devices.ts). */
  devices: Devices;
  /** Challenges of the second proof (auth/second-proof.ts). */
  secondProof: SecondProof;
  /** Two-step verification: factors and pending second steps (auth/two-step, ADR 0021). */
  twoStep: TwoStep;
  /** Absolute URL of a generated logo file (e.g. `company-1.svg`). */
  logoUrl(file: string): string;
}
