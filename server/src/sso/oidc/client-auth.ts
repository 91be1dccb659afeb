/**
 * How the portal proves itself at a provider's token endpoint, as the cobrand's record says.
 *
 * client_secret_basic: RFC 6749 §2.3.1 form-encodes the client ID and secret before Basic authentication, and some
 * providers decode them while others (Glewlwyd, LemonLDAP::NG) take them as they are. A character that reads the same
 * either way (letters, digits and ASCII punctuation other than `%`, `+`, and `:` in the ID) is sent as it is, so
 * `card-portal` works at both; only the others are encoded, and the start banner says when a record has any
 * (basicEncodingNote). client_secret_post sends both in the form, where every provider decodes them.
 */
import { createPrivateKey } from 'node:crypto';
import type { OidcProviderSchema } from '@portal/contract/schemas';
import type * as Oidc from 'openid-client';
import type { Static } from 'typebox';

type OidcSettings = Static<typeof OidcProviderSchema>;

export type TokenEndpointAuth = NonNullable<OidcSettings['tokenEndpointAuth']>;

/** The record's method, or today's default: private_key_jwt where a key is named, else client_secret_basic. */
export const tokenEndpointAuth = (settings: OidcSettings): TokenEndpointAuth =>
  settings.tokenEndpointAuth ?? (settings.privateKeyEnv ? 'private_key_jwt' : 'client_secret_basic');

/**
 * The characters a form-decoding provider would read otherwise than one that takes the credentials as they are:
 * `%` and `+` (decoded), anything but visible ASCII, and in the ID the `:` that ends it in the Basic credentials.
 */
const AS_IS = { id: '\\x21-\\x24\\x26-\\x2a\\x2c-\\x39\\x3b-\\x7e', secret: '\\x21-\\x24\\x26-\\x2a\\x2c-\\x7e' };
const needsEncoding = (part: keyof typeof AS_IS) => new RegExp(`[^${AS_IS[part]}]`, 'gu');

/** `value` form-encoded where it must be (space as `+`, the rest as UTF-8 `%XX`), as it is elsewhere. */
export function basicCredential(value: string, part: keyof typeof AS_IS): string {
  return value.replace(needsEncoding(part), (char) => (char === ' ' ? '+' : encodeURIComponent(char)));
}

/** RFC 6749 §2.3.1's Basic credentials, encoded only where the two readings would differ. */
export function clientSecretBasic(clientSecret: string): Oidc.ClientAuth {
  return (_as, client, _body, headers) => {
    const credentials = `${basicCredential(client.client_id, 'id')}:${basicCredential(clientSecret, 'secret')}`;
    headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  };
}

/**
 * Why a client_secret_basic record may be refused by a provider that does not decode Basic credentials, or null.
 * The ID's characters are named; the secret's never are (nor anything of its value).
 */
export function basicEncodingNote(settings: OidcSettings, clientSecret: string | undefined): string | null {
  if (tokenEndpointAuth(settings) !== 'client_secret_basic') return null;
  const inId = [...new Set(settings.clientId.match(needsEncoding('id')) ?? [])];
  const inSecret = clientSecret !== undefined && needsEncoding('secret').test(clientSecret);
  if (!inId.length && !inSecret) return null;
  const which = [
    ...(inId.length ? [`the client ID (${inId.map((c) => JSON.stringify(c)).join(' ')})`] : []),
    ...(inSecret ? [`the client secret (${settings.clientSecretEnv})`] : []),
  ].join(' and ');
  return (
    `${which} ${inId.length && inSecret ? 'hold' : 'holds'} characters client_secret_basic must form-encode: ` +
    'a provider that does not decode Basic ' +
    'credentials will refuse the client (invalid_client); set "tokenEndpointAuth": "client_secret_post" if it does'
  );
}

/** A PEM RSA private key as the Web Crypto key private_key_jwt signs with (RS256). */
async function rsaSigningKey(pem: string): Promise<CryptoKey> {
  const der = createPrivateKey(pem).export({ format: 'der', type: 'pkcs8' });
  return crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
}

/** `secret(envName)` reads a named variable and throws, naming it, when it is empty. */
export async function clientAuthentication(
  oidc: typeof Oidc,
  settings: OidcSettings,
  secret: (envName: string | undefined) => string,
): Promise<Oidc.ClientAuth> {
  switch (tokenEndpointAuth(settings)) {
    case 'private_key_jwt':
      return oidc.PrivateKeyJwt(await rsaSigningKey(secret(settings.privateKeyEnv)));
    case 'client_secret_post':
      return oidc.ClientSecretPost(secret(settings.clientSecretEnv));
    default:
      return clientSecretBasic(secret(settings.clientSecretEnv));
  }
}
