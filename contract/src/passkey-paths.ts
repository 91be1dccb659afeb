/**
 * The passkey calls (docs/api.md). Apart from `Paths` so that only the pages that use them carry them: the sign-in
 * page its two, the passkey pages the rest.
 */
const BASE = '/sdportal/rest/passkeys';

export const PasskeyPaths = {
  /** POST: options for a sign-in with a passkey, bound to this browser's attempt. */
  signInOptions: `${BASE}/sign-in/options`,
  /** POST: the assertion; answers, as text, where to go next (as send-login does). */
  signIn: `${BASE}/sign-in`,
  /** GET: the signed-in user's passkeys; POST: a new one (the registration's answer). */
  passkeys: BASE,
  /** POST: options to create a passkey, bound to this session. */
  registrationOptions: `${BASE}/registration/options`,
  /** GET: whether to offer a passkey after this sign-in, and where to go on. */
  offer: `${BASE}/offer`,
  /** PATCH: rename; DELETE: remove (within five minutes of signing in, FRESH_SIGN_IN_MS). */
  passkey: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
} as const;

export const PasskeyPathPatterns = { passkey: `${BASE}/:id` } as const;

/** The screen that offers to create a passkey after a sign-in. */
export const PASSKEY_OFFER_SCREEN = 'passkey-offer-component';
/** The cookie that remembers, on this device, that the offer was skipped (docs/decisions.md). */
export const PASSKEY_SKIP_COOKIE = 'passkey-offer-skipped';
/**
 * The cookie the sign-in page's script sets where this device can make a passkey (a user-verifying platform
 * authenticator): only such a browser is sent to the offer after it signs in (docs/decisions.md, "Passkeys").
 */
export const PASSKEY_CAPABLE_COOKIE = 'passkey-capable';
/** How long a skipped offer is not made again on that device: 30 days. */
export const PASSKEY_SKIP_DAYS = 30;
