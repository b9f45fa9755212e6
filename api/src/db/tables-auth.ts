import type { Generated, GeneratedAlways } from 'kysely';

/**
 * The sign-in side's tables as the data layer types them (ADR 0026): sessions, codes, devices,
 * two-step factors, the provider's storage. Column types are what both stores give back. Times are
 * numbers as SQLite's tables have them: unix seconds for sessions and the provider, milliseconds
 * elsewhere (each table's store says which); the provider's clients are the administration side's (tables-admin.ts).
 */
export interface AuthTables {
  /** The reference data (spec 7), numbered by the directory itself. */
  colors: { id: number; hex_code: string };
  companies: { id: number; nama: string; sort_key: string; logo_file: string };
  branches: { id: number; company_id: number; name: string; daerah: string; kode: string };
  employees: {
    id: number;
    name: string;
    nik: string;
    no_hp: string;
    email: string;
    company_id: number | null;
  };
  login_sessions: {
    /** The row number an administrator ends a session by (SQLite's rowid). */
    seq: GeneratedAlways<number>;
    id: string;
    user_id: number;
    apps_id: number;
    app_url: string;
    expires_at: number;
    revoked_at: number | null;
    created_at: number;
    address: string | null;
    user_agent: string | null;
    last_active_at: number | null;
    revoked_reason: string | null;
    amr: string | null;
  };
  app_sessions: {
    id: string;
    login_session_id: string;
    app_id: number;
    expires_at: number;
    revoked_at: number | null;
    created_at: number;
  };
  otps: {
    id: Generated<number>;
    user_id: number;
    target: string;
    purpose: 'login' | 'reset';
    code_hash: string;
    attempts: Generated<number>;
    expires_at: number;
    verified_at: number | null;
    consumed_at: number | null;
    voided_at: number | null;
    created_at: number;
  };
  otp_decoys: {
    key: string;
    attempts: Generated<number>;
    expires_at: number;
    verified_at: number | null;
    created_at: number;
  };
  outbox: { id: Generated<number>; to_target: string; code: string; purpose: string; created_at: number };
  known_addresses: { user_id: number; address: string; last_success_at: number };
  known_devices: { user_id: number; device_id: string; last_success_at: number };
  sign_in_challenges: {
    id: string;
    user_id: number | null;
    password_ok: number;
    expires_at: number;
    created_at: number;
    purpose: Generated<string>;
    first_amr: string | null;
    app_url: string | null;
    pending_secret: string | null;
  };
  oidc_models: {
    model: string;
    id: string;
    payload: string;
    expires_at: number | null;
    grant_id: string | null;
    uid: string | null;
    user_code: string | null;
    consumed_at: number | null;
  };
  oidc_session_links: { session_uid: string; login_session_id: string; user_id: number };
  two_step_factors: {
    id: GeneratedAlways<number>;
    user_id: number;
    kind: 'totp' | 'passkey';
    label: string;
    secret: string | null;
    credential_id: string | null;
    public_key: string | null;
    sign_count: Generated<number>;
    transports: string | null;
    device_type: string | null;
    last_step: Generated<number>;
    created_at: number;
    last_used_at: number | null;
  };
  recovery_codes: { user_id: number; code_hash: string; created_at: number; used_at: number | null };
}
