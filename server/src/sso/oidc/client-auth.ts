/**
 * How the portal proves itself at a provider's token endpoint, as the cobrand's record says. client_secret_basic
 * form-encodes the client ID and secret before Basic authentication (RFC 6749 §2.3.1: `card-portal` goes as
 * `card%2Dportal`), and several providers (Glewlwyd among them) do not decode them: client_secret_post sends them as
 * they are, in the form.
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
      return oidc.ClientSecretBasic(secret(settings.clientSecretEnv));
  }
}
