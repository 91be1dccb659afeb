/**
 * The cobrands' identity providers as the libraries see them: an openid-client Configuration (discovered once per
 * cobrand and kept) or a node-saml SAML instance. Secrets come from the environment variables the catalogue names.
 */
import { createRequire } from 'node:module';
import { Paths, ServicePaths } from '@portal/contract';
import type { OidcProviderSchema, SamlProviderSchema } from '@portal/contract/schemas';
import type * as NodeSaml from '@node-saml/node-saml';
import type * as Oidc from 'openid-client';
import type { Static } from 'typebox';
import { clientAuthentication } from './oidc/client-auth.js';
import { requestedNameIdFormat } from './saml/name-id-format.js';

export type OidcSettings = Static<typeof OidcProviderSchema>;
/** A SAML provider as its catalogue record names it: entity ID, addresses and certificates may be in its metadata. */
export type SamlRecord = Static<typeof SamlProviderSchema>;
/** A SAML provider as a sign-on uses it: the record completed from its metadata (saml/idp-metadata.ts). */
export type SamlSettings = SamlRecord & { idpEntityId: string; ssoUrl: string; idpCertificates: string[] };

/** How far the provider's clock may be from ours when tokens and assertions are checked. */
export const CLOCK_SKEW_SECONDS = 30;
/** How long a SAML request waits for its answer, and an answer's ID is remembered. */
export const SAML_REQUEST_MS = 10 * 60_000;

export class ProviderSettingsError extends Error {}

/**
 * The protocol libraries are loaded at a cobrand's first sign-on, not at start: an idle instance holds the code it
 * loads (docs/benchmarks.md, figure 5). Node loads a module once; later calls get the same one.
 */
export const openidClient = () => import('openid-client');
const nodeSaml = () => createRequire(import.meta.url)('@node-saml/node-saml') as typeof NodeSaml;

type Env = Record<string, string | undefined>;

export function secret(env: Env, name: string | undefined, what: string): string {
  const value = name ? env[name] : undefined;
  if (!value) throw new ProviderSettingsError(`${what}: the environment variable ${name ?? '(none named)'} is empty`);
  return value;
}

/** http is for a provider on this machine (the demo's); anything else must be https. */
export const isLoopbackHttp = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);

export class Providers {
  private readonly discovered = new Map<string, Promise<Oidc.Configuration>>();

  constructor(
    /** The environment whose variables the catalogue names: secrets, keys and certificates. */
    readonly env: Env,
    private readonly publicOrigin: string,
    private readonly samlCache: (cobrand: string) => NodeSaml.CacheProvider,
  ) {}

  callbackUrl(cobrand: string): string {
    return `${this.publicOrigin}${ServicePaths.ssoCallback(cobrand)}`;
  }

  /** The portal's SAML entity ID for a cobrand (also the audience its assertions must name). */
  samlEntityId(cobrand: string): string {
    return `${this.publicOrigin}${Paths.ssoStart(cobrand)}`;
  }

  /** Where the cobrand's provider sends its logout messages (HTTP-Redirect and HTTP-POST). */
  singleLogoutUrl(cobrand: string): string {
    return `${this.publicOrigin}${ServicePaths.ssoSingleLogout(cobrand)}`;
  }

  oidc(cobrand: string, settings: OidcSettings): Promise<Oidc.Configuration> {
    const key = `${cobrand}\u0000${JSON.stringify(settings)}`;
    let config = this.discovered.get(key);
    if (!config) {
      config = this.discover(cobrand, settings);
      // A provider that could not be reached is asked again next time.
      config.catch(() => this.discovered.delete(key));
      this.discovered.set(key, config);
    }
    return config;
  }

  private async discover(cobrand: string, settings: OidcSettings): Promise<Oidc.Configuration> {
    const what = `the identity provider of ${cobrand}`;
    const oidc = await openidClient();
    if (!settings.issuer.startsWith('https:') && !isLoopbackHttp(settings.issuer))
      throw new ProviderSettingsError(`${what}: the issuer must be https`);
    const auth = await clientAuthentication(oidc, settings, (name) => secret(this.env, name, what));
    return oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      { [oidc.clockTolerance]: CLOCK_SKEW_SECONDS },
      auth,
      { execute: isLoopbackHttp(settings.issuer) ? [oidc.allowInsecureRequests] : [], timeout: 10 },
    );
  }

  /**
   * The provider's signing certificates (one variable may hold several, for a rollover) and the portal's decryption
   * key for encrypted assertions, where the record names one.
   */
  samlKeys(cobrand: string, settings: SamlSettings): { idpCertificates: string[]; decryptionKey?: string } {
    const what = `the identity provider of ${cobrand}`;
    // The record's variable and the metadata's, as saml/idp-metadata.ts completed them.
    const { idpCertificates } = settings;
    if (!settings.spDecryptionKeyEnv) return { idpCertificates };
    return { idpCertificates, decryptionKey: secret(this.env, settings.spDecryptionKeyEnv, what) };
  }

  /**
   * `extra`: settings of one use over the cobrand's: `requestId`, the ID the AuthnRequest this instance makes will
   * carry (the flow cookie keeps it); node-saml's own (an IdP-initiated answer is checked without a request).
   */
  saml(
    cobrand: string,
    settings: SamlSettings,
    { requestId, ...extra }: Partial<NodeSaml.SamlConfig> & { requestId?: string } = {},
  ): NodeSaml.SAML {
    const what = `the identity provider of ${cobrand}`;
    const { SAML, ValidateInResponseTo } = nodeSaml();
    const { decryptionKey } = this.samlKeys(cobrand, settings);
    const both = settings.signatures === 'both';
    return new SAML({
      callbackUrl: this.callbackUrl(cobrand),
      issuer: `${this.publicOrigin}${Paths.ssoStart(cobrand)}`,
      audience: `${this.publicOrigin}${Paths.ssoStart(cobrand)}`,
      entryPoint: settings.ssoUrl,
      ...(settings.sloUrl ? { logoutUrl: settings.sloUrl } : {}),
      idpIssuer: settings.idpEntityId,
      idpCert: settings.idpCertificates,
      privateKey: secret(this.env, settings.spPrivateKeyEnv, what),
      ...(decryptionKey ? { decryptionPvk: decryptionKey } : {}),
      ...(requestId ? { generateUniqueId: () => requestId } : {}),
      signatureAlgorithm: 'sha256',
      // With `either`, node-saml takes the assertion from a signed response or a signed assertion, never an unsigned
      // one; saml-checks.ts has already refused a broken signature on either part, and SHA-1 unless allowed.
      wantAssertionsSigned: both,
      wantAuthnResponseSigned: both,
      acceptedClockSkewMs: CLOCK_SKEW_SECONDS * 1000,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_MS,
      cacheProvider: this.samlCache(cobrand),
      identifierFormat: requestedNameIdFormat(settings),
      disableRequestedAuthnContext: true,
      ...extra,
    });
  }
}
