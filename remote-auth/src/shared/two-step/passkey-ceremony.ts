import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's WebAuthn calls through `@simplewebauthn/browser`, loaded with a dynamic `import()`
 * when a passkey is used or added (ADR 0021): never part of /login's first load.
 */
const loadBrowser = () => import('@simplewebauthn/browser');

const hasChallenge = (value: unknown) =>
  typeof value === 'object' && value !== null && 'challenge' in value && typeof value.challenge === 'string';
const isRequestOptions = (value: unknown): value is PublicKeyCredentialRequestOptionsJSON =>
  hasChallenge(value);
const isCreationOptions = (value: unknown): value is PublicKeyCredentialCreationOptionsJSON =>
  hasChallenge(value) && typeof value === 'object' && value !== null && 'user' in value;
const UNKNOWN_OPTIONS = 'Data passkey dari server tidak dikenali';

export const PASSKEY_CANCELLED = 'Passkey dibatalkan atau waktu habis. Coba lagi.';
export const PASSKEY_UNSUPPORTED = 'Browser ini tidak mendukung passkey.';

/** A clear Indonesian message for a failed or cancelled ceremony. */
function ceremonyError(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new Error(PASSKEY_CANCELLED);
  if (name === 'InvalidStateError') return new Error('Passkey ini sudah terdaftar untuk akun Anda.');
  return new Error(error instanceof Error && error.message ? error.message : PASSKEY_CANCELLED);
}

/** Signs `options` (the api's, bound to this sign-in) with a passkey of this device. */
export async function signWithPasskey(options: unknown) {
  const { startAuthentication, browserSupportsWebAuthn } = await loadBrowser();
  if (!browserSupportsWebAuthn()) throw new Error(PASSKEY_UNSUPPORTED);
  try {
    if (!isRequestOptions(options)) throw new Error(UNKNOWN_OPTIONS);
    return await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** Creates a passkey on this device for `options` (the api's, for the signed-in user). */
export async function createPasskey(options: unknown) {
  const { startRegistration, browserSupportsWebAuthn } = await loadBrowser();
  if (!browserSupportsWebAuthn()) throw new Error(PASSKEY_UNSUPPORTED);
  try {
    if (!isCreationOptions(options)) throw new Error(UNKNOWN_OPTIONS);
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw ceremonyError(error);
  }
}
