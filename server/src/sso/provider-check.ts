/**
 * The cobrands' identity provider settings, checked at start so that the bank's team reads what is missing in the
 * start banner rather than in a user's failed sign-on: the variables named are set, certificates and keys parse, a
 * certificate has not expired, addresses are https (or this machine's), and each provider's metadata or discovery
 * document can be read. Nothing secret is printed: only names.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { CobrandRecord } from '../cobrand/index.js';
import { basicEncodingNote, tokenEndpointAuth } from './oidc/client-auth.js';
import { discoveryProblem } from './oidc/discovery-check.js';
import type { OidcSettings, SamlRecord } from './providers.js';
import { metadataProblem } from './saml/idp-metadata.js';

type Env = Record<string, string | undefined>;

export interface ProviderReadiness {
  cobrand: string;
  protocol: 'oidc' | 'saml';
  /** What stops the cobrand's single sign-on; empty when it is ready. */
  problems: string[];
  /** What may stop it at some providers and not at others: the banner says it, the cobrand is still ready. */
  notes: string[];
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const isSecureUrl = (url: string) =>
  url.startsWith('https:') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);

/** The problem with the variable `name`, or null: it must be set, and `parse` must accept its value. */
function variableProblem(env: Env, name: string | undefined, what: string, parse?: (value: string) => string | null) {
  if (!name) return `${what}: no environment variable named`;
  const value = env[name];
  if (!value) return `${what}: ${name} is not set`;
  const problem = parse?.(value) ?? null;
  return problem ? `${what}: ${name} ${problem}` : null;
}

const privateKey = (value: string) => {
  try {
    createPrivateKey(value);
    return null;
  } catch {
    return 'does not hold a PEM private key';
  }
};

/** Every PEM certificate in `value` parses and is valid now; more than one is a provider's certificate rollover. */
export function certificatesProblem(value: string, now: Date): string | null {
  const pems = value.match(PEM_CERTIFICATE) ?? [];
  if (pems.length === 0) return 'holds no PEM certificate';
  for (const pem of pems) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      return 'holds a certificate that does not parse';
    }
    if (pems.length === 1 && new Date(certificate.validTo) < now)
      return `holds a certificate that expired on ${certificate.validTo}`;
  }
  return null;
}

/** Where the provider's entity ID, addresses and certificates come from: its metadata (read apart), or the record. */
function samlSourceProblem(idp: SamlRecord): string | null {
  if (idp.idpMetadataUrl || idp.idpMetadataFile) return null;
  const missing = (['idpEntityId', 'ssoUrl', 'idpCertificateEnv'] as const).filter((field) => !idp[field]);
  return missing.length ? `no provider metadata, and the record lacks ${missing.join(', ')}` : null;
}

function samlProblems(idp: SamlRecord, env: Env, now: Date): (string | null)[] {
  return [
    samlSourceProblem(idp),
    idp.idpCertificateEnv
      ? variableProblem(env, idp.idpCertificateEnv, "the provider's signing certificate", (v) =>
          certificatesProblem(v, now),
        )
      : null,
    variableProblem(env, idp.spPrivateKeyEnv, "the portal's signing key", privateKey),
    idp.spDecryptionKeyEnv
      ? variableProblem(env, idp.spDecryptionKeyEnv, "the portal's decryption key", privateKey)
      : null,
    !idp.ssoUrl || isSecureUrl(idp.ssoUrl) ? null : `the sign-on address ${idp.ssoUrl} is not https`,
    !idp.sloUrl || isSecureUrl(idp.sloUrl) ? null : `the logout address ${idp.sloUrl} is not https`,
  ];
}

export function oidcProblems(idp: OidcSettings, env: Env): (string | null)[] {
  return [
    tokenEndpointAuth(idp) === 'private_key_jwt'
      ? variableProblem(env, idp.privateKeyEnv, "the portal's client key", privateKey)
      : variableProblem(env, idp.clientSecretEnv, 'the client secret'),
    isSecureUrl(idp.issuer) ? null : `the issuer ${idp.issuer} is not https`,
  ];
}

/** The settings of every cobrand that signs on at a provider; the network is not used. */
export function checkProviderSettings(records: CobrandRecord[], env: Env, now = new Date()): ProviderReadiness[] {
  return records.flatMap((record) => {
    const idp = record.identityProvider;
    if (!idp) return [];
    const problems = idp.protocol === 'saml' ? samlProblems(idp, env, now) : oidcProblems(idp, env);
    const notes =
      idp.protocol === 'oidc' ? [basicEncodingNote(idp, idp.clientSecretEnv && env[idp.clientSecretEnv])] : [];
    const [cobrand, protocol] = [record.cobrand.name, idp.protocol];
    return [
      { cobrand, protocol, problems: problems.filter((p) => p !== null), notes: notes.filter((n) => n !== null) },
    ];
  });
}

/**
 * The settings checked as above, then each provider read once over the network, all at once: a SAML provider's
 * metadata (10 s at most), an OpenID provider's discovery document (5 s at most). A cobrand whose provider cannot be
 * read, or whose document would refuse every sign-on, is not ready. Nothing here throws for a provider.
 */
export async function checkProviders(
  records: CobrandRecord[],
  env: Env,
  now = new Date(),
): Promise<ProviderReadiness[]> {
  const results = checkProviderSettings(records, env, now);
  // checkProviderSettings answers one result a record with a provider, in the records' order.
  const withProvider = records.flatMap((r) => (r.identityProvider ? [r.identityProvider] : []));
  await Promise.all(
    withProvider.map(async (idp, i) => {
      const problem = idp.protocol === 'saml' ? await metadataProblem(idp) : await discoveryProblem(idp);
      if (problem) results[i]!.problems.unshift(problem);
    }),
  );
  return results;
}

/** The start banner's lines: which cobrands' single sign-on is ready, and why the others are not. */
export function readinessLines(results: ProviderReadiness[]): string[] {
  if (results.length === 0) return [];
  const ready = results.filter((r) => r.problems.length === 0).map((r) => `${r.cobrand} (${r.protocol})`);
  const notReady = results.filter((r) => r.problems.length > 0);
  return [
    `Single sign-on ready: ${ready.length ? ready.join(', ') : 'none'}`,
    ...notReady.map((r) => `Single sign-on NOT ready for ${r.cobrand} (${r.protocol}): ${r.problems.join('; ')}`),
    ...results.flatMap((r) => r.notes.map((note) => `Single sign-on of ${r.cobrand} (${r.protocol}): ${note}`)),
  ];
}
