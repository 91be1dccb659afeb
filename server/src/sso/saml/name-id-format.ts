/**
 * Which NameID the portal asks a provider for, and which it lists in its SP metadata. A record that names the user
 * by `nameID` asks for a persistent one unless it names another format (`nameIdFormat`): a provider whose default is
 * transient (SimpleSAMLphp, pysaml2, Shibboleth) then sends one the portal can link. A record that names the user by
 * an attribute asks for no format: the NameID is not what it links by, and a provider asked for a format it cannot
 * make refuses the sign-on (AD FS's MSIS7070, Shibboleth's InvalidNameIDPolicy).
 */
import type { SamlRecord } from '../providers.js';

export const NAMEID_FORMATS = {
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  emailAddress: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
} as const;

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

/** The format the AuthnRequest's NameIDPolicy names, or null for none. */
export function requestedNameIdFormat(record: Pick<SamlRecord, 'userAttribute' | 'nameIdFormat'>): string | null {
  if (record.userAttribute !== 'nameID') return null;
  return NAMEID_FORMATS[record.nameIdFormat ?? 'persistent'];
}

/**
 * The formats the SP metadata lists, the one asked for first (a provider that reads metadata picks the first it can
 * make): every format that stays the same from one sign-on to the next; transient too where the record links by an
 * attribute, as any NameID does then.
 */
export function acceptedNameIdFormats(record: Pick<SamlRecord, 'userAttribute' | 'nameIdFormat'>): string[] {
  const requested = requestedNameIdFormat(record);
  const lasting = Object.values(NAMEID_FORMATS).filter((format) => format !== requested);
  return requested ? [requested, ...lasting] : [...lasting, TRANSIENT];
}
