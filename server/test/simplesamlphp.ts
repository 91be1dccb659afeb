/**
 * A real SimpleSAMLphp 1.19 (Debian's `simplesamlphp`, run by `php -S`) as a bank's SAML identity provider on a
 * loopback port: Debian's default config.php with only what a folder of its own and plain http need changed, the
 * exampleauth `example-userpass` source with the test's users, a key and certificate of its own, and the portal's
 * cobrands registered as service providers. `configure` rewrites the SP registrations (SimpleSAMLphp reads its
 * metadata files at each request), so one provider serves a whole test file in several configurations.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

export const SIMPLESAMLPHP = '/usr/share/simplesamlphp';
const DEBIAN_CONFIG = `${SIMPLESAMLPHP}/config/config.php`;
const ENCRYPTED_ASSERTION = `${SIMPLESAMLPHP}/vendor/simplesamlphp/saml2/src/SAML2/EncryptedAssertion.php`;
const PREPEND = fileURLToPath(new URL('./simplesamlphp/prepend.php', import.meta.url));

export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const NAMEID = {
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  emailAddress: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
} as const;

export interface KeyPair {
  key: string;
  cert: string;
}

/** A user of `example-userpass`: the password and the attributes SimpleSAMLphp releases (uid, mail, ...). */
export interface SspUser {
  password: string;
  attributes: Record<string, string[]>;
}

/** A service provider as registered in saml20-sp-remote.php; unset options keep SimpleSAMLphp's defaults. */
export interface SspServiceProvider {
  entityId: string;
  acsUrl: string;
  sloUrl?: string;
  /** The SP's signing certificate (PEM), published to SimpleSAMLphp. */
  cert?: string;
  /** Defaults true (SimpleSAMLphp's own default). */
  signResponse?: boolean;
  /** Defaults true (SimpleSAMLphp's own default). */
  signAssertion?: boolean;
  /** `signature.algorithm`: RSA_SHA256 by default. */
  signatureAlgorithm?: string;
  /** Encrypts the assertion for this certificate (PEM) with RSA-OAEP. */
  encryptFor?: string;
  /** `NameIDFormat`: transient by default. */
  nameIdFormat?: string;
  /** `simplesaml.nameidattribute`: the attribute a persistent/emailAddress/unspecified NameID takes its value from. */
  nameIdAttribute?: string;
  /** Anything else for this SP's metadata entry, as SimpleSAMLphp names it. */
  extra?: Record<string, unknown>;
}

export interface SspOptions {
  users: Record<string, SspUser>;
  serviceProviders: SspServiceProvider[];
  /** The IdP's signing key; one is made when not given. */
  signing?: KeyPair;
  /** A second certificate published beside the signing one (`new_certificate`, for a rollover). */
  newCertificate?: KeyPair;
  /**
   * The content algorithm of an encrypted assertion: AES-128-CBC is SimpleSAMLphp 1.19's own (it has no setting for
   * it); another (`http://www.w3.org/2009/xmlenc11#aes128-gcm`, ...) swaps that one constant in a copy of its class.
   */
  contentEncryption?: string;
}

/** A self-signed RSA key and certificate made by openssl. */
export function keyAndCertificate(commonName: string): KeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'ssp-key-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    const subject = ['-subj', `/CN=${commonName}`, '-keyout', key, '-out', cert];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '3650', ...subject], {
      stdio: 'ignore',
    });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PHP literal for a JSON-like value. */
export function php(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(php).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `[${entries.map(([k, v]) => `${php(k)} => ${php(v)}`).join(', ')}]`;
}

const bareCertificate = (pem: string) => new X509Certificate(pem).raw.toString('base64');

function spEntry(sp: SspServiceProvider): Record<string, unknown> {
  const keys = [
    ...(sp.cert
      ? [{ signing: true, encryption: false, type: 'X509Certificate', X509Certificate: bareCertificate(sp.cert) }]
      : []),
    ...(sp.encryptFor
      ? [{ signing: false, encryption: true, type: 'X509Certificate', X509Certificate: bareCertificate(sp.encryptFor) }]
      : []),
  ];
  return {
    AssertionConsumerService: sp.acsUrl,
    SingleLogoutService: sp.sloUrl,
    ...(keys.length ? { keys } : {}),
    'saml20.sign.response': sp.signResponse,
    'saml20.sign.assertion': sp.signAssertion,
    'signature.algorithm': sp.signatureAlgorithm,
    'assertion.encryption': sp.encryptFor ? true : undefined,
    NameIDFormat: sp.nameIdFormat,
    'simplesaml.nameidattribute': sp.nameIdAttribute,
    ...sp.extra,
  };
}

export class SimpleSamlPhp {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-simplesamlphp-'));
  private output = '';
  port = 0;
  signing: KeyPair;

