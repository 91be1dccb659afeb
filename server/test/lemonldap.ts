/**
 * A real LemonLDAP::NG 2.16 portal (Debian's `liblemonldap-ng-portal-perl`) as a bank's OpenID and SAML provider, run by
 * `plackup` on a free loopback port with a configuration of its own: Debian's own lmConf-1.json (the Demo
 * authentication backend, whose users dwho, rtyler, msmith... have their login as password), with only its folders,
 * its address and the sample applications changed, the OpenID Connect issuer turned on (RS256, a key of its own) with
 * the relying parties the test registers, and the SAML issuer with its service providers (their metadata), as the
 * manager would save them. Its log is kept for the tests to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';
import { keyAndCertificate } from './simplesamlphp.js';
import { hiddenInputs, type SamlPostForm, samlPostForm } from './simplesamlphp/browser.js';

const PSGI = '/usr/share/lemonldap-ng/portal/htdocs/index.psgi';
const DEBIAN_CONF = '/var/lib/lemonldap-ng/conf/lmConf-1.json';

/** A SAML service provider as the manager registers one: its metadata, signed messages both ways, uid released. */
export interface LlngServiceProvider {
  name: string;
  metadata: string;
}

const serviceProviderOptions = {
  samlSPMetaDataOptionsSignSSOMessage: 1,
  samlSPMetaDataOptionsCheckSSOMessageSignature: 1,
  samlSPMetaDataOptionsSignSLOMessage: 1,
  samlSPMetaDataOptionsCheckSLOMessageSignature: 1,
  samlSPMetaDataOptionsEncryptionMode: 'none',
};

export interface LlngRelyingParty {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Loaded in an iframe of the portal's logout page (front-channel logout, the session required). */
  frontChannelLogoutUri?: string;
}

const ini = (dir: string) => `[all]
logLevel = debug
[configuration]
type = File
dirName = ${join(dir, 'conf')}
[portal]
staticPrefix = /static
templateDir = /usr/share/lemonldap-ng/portal/templates
languages = en
[handler]
status = 0
`;

const relyingParty = (rp: LlngRelyingParty) => ({
  oidcRPMetaDataOptionsClientID: rp.clientId,
  oidcRPMetaDataOptionsClientSecret: rp.clientSecret,
  oidcRPMetaDataOptionsRedirectUris: rp.redirectUris.join(' '),
  oidcRPMetaDataOptionsPostLogoutRedirectUris: rp.postLogoutRedirectUris.join(' '),
  oidcRPMetaDataOptionsIDTokenSignAlg: 'RS256',
  oidcRPMetaDataOptionsBypassConsent: 1,
  ...(rp.frontChannelLogoutUri
    ? {
        oidcRPMetaDataOptionsLogoutType: 'front',
        oidcRPMetaDataOptionsLogoutUrl: rp.frontChannelLogoutUri,
        oidcRPMetaDataOptionsLogoutSessionRequired: 1,
      }
    : {}),
});

export class LemonLdap {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-lemonldap-'));
  private output = '';
  private port = 0;
  base = '';

  /** The issuer its discovery document names: the portal's address. */
  get issuer(): string {
    return `${this.base}/`;
  }

  get log(): string {
    return this.output;
  }

  /** Its SAML metadata address (its entity ID). */
  get samlMetadataUrl(): string {
    return `${this.base}/saml/metadata`;
  }

  /** Takes a free port, so that its addresses are known before it starts. */
  async reserve(): Promise<this> {
    this.port = (await freePort()) as number;
    this.base = `http://127.0.0.1:${this.port}`;
    return this;
  }

