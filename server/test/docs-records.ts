/**
 * The cobrand records docs/operations.md tells a bank to copy, read from the document itself, so that a test of a
 * provider signs in with the record as it stands (and fails when the docs change it into one that does not work).
 */
import type { CobrandRecord } from '../src/cobrand/index.js';
import { exampleAfter } from './docs-examples.js';

type IdentityProvider = NonNullable<CobrandRecord['identityProvider']>;

/** The `"identityProvider"` block of the first ```json example after the line that starts with `intro`. */
export function docsRecord<P extends IdentityProvider['protocol']>(
  intro: string,
  protocol: P,
): Extract<IdentityProvider, { protocol: P }> {
  const block = exampleAfter(intro);
  const record = (JSON.parse(`{${block}}`) as { identityProvider: IdentityProvider }).identityProvider;
  if (record.protocol !== protocol) throw new Error(`the example after "${intro}" is not ${protocol}`);
  return record as Extract<IdentityProvider, { protocol: P }>;
}

/** The OpenID Connect record of "Single sign-on". */
export const docsOidcRecord = () => docsRecord('OpenID Connect (authorization code', 'oidc');

/** The SAML record of "Single sign-on". */
export const docsSamlRecord = () => docsRecord('SAML 2.0 (signed AuthnRequest', 'saml');
