/**
 * The two WebAuthn ceremonies (@simplewebauthn/server): their options, with challenges that are single-use,
 * short-lived and bound to the session (registration) or to the attempt's cookie (sign-in); and the registration's
 * check. The sign-in's check is the passkey sign-in method's work (passkey/sign-in-method.ts).
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import type { AccountRow } from '../account/index.js';
import type { PasskeyRow, PasskeyStore } from './passkey-store.js';

/** How long options may be answered: long enough to find the authenticator, short enough that none lies about. */
export const CHALLENGE_MS = 5 * 60_000;

/**
 * The relying party is the portal's public origin: its host is the RP ID for every cobrand (docs/decisions.md). The
 * bank's other host names that the catalogue lists (`relatedOrigins`, WebAuthn's related origins) are taken as well.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  /** The related origins the catalogue lists now (/.well-known/webauthn publishes them). */
  related: () => Promise<readonly string[]>;
}

export const relyingPartyOf = (
  publicOrigin: string,
  related: () => Promise<readonly string[]> = async () => [],
): RelyingParty => {
  const url = new URL(publicOrigin);
  return { id: url.hostname, origin: url.origin, related };
};

/** The origins a ceremony's answer may come from: the public origin, and the related origins. */
export const expectedOrigins = async (rp: RelyingParty): Promise<string[]> => [rp.origin, ...(await rp.related())];

/** The challenge the browser signed, as its client data names it; null when the response carries none readable. */
export function signedChallenge(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const data = response.response?.clientDataJSON;
  if (typeof data !== 'string' || data.length > 4096) return null;
  try {
    const challenge = (JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown })
      .challenge;
    return typeof challenge === 'string' && challenge.length <= 100 ? challenge : null;
  } catch {
    return null;
  }
}

/** The user handle a passkey carries: the account's ID, which names no person. */
export const userHandleOf = (accountId: string): string => Buffer.from(accountId, 'utf8').toString('base64url');

export class Ceremonies {
  constructor(
    private readonly store: PasskeyStore,
    private readonly rp: RelyingParty,
  ) {}

  async registrationOptions(
    account: AccountRow,
    appName: string,
    binding: string,
    now: number,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.store.ofAccount(account.id);
    const options = await generateRegistrationOptions({
      rpName: appName,
      rpID: this.rp.id,
      userName: account.user_id,
      userDisplayName: account.display_name ?? account.user_id,
      userID: Buffer.from(account.id, 'utf8'),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CHALLENGE_MS,
    });
    await this.store.issue(options.challenge, 'register', binding, account.id, now + CHALLENGE_MS);
    return options;
  }

  async authenticationOptions(binding: string, now: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
    // Discoverable credentials: no list of them, so the options name nobody.
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'required',
      timeout: CHALLENGE_MS,
    });
    await this.store.issue(options.challenge, 'authenticate', binding, null, now + CHALLENGE_MS);
    return options;
  }

  /**
   * A new passkey of `account`, if the response answers a challenge issued to this session for this account, at this
   * origin and RP ID, with the user verified; otherwise null, and the challenge is spent all the same.
   */
  async register(account: AccountRow, response: RegistrationResponseJSON, binding: string, now: number) {
    const challenge = signedChallenge(response);
    const issued = challenge ? await this.store.take(challenge, 'register', binding, now) : undefined;
    if (!challenge || issued?.accountId !== account.id) return null;
    // Read before the check: a catalogue that cannot be read is an outage, not a refused passkey.
    const origins = await expectedOrigins(this.rp);
    try {
      const { verified, registrationInfo } = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origins,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
      });
      if (!verified) return null;
      const { credential, credentialDeviceType, credentialBackedUp } = registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
      };
    } catch {
      return null;
    }
  }

  /** The sign-in's challenge, taken for good: the one the response signed, if it was issued to this attempt. */
  async takeSignInChallenge(response: AuthenticationResponseJSON, binding: string, now: number) {
    const challenge = signedChallenge(response);
    const issued = challenge ? await this.store.take(challenge, 'authenticate', binding, now) : undefined;
    return issued ? challenge : null;
  }
}

/** What a sign-in's check found. */
export interface AssertionCheck {
  verified: boolean;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  /**
   * A right signature whose counter did not go forward from a non-zero one: a copy of the credential is in use (WebAuthn
   * §6.1.1). Not verified; the passkey is to be disabled for good, since the copy's counter will catch up.
   */
  cloned: boolean;
}

const REFUSED: AssertionCheck = {
  verified: false,
  counter: 0,
  deviceType: 'singleDevice',
  backedUp: false,
  cloned: false,
};

/**
 * Checks an assertion against a stored passkey (or, for none, against a key nobody holds, with the same work): the
 * challenge, origin, RP ID, user verification, signature, and a counter that went forward.
 */
export async function checkAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: Pick<PasskeyRow, 'credential_id' | 'public_key' | 'counter' | 'transports'>,
): Promise<AssertionCheck> {
  const stored = Number(passkey.counter);
  // The library is given no counter (it would only throw): the signature is checked alone, the counter here.
  const credential: WebAuthnCredential = {
    id: passkey.credential_id,
    publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
    counter: 0,
    transports: (passkey.transports ? passkey.transports.split(',') : []) as WebAuthnCredential['transports'],
  };
  // Read before the check: a catalogue that cannot be read is an outage, not a refused passkey.
  const origins = await expectedOrigins(rp);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rp.id,
      credential,
      requireUserVerification: true,
    });
    const counter = authenticationInfo.newCounter;
    const cloned = verified && counter > 0 && counter <= stored;
    // Nought after a count: refused, as an authenticator that stopped counting cannot be told from a copy's reset.
    const forward = counter > stored || (counter === 0 && stored === 0);
    return {
      verified: verified && forward,
      counter,
      deviceType: authenticationInfo.credentialDeviceType,
      backedUp: authenticationInfo.credentialBackedUp,
      cloned,
    };
  } catch {
    return REFUSED;
  }
}