  async start(relyingParties: LlngRelyingParty[], serviceProviders: LlngServiceProvider[] = []): Promise<this> {
    for (const sub of ['conf', 'sessions/lock', 'psessions/lock', 'cache'])
      mkdirSync(join(this.dir, sub), { recursive: true });
    writeFileSync(join(this.dir, 'lemonldap-ng.ini'), ini(this.dir));
    if (!this.port) await this.reserve();
    const port = this.port;
    writeFileSync(
      join(this.dir, 'conf', 'lmConf-1.json'),
      JSON.stringify(this.configuration(relyingParties, serviceProviders)),
    );
    const child = spawn('plackup', ['-o', '127.0.0.1', '-p', String(port), PSGI], {
      env: { ...process.env, LLNG_DEFAULTCONFFILE: join(this.dir, 'lemonldap-ng.ini') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-200_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`plackup exited (${code}): ${this.output.slice(-1000)}`))),
    );
    exited.catch(() => undefined);
    // One that does not come up is not left running.
    await Promise.race([this.untilAnswering(), exited]).catch((error: unknown) => {
      child.kill('SIGTERM');
      throw error;
    });
    return this;
  }

  private async untilAnswering(): Promise<void> {
    for (;;) {
      const answer = await fetch(`${this.base}/.well-known/openid-configuration`).then(
        (r) => r.status,
        () => 0,
      );
      if (answer === 200) return;
      if (answer >= 500)
        throw new Error(`LemonLDAP::NG did not start: ${this.output.match(/\[error\].*/g)?.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Debian's configuration with this portal's folders and address, the OP on, and the relying parties. */
  private configuration(relyingParties: LlngRelyingParty[], serviceProviders: LlngServiceProvider[]) {
    const conf = JSON.parse(readFileSync(DEBIAN_CONF, 'utf8')) as Record<string, unknown>;
    const { key, cert } = keyAndCertificate('lemonldap-ng-op');
    const at = (sub: string) => join(this.dir, sub);
    // The sample applications, the self-registration and the notifications (which need modules Debian only suggests)
    // are not part of an OpenID provider.
    for (const unused of [
      'registerDB',
      'notification',
      'notificationStorage',
      'notificationStorageOptions',
      'reloadUrls',
    ])
      delete conf[unused];
    const rps = Object.fromEntries(relyingParties.map((rp) => [rp.clientId, relyingParty(rp)]));
    const claims = { email: 'mail', name: 'cn', preferred_username: 'uid' };
    return {
      ...conf,
      portal: `${this.base}/`,
      domain: '127.0.0.1',
      applicationList: {},
      locationRules: {},
      exportedHeaders: {},
      globalStorageOptions: {
        ...(conf.globalStorageOptions as object),
        Directory: at('sessions'),
        LockDirectory: at('sessions/lock'),
      },
      persistentStorageOptions: { Directory: at('psessions'), LockDirectory: at('psessions/lock') },
      localSessionStorageOptions: { ...(conf.localSessionStorageOptions as object), cache_root: at('cache') },
      issuerDBOpenIDConnectActivation: 1,
      oidcServicePrivateKeySig: key,
      oidcServicePublicKeySig: cert,
      oidcServiceKeyIdSig: 'lemonldap-test',
      oidcRPMetaDataOptions: rps,
      oidcRPMetaDataExportedVars: Object.fromEntries(relyingParties.map((rp) => [rp.clientId, claims])),
      ...(serviceProviders.length ? this.samlIssuer(serviceProviders, key, cert) : {}),
    };
  }

  /** The SAML issuer on, signing with the same key, and the service providers. */
  private samlIssuer(serviceProviders: LlngServiceProvider[], key: string, cert: string) {
    const each = <T>(value: (sp: LlngServiceProvider) => T) =>
      Object.fromEntries(serviceProviders.map((sp) => [sp.name, value(sp)]));
    return {
      issuerDBSAMLActivation: 1,
      samlServicePrivateKeySig: key,
      samlServicePrivateKeySigPwd: '',
      samlServicePublicKeySig: cert,
      samlSPMetaDataXML: each((sp) => ({ samlSPMetaDataXML: sp.metadata })),
      samlSPMetaDataOptions: each(() => serviceProviderOptions),
      samlSPMetaDataExportedAttributes: each(() => ({ uid: '0;uid' })),
    };
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const unescapeHtml = (text: string) => text.replace(/&amp;/g, '&');

/** The front-channel logout iframes of a LemonLDAP::NG logout page. */
const iframesOf = (page: string) => [...page.matchAll(/<iframe src="([^"]+)"/g)].map((m) => unescapeHtml(m[1]!));

/** A browser at the LemonLDAP::NG portal: its login form, its logout pages, with a cookie jar. */
export class LlngBrowser {
  private readonly jar = new Map<string, string>();

  private async go(url: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return response;
  }

  /** From the portal's redirect to the authorization address: the login form, filled; answers where it sends back. */
  async signIn(location: string, user: string, password = user): Promise<string> {
    const page = await (await this.go(location)).text();
    if (!page.includes('id="lform"')) throw new Error('not the LemonLDAP::NG login form');
    const signedIn = await this.go(location, { ...hiddenInputs(page), user, password });
    const back = signedIn.headers.get('location');
    if (!back) throw new Error(`LemonLDAP::NG did not send the browser back: ${signedIn.status}`);
    return back;
  }

  /** From the portal's AuthnRequest (HTTP-Redirect): the login form, filled; answers the form that posts the answer. */
  async signInSaml(location: string, user: string, password = user): Promise<SamlPostForm> {
    const page = await (await this.go(location)).text();
    if (!page.includes('id="lform"')) throw new Error(`not the LemonLDAP::NG login form:\n${page.slice(0, 1500)}`);
    let answer = await this.go(location, { ...hiddenInputs(page), user, password });
    // After the login, the portal goes back to its sign-on address, which answers the form.
    for (let hops = 0; answer.status === 302 && hops < 5; hops++)
      answer = await this.go(new URL(answer.headers.get('location')!, location).href);
    return samlPostForm(await answer.text());
  }

  /** The portal's LogoutRequest (HTTP-Redirect): LemonLDAP::NG logs out; answers where it sends the browser back. */
  async logOutSaml(location: string): Promise<string> {
    let answer = await this.go(location);
    let at = location;
    for (let hops = 0; answer.status === 302 && hops < 5; hops++) {
      at = new URL(answer.headers.get('location')!, at).href;
      if (!at.startsWith(new URL(location).origin)) return at;
      answer = await this.go(at);
    }
    throw new Error(`LemonLDAP::NG did not send the browser back: ${answer.status}`);
  }

  /**
   * The portal sent the browser to the end-session address: LemonLDAP::NG asks the user to confirm (its form, posted
   * back as the "accept" button does), logs out, and shows a page with its relying parties' front-channel iframes whose
   * form then takes the browser to the address given. Answers the iframes and that address.
   */
  async logOut(endSession: string): Promise<{ iframes: string[]; back: string | null }> {
    const asked = await this.go(endSession);
    if (asked.status === 302) return { iframes: [], back: asked.headers.get('location') };
    const page = await (await this.go(endSession, hiddenInputs(await asked.text()))).text();
    const back = /<form id="form" action="([^"]+)" method="get"/.exec(page)?.[1] ?? null;
    return { iframes: iframesOf(page), back: back && unescapeHtml(back) };
  }

  /** The user logs out at the portal itself: its logout page's front-channel iframes. */
  async logOutAtProvider(base: string): Promise<string[]> {
    return iframesOf(await (await this.go(`${base}/?logout=1`)).text());
  }
}
