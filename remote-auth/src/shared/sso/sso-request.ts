import { useEffect, useState } from 'react';
import { appPaths, getRuntimeConfig } from '@sso/shared/federation';

/**
 * A sign-in asked by another application of the group through the SSO (OpenID Connect): the
 * provider sends the browser to /login?sso=<interaction id>. The id is kept for this tab
 * (sessionStorage) so the phone login and password recovery lead back to the same request; the
 * sign-in itself is the panel's own first step (NIK + password or phone + OTP, every rule of it),
 * whose login token is then handed to the provider instead of opening a panel session (ADR 0015).
 */
const KEY = 'sso.interaction';
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Set once the browser is on its way back to the application (the panel must not navigate). */
let leaving = false;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The interaction of this tab's sign-in request, if one is open (read from the URL first). */
export function ssoInteraction(): string | null {
  if (typeof window === 'undefined') return null;
  const fromUrl = new URLSearchParams(window.location.search).get('sso');
  if (fromUrl !== null && ID.test(fromUrl)) {
    storage()?.setItem(KEY, fromUrl);
    return fromUrl;
  }
  const stored = storage()?.getItem(KEY) ?? null;
  return stored !== null && ID.test(stored) ? stored : null;
}

export function clearSsoInteraction(): void {
  storage()?.removeItem(KEY);
}

/** Whether the page is already leaving for the application (the login's own ending is skipped). */
export const leavingForApplication = () => leaving;

const oidcBase = () => `${(getRuntimeConfig()?.apiBaseUrl ?? '').replace(/\/+$/, '')}/oidc/interaction`;

/** An answer of the provider's interaction routes: `{ message, data? }`. */
function readAnswer(value: unknown): {
  message: string;
  location: string | null;
  twoStep: { challenge: string; enrol: boolean; methods: string[] } | null;
} {
  if (typeof value !== 'object' || value === null) return { message: '', location: null, twoStep: null };
  const message = 'message' in value && typeof value.message === 'string' ? value.message : '';
  const data = 'data' in value && typeof value.data === 'object' && value.data !== null ? value.data : null;
  const location = data && 'location' in data && typeof data.location === 'string' ? data.location : null;
  const step =
    data && 'two_step' in data && typeof data.two_step === 'object' && data.two_step !== null
      ? data.two_step
      : null;
  const twoStep =
    step && 'challenge' in step && typeof step.challenge === 'string' && 'enrol' in step
      ? {
          challenge: step.challenge,
          enrol: step.enrol === true,
          methods:
            'methods' in step && Array.isArray(step.methods)
              ? step.methods.filter((m): m is string => typeof m === 'string')
              : [],
        }
      : null;
  return { message, location, twoStep };
}

/**
 * Hands the login token of a sign-in to the provider for this interaction, then sends the browser
 * on (back to the application, through the provider). Rejects with the api's Indonesian message.
 */
export async function continueToApplication(interaction: string, token: string): Promise<void> {
  const response = await fetch(`${oidcBase()}/${interaction}/login`, {
    method: 'POST',
    credentials: 'include',
    body: new URLSearchParams({ token }),
  });
  const answer = readAnswer(await response.json().catch(() => null));
  if (response.ok && answer.twoStep) {
    // The application asks for two-step verification (acr_values) and this sign-in had one
    // factor: the second step (or its enrolment) first, then this request goes on (ADR 0021).
    // `?sso=` keeps the step open to a user signed in to the panel (a public-only route otherwise
    // sends them to /home): their panel login may be the one-factor login being stepped up.
    // Its store (and validator) loads here, not with the login screen (ADR 0006).
    const { storeTwoStep } = await import('../storage/two-step-storage');
    storeTwoStep(answer.twoStep);
    leaving = true;
    window.location.assign(`${appPaths.twoStep}?sso=${encodeURIComponent(interaction)}`);
    return;
  }
  if (!response.ok || answer.location === null) {
    if (response.status === 400) clearSsoInteraction();
    throw new Error(answer.message || 'Permintaan masuk tidak dapat dilanjutkan. Buka kembali aplikasinya.');
  }
  leaving = true;
  clearSsoInteraction();
  window.location.assign(new URL(answer.location, oidcBase()).href);
}

export interface SsoApplication {
  name: string;
  logoUrl: string | null;
}

/** The application asking for the sign-in ("Masuk ke <name>" with its logo); null when none. */
export function useSsoApplication(): SsoApplication | null {
  const [application, setApplication] = useState<SsoApplication | null>(null);
  useEffect(() => {
    const interaction = ssoInteraction();
    if (!interaction) return;
    let live = true;
    fetch(`${oidcBase()}/${interaction}/application`)
      .then(async (response) => {
        if (!response.ok) {
          clearSsoInteraction();
          return;
        }
        const value: unknown = await response.json();
        const data =
          typeof value === 'object' && value !== null && 'data' in value && typeof value.data === 'object'
            ? value.data
            : null;
        if (!live || !data || !('name' in data) || typeof data.name !== 'string') return;
        const logo = 'logo_url' in data && typeof data.logo_url === 'string' ? data.logo_url : null;
        setApplication({ name: data.name, logoUrl: logo });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return application;
}
