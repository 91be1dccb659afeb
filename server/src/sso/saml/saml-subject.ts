/**
 * Who a validated assertion names, as the record's `userAttribute` says: the NameID, in any format that stays the same
 * from one sign-on to the next (persistent, unspecified, emailAddress, ...), or an attribute (`uid`, `mail`, ...).
 * A transient NameID is new at every sign-on, so no portal user could ever be linked to it.
 */
import type { Profile } from '@node-saml/node-saml';

export const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

export type Subject = { subject: string } | { refusal: string };

function fromNameId(profile: Profile): Subject {
  if (profile.nameIDFormat === TRANSIENT)
    return {
      refusal:
        `the provider sent a transient NameID (${TRANSIENT}), which changes at every sign-on: have it send a ` +
        'persistent NameID, ' +
        'or name an attribute in userAttribute',
    };
  return profile.nameID ? { subject: profile.nameID } : { refusal: 'the assertion has no NameID' };
}

export function subjectOf(profile: Profile, userAttribute: string): Subject {
  if (userAttribute === 'nameID') return fromNameId(profile);
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  // As before the attributes were read apart: node-saml also copies them onto the profile (and mail to email).
  const value = attributes[userAttribute] ?? (profile as Record<string, unknown>)[userAttribute];
  if (typeof value === 'string' && value) return { subject: value };
  if (Array.isArray(value)) return { refusal: `the attribute ${userAttribute} has ${value.length} values, not one` };
  const names = Object.keys(attributes).join(', ') || 'none';
  return { refusal: `the assertion has no attribute ${userAttribute} (it has: ${names})` };
}
