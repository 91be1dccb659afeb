import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CobrandRecord } from '../cobrand/index.js';
import { checkProviderSettings, readinessLines } from './provider-check.js';

/** A key and a self-signed certificate from openssl, valid for a year. */
function keyAndCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'provider-check-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '365', '-subj', '/CN=check'];
    execFileSync('openssl', [...args, '-keyout', key, '-out', cert], { stdio: 'ignore' });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Valid in 2020 only (made once with Python's cryptography: openssl 3.0's req cannot backdate). */
const EXPIRED = readFileSync(new URL('./test-fixtures/expired-certificate.pem', import.meta.url), 'utf8');

const saml = (name: string) =>
  ({
    cobrand: { name },
    identityProvider: {
      protocol: 'saml',
      idpEntityId: 'https://idp.bank.example/entity',
      ssoUrl: 'https://idp.bank.example/sso',
      idpCertificateEnv: 'IDP_CERT',
      spPrivateKeyEnv: 'SP_KEY',
      userAttribute: 'uid',
    },
  }) as unknown as CobrandRecord;

const oidc = (name: string, issuer = 'https://login.bank.example') =>
  ({
    cobrand: { name },
    identityProvider: {
      protocol: 'oidc',
      issuer,
      clientId: 'card-portal',
      clientSecretEnv: 'OIDC_SECRET',
      scopes: 'openid',
      userClaim: 'sub',
    },
  }) as unknown as CobrandRecord;

describe('the identity provider settings checked at start', () => {
  const valid = keyAndCertificate();

  it('finds a SAML cobrand ready when its certificate and key parse, and says which variable is missing otherwise', () => {
    const [ready] = checkProviderSettings([saml('a')], { IDP_CERT: valid.cert, SP_KEY: valid.key });
    expect(ready).toEqual({ cobrand: 'a', protocol: 'saml', problems: [], notes: [] });
    const [missing] = checkProviderSettings([saml('b')], { IDP_CERT: valid.cert });
    expect(missing?.problems).toEqual(["the portal's signing key: SP_KEY is not set"]);
    const encrypted = saml('c');
    Object.assign(encrypted.identityProvider!, { spDecryptionKeyEnv: 'SP_DECRYPT' });
    const [noKey] = checkProviderSettings([encrypted], { IDP_CERT: valid.cert, SP_KEY: valid.key });
    expect(noKey?.problems).toEqual(["the portal's decryption key: SP_DECRYPT is not set"]);
  });

  it('refuses a certificate that does not parse, a key that is not a key, and an expired certificate', () => {
    const [bad] = checkProviderSettings([saml('a')], { IDP_CERT: 'not a certificate', SP_KEY: valid.cert });
    expect(bad?.problems).toEqual([
      "the provider's signing certificate: IDP_CERT holds no PEM certificate",
      "the portal's signing key: SP_KEY does not hold a PEM private key",
    ]);
    const [old] = checkProviderSettings([saml('a')], { IDP_CERT: EXPIRED, SP_KEY: valid.key });
    expect(old?.problems[0]).toMatch(
      /^the provider's signing certificate: IDP_CERT holds a certificate that expired on /,
    );
    // During a rollover the old certificate may have expired while the new one is valid.
    const [rollover] = checkProviderSettings([saml('a')], { IDP_CERT: EXPIRED + valid.cert, SP_KEY: valid.key });
    expect(rollover?.problems).toEqual([]);
  });

  it('checks an OIDC cobrand for its secret and an https issuer, and leaves cobrands without a provider out', () => {
    const plain = { cobrand: { name: 'plain' } } as unknown as CobrandRecord;
    const results = checkProviderSettings([plain, oidc('o', 'http://idp.bank.example')], {});
    expect(results).toEqual([
      {
        cobrand: 'o',
        protocol: 'oidc',
        problems: ['the client secret: OIDC_SECRET is not set', 'the issuer http://idp.bank.example is not https'],
        notes: [],
      },
    ]);
  });

  it('says in the banner which cobrands are ready and why the others are not, naming no secret', () => {
    const env = { IDP_CERT: valid.cert, SP_KEY: valid.key };
    const lines = readinessLines(checkProviderSettings([saml('kestrel'), oidc('velt')], env));
    expect(lines).toEqual([
      'Single sign-on ready: kestrel (saml)',
      'Single sign-on NOT ready for velt (oidc): the client secret: OIDC_SECRET is not set',
    ]);
    expect(lines.join('\n')).not.toContain('BEGIN');
    expect(readinessLines([])).toEqual([]);
  });

  it('says when client_secret_basic must encode characters of the client ID or secret, naming none of the secret', () => {
    const secret = 'p%ss+word with:colon';
    const plain = oidc('plain');
    const odd = oidc('odd');
    Object.assign(odd.identityProvider!, { clientId: 'card portal:1' });
    const posted = oidc('posted');
    Object.assign(posted.identityProvider!, { clientId: 'card portal', tokenEndpointAuth: 'client_secret_post' });
    const results = checkProviderSettings([plain, odd, posted], { OIDC_SECRET: secret });
    expect(results.map((r) => r.problems)).toEqual([[], [], []]);
    expect(results[0]!.notes).toEqual([
      'the client secret (OIDC_SECRET) holds characters client_secret_basic must form-encode: a provider that does ' +
        'not decode Basic credentials will refuse the client (invalid_client); set "tokenEndpointAuth": ' +
        '"client_secret_post" if it does',
    ]);
    expect(results[1]!.notes[0]).toMatch(/^the client ID \(" " ":"\) and the client secret \(OIDC_SECRET\) hold /);
    expect(results[2]!.notes).toEqual([]);
    const lines = readinessLines(results);
    expect(lines[0]).toBe('Single sign-on ready: plain (oidc), odd (oidc), posted (oidc)');
    expect(lines[1]).toMatch(/^Single sign-on of plain \(oidc\): the client secret \(OIDC_SECRET\) holds /);
    expect(lines.join('\n')).not.toMatch(/p%ss|word|colon/);
    // The docs' record: a hyphen in the ID and a secret of letters, digits and punctuation need no note.
    expect(checkProviderSettings([plain], { OIDC_SECRET: 'Abc-123_x.y~z!' })[0]!.notes).toEqual([]);
  });
});
