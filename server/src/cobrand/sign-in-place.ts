/** Where a cobrand's users sign in: at the bank's identity provider, or on the portal with a password of its own. */
import type { CobrandRecord } from './catalogue.js';

/**
 * Whether the bank's identity provider signs the cobrand's users in (single sign-on, ARCHITECTURE §9b): then the
 * provider is their only way in, and a portal password, whatever is stored, signs none of them in.
 */
export const signsInAtProvider = (record: Pick<CobrandRecord, 'identityProvider'>): boolean =>
  Boolean(record.identityProvider);