  constructor(private options: SspOptions) {
    this.signing = options.signing ?? keyAndCertificate('simplesamlphp-idp');
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get entityId(): string {
    return `${this.base}/saml2/idp/metadata.php`;
  }
  get metadataUrl(): string {
    return this.entityId;
  }
  get ssoUrl(): string {
    return `${this.base}/saml2/idp/SSOService.php`;
  }
  get sloUrl(): string {
    return `${this.base}/saml2/idp/SingleLogoutService.php`;
  }
  /** The IdP's signing certificate (PEM). */
  get cert(): string {
    return this.signing.cert;
  }

  async start(): Promise<this> {
    this.port = (await freePort()) as number;
    for (const sub of ['metadata', 'cert', 'log', 'data', 'tmp', 'sessions']) mkdirSync(join(this.dir, sub));
    writeFileSync(join(this.dir, 'config.php'), this.config());
    writeFileSync(join(this.dir, 'cert', 'idp.key'), this.signing.key);
    writeFileSync(join(this.dir, 'cert', 'idp.crt'), this.signing.cert);
    if (this.options.newCertificate) writeFileSync(join(this.dir, 'cert', 'new.crt'), this.options.newCertificate.cert);
    this.configure(this.options);
    const args = ['-d', 'opcache.enable=0', '-d', `auto_prepend_file=${PREPEND}`, '-d', 'display_errors=stderr'];
    this.child = spawn('php', [...args, '-S', `127.0.0.1:${this.port}`, '-t', `${SIMPLESAMLPHP}/www`], {
      env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: this.dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    const exited = new Promise<never>((_, reject) =>
      this.child!.once('exit', (code) => reject(new Error(`php -S exited (${code}): ${this.output}`))),
    );
    exited.catch(() => undefined);
    await Promise.race([this.untilAnswering(), exited]);
    return this;
  }

  private async untilAnswering(): Promise<void> {
    for (;;) {
      const ok = await fetch(this.metadataUrl).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Registers the users and service providers anew (and the content algorithm); the next request reads them. */
  configure(options: Partial<SspOptions>): void {
    this.options = { ...this.options, ...options };
    const { users, serviceProviders, contentEncryption } = this.options;
    const userpass = Object.fromEntries(
      Object.entries(users).map(([name, u]) => [`${name}:${u.password}`, u.attributes]),
    );
    const sources = { admin: ['core:AdminPassword'], 'example-userpass': { 0: 'exampleauth:UserPass', ...userpass } };
    writeFileSync(join(this.dir, 'authsources.php'), `<?php\n$config = ${php(sources)};\n`);
    const hosted = {
      host: '__DEFAULT__',
      privatekey: 'idp.key',
      certificate: 'idp.crt',
      ...(this.options.newCertificate ? { new_certificate: 'new.crt' } : {}),
      auth: 'example-userpass',
    };
    writeFileSync(
      join(this.dir, 'metadata', 'saml20-idp-hosted.php'),
      `<?php\n$metadata[${php(this.entityId)}] = ${php(hosted)};\n`,
    );
    const sps = serviceProviders.map((sp) => `$metadata[${php(sp.entityId)}] = ${php(spEntry(sp))};`);
    writeFileSync(join(this.dir, 'metadata', 'saml20-sp-remote.php'), `<?php\n${sps.join('\n')}\n`);
    const patched = join(this.dir, 'EncryptedAssertion.php');
    rmSync(patched, { force: true });
    if (contentEncryption) {
      const source = readFileSync(ENCRYPTED_ASSERTION, 'utf8');
      const changed = source.replace(
        'new XMLSecurityKey(XMLSecurityKey::AES128_CBC);\n                $symmetricKey->generateSessionKey()',
        `new XMLSecurityKey(${php(contentEncryption)});\n                $symmetricKey->generateSessionKey()`,
      );
      if (changed === source) throw new Error('SimpleSAMLphp: the content algorithm line was not found');
      writeFileSync(patched, changed);
    }
  }

  /** Debian's default config.php, its secrets file left out, with a folder of its own and plain http on loopback. */
  private config(): string {
    const debian = readFileSync(DEBIAN_CONFIG, 'utf8').replace(/^require_once\(.*secrets\.inc\.php.*$/m, '');
    const changes = {
      baseurlpath: `${this.base}/`,
      certdir: join(this.dir, 'cert'),
      loggingdir: join(this.dir, 'log'),
      datadir: join(this.dir, 'data'),
      tempdir: join(this.dir, 'tmp'),
      metadatadir: join(this.dir, 'metadata'),
      secretsalt: 'simplesamlphp-test-salt-0123456789',
      'auth.adminpassword': 'simplesamlphp-test-admin',
      'admin.checkforupdates': false,
      'logging.handler': 'file',
      'logging.level': 7,
      'statistics.out': [],
      'enable.saml20-idp': true,
      'module.enable': { exampleauth: true, core: true, saml: true },
      'session.cookie.secure': false,
      'session.cookie.samesite': null,
      'language.cookie.secure': false,
      'language.cookie.samesite': null,
      'session.phpsession.savepath': join(this.dir, 'sessions'),
    };
    return `${debian}\n$config = array_replace($config, ${php(changes)});\n`;
  }

  /** SimpleSAMLphp's own log and php -S's output, for a test that needs to see why it answered as it did. */
  log(): string {
    let file = '';
    try {
      file = readFileSync(join(this.dir, 'log', 'simplesamlphp.log'), 'utf8');
    } catch {
      // Nothing logged yet.
    }
    return `${file}\n${this.output}`;
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Starts a SimpleSAMLphp identity provider with `options`. */
export function startSimpleSamlPhp(options: SspOptions): Promise<SimpleSamlPhp> {
  return new SimpleSamlPhp(options).start();
}
