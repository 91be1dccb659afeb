/**
 * Single sign-on against real providers on loopback: the demo OpenID provider (oidc-provider) and the demo SAML
 * provider (samlify), a catalogue whose SSO cobrands point at them, and a small browser for the provider's pages.
 */
import { Paths, ServicePaths } from '@portal/contract';
import { CATALOGUE_DIR } from '../src/paths.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { startDemoOidc } from '../../scripts/demo-idp/oidc.mjs';
import { keyAndCertificate, startDemoSaml } from '../../scripts/demo-idp/saml.mjs';

/** The public origin of a test app (loadConfig's default). */
export const PUBLIC_ORIGIN = 'http://localhost:8080';
export const SSO_PASSWORD = 'Provider-Pass-2026';
export const CLIENT_SECRET = 'veltmoor-client-secret-for-tests-only';

export interface Providers {
  env: Record<string, string>;
  oidcIssuer: string;
  samlEntityId: string;
  /** Changes the values of the SAML provider's next answers before it signs them (null: as it should). */
  adjustSaml(change: ((values: Record<string, string>) => void) | null): void;
  beforeStart: (database: PortalDatabase) => Promise<void>;
  close(): Promise<void>;
}

/** Both providers, with users `users` (password SSO_PASSWORD), and the catalogue pointed at them. */
export async function startProviders(users: string[]): Promise<Providers> {
  const people = users.map((userId) => ({ userId, password: SSO_PASSWORD, name: userId }));
  const oidc = await startDemoOidc({
    clients: ['veltmoor', 'amberlode'].map((cobrand) => ({
      clientId: `${cobrand}-portal`,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${PUBLIC_ORIGIN}${ServicePaths.ssoCallback(cobrand)}`,
      postLogoutRedirectUri: `${PUBLIC_ORIGIN}${Paths.logoutReturn}?cobrandHost=${cobrand}`,
    })),
    users: people,
  });
  const sp = keyAndCertificate('portal-tests');
  const saml = await startDemoSaml({
    serviceProviders: [
      {
        entityId: `${PUBLIC_ORIGIN}${Paths.ssoStart('kestrelmark')}`,
        acsUrl: `${PUBLIC_ORIGIN}${ServicePaths.ssoCallback('kestrelmark')}`,
        cert: sp.cert,
      },
    ],
    users: people,
  });
  const env = {
    VELTMOOR_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    AMBERLODE_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    KESTRELMARK_SAML_IDP_CERT: saml.cert,
    KESTRELMARK_SAML_SP_KEY: sp.key,
    KESTRELMARK_SAML_SP_CERT: sp.cert,
  };
  const beforeStart = async (database: PortalDatabase) => {
    const { cobrands } = readCatalogue(CATALOGUE_DIR);
    for (const { record } of cobrands) {
      const idp = record.identityProvider;
      if (idp?.protocol === 'oidc') idp.issuer = oidc.issuer;
      if (idp?.protocol === 'saml')
        Object.assign(idp, {
          idpEntityId: saml.entityId,
          ssoUrl: saml.ssoUrl,
          sloUrl: saml.ssoUrl.replace(/sso$/, 'slo'),
        });
    }
    await new CobrandStore(database.db).importAll(cobrands, Date.now());
  };
  return {
    env,
    oidcIssuer: oidc.issuer,
    samlEntityId: saml.entityId,
    adjustSaml: (change) => {
      saml.adjust = (values) => {
        change?.(values);
        return values;
      };
    },
    beforeStart,
    close: async () => {
      await oidc.close();
      await saml.close();
    },
  };
}

/**
 * A browser at the provider: follows the provider's redirects from `location`, signs in on its login page, and
 * answers where the provider sends the browser back to the portal (a URL, or a form to post for SAML).
 */
export class ProviderBrowser {
  private readonly jar = new Map<string, string>();

  /** `portal`: the portal's public origin, where the provider's answers leave it (a test app's, unless told). */
  constructor(private readonly portal = PUBLIC_ORIGIN) {}

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
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** Follows redirects inside the provider; answers the first address outside it, or the last page. */
  private async follow(response: Response, from: string): Promise<{ url: string; page?: string }> {
    let current = response;
    let url = from;
    while (current.status >= 300 && current.status < 400) {
      url = new URL(current.headers.get('location')!, url).href;
      if (url.startsWith(this.portal)) return { url };
      current = await this.go(url);
    }
    return { url, page: await current.text() };
  }

  async signIn(location: string, userId: string, password = SSO_PASSWORD): Promise<{ url: string; page?: string }> {
    const login = await this.follow(await this.go(location), location);
    const hidden = Object.fromEntries(
      [...(login.page ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        unescapeHtml(m[2]!),
      ]),
    );
    return this.follow(await this.go(login.url, { ...hidden, username: userId, password }), login.url);
  }

  async get(location: string): Promise<{ url: string; page?: string }> {
    return this.follow(await this.go(location), location);
  }
}

const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The SAMLResponse and RelayState of the provider's auto-posting page. */
export function samlPost(page: string): { action: string; SAMLResponse: string; RelayState: string } {
  const value = (name: string) => unescapeHtml(new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '');
  return {
    action: unescapeHtml(/action="([^"]+)"/.exec(page)?.[1] ?? ''),
    SAMLResponse: value('SAMLResponse'),
    RelayState: value('RelayState'),
  };
}
