/**
 * Which portal account a SAML NameID stands for when the provider logs it out. The LogoutRequest names the user by
 * the NameID of the sign-on only, which is the linked subject only where the record links by `nameID` (a transient
 * NameID differs at every sign-on): so each sign-on keeps its NameID's account for as long as its session may last.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { SamlSettings } from '../providers.js';
import type { SsoStore } from '../sso-store.js';

/** A NameID may be long: its hash fits the key column whatever its length. */
export const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');
const keyOf = (cobrand: string, nameID: string) => `saml-name-id:${cobrand}:${hashed(nameID)}`;

export class SamlSubjects {
  constructor(
    private readonly store: SsoStore,
    private readonly clock: Clock,
  ) {}

  remember(cobrand: string, nameID: string, accountId: string, sessionMs: number): Promise<void> {
    return this.store.keep(keyOf(cobrand, nameID), accountId, this.clock() + sessionMs);
  }

  /** The account a sign-on with this NameID opened sessions for, or else the one its link names. */
  async accountOf(cobrand: string, idp: SamlSettings, nameID: string): Promise<string | undefined> {
    const kept = await this.store.read(keyOf(cobrand, nameID), this.clock());
    if (kept) return kept;
    return idp.userAttribute === 'nameID' ? this.store.linkedAccount(cobrand, nameID) : undefined;
  }
}
