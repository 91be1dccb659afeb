/**
 * A real second OpenID provider for the tests: Glewlwyd 2.7 from Debian (`glewlwyd`), on a free loopback port with its
 * own configuration and SQLite database in a folder of its own (initialised from the package's SQL script), set up
 * through its admin API as a bank's identity team would: the OIDC plugin (RS256, discovery, session management,
 * back- and front-channel logout), users with a password, and confidential clients. Its log is kept for the tests to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { freePort } from '../../scripts/free-port.mjs';

const GLEWLWYD = '/usr/bin/glewlwyd';
/** The package's schema and first data (the `admin` user, password `password`), as dbconfig-common installs it. */
const INIT_SQL = '/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3';
const ADMIN = { username: 'admin', password: 'password' };
/** The OIDC plugin's name: its addresses are under /api/<name>/. */
const PLUGIN = 'oidc';

export interface GlewlwydUser {
  username: string;
  password: string;
  name: string;
  email: string;
}

/** Glewlwyd's answer to its web app about a session that ends: the clients to tell in the browser. */
interface GlewlwydSessionList {
  iss: string;
  sid: string;
  post_redirect_to?: string;
  client: { frontchannel_logout_uri: string; frontchannel_logout_session_required?: boolean }[];
}

/** The iframes Glewlwyd's web app loads, built as it builds them: the issuer as it is, the sid where asked for. */
const iframesOf = (sessions: GlewlwydSessionList) =>
  sessions.client.map(
    (c) =>
      `${c.frontchannel_logout_uri}?iss=${sessions.iss}${c.frontchannel_logout_session_required ? `&sid=${sessions.sid}` : ''}`,
  );

export interface GlewlwydClient {
  clientId: string;
  clientSecret: string;
  /** One client may serve several cobrands: each one's callback and return after logout. */
  redirectUri: string | string[];
  postLogoutRedirectUri?: string | string[];
  /** Where Glewlwyd posts its logout token when the user's session there ends. */
  backchannelLogoutUri?: string;
  /** What its logout page loads in an iframe (with iss and sid) when the user's session there ends. */
  frontchannelLogoutUri?: string;
}

const config = (port: number, dir: string) => `
port=${port}
bind_address="127.0.0.1"
external_url="http://127.0.0.1:${port}"
login_url="login.html"
api_prefix="api"
static_files_path="/usr/share/glewlwyd/webapp/"
log_mode="console"
log_level="DEBUG"
cookie_domain="127.0.0.1"
cookie_secure=0
admin_session_authentication="cookie"
user_module_path="/usr/lib/glewlwyd/user"
user_middleware_module_path="/usr/lib/glewlwyd/user_middleware"
client_module_path="/usr/lib/glewlwyd/client"
user_auth_scheme_module_path="/usr/lib/glewlwyd/scheme"
plugin_module_path="/usr/lib/glewlwyd/plugin"
hash_algorithm="SHA512"
database = { type = "sqlite3"; path = "${join(dir, 'glewlwyd.db')}"; };
`;

/** The OIDC plugin as its admin page would save it: RS256 keys of its own, the name, e-mail and user name as claims. */
function oidcPlugin(issuer: string) {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const jwks = { keys: [{ ...key, kid: 'glewlwyd-test', alg: 'RS256', use: 'sig' }] };
  return {
    module: 'oidc',
    name: PLUGIN,
    display_name: 'OpenID Connect',
    enabled: true,
    parameters: {
      iss: issuer,
      'jwks-private': JSON.stringify(jwks),
      'default-kid': 'glewlwyd-test',
      'jwks-show': true,
      'code-duration': 600,
      'access-token-duration': 600,
      'refresh-token-duration': 3600,
      'auth-type-code-enabled': true,
      'pkce-allowed': true,
      'subject-type': 'public',
      'name-claim': 'mandatory',
      'email-claim': 'mandatory',
      claims: [{ name: 'preferred_username', 'user-property': 'username', type: 'string', mandatory: true }],
      'session-management-allowed': true,
      'session-cookie-name': 'GLEWLWYD2_OIDC_SID',
      'session-cookie-expiration': 3600,
      'back-channel-logout-allowed': true,
      'front-channel-logout-allowed': true,
    },
  };
}

export class Glewlwyd {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-glewlwyd-'));
  private output = '';
  private adminCookie = '';
  base = '';

  /** The issuer the portal's records name. */
  get issuer(): string {
    return `${this.base}/api/${PLUGIN}`;
  }

  /** What Glewlwyd has logged so far (at DEBUG: the causes of its refusals). */
  get log(): string {
    return this.output;
  }

  async start(users: GlewlwydUser[], clients: GlewlwydClient[] = []): Promise<this> {
    const db = new Sqlite(join(this.dir, 'glewlwyd.db'));
    db.exec(readFileSync(INIT_SQL, 'utf8'));
    db.close();
    // The port is known only once free: another process may take it first, so a failed start tries another.
    for (let attempt = 0; ; attempt++) {
      try {
        await this.launch((await freePort()) as number);
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
      }
    }
    this.adminCookie = await this.signIn(ADMIN.username, ADMIN.password);
    await this.allowPostLogoutRedirects();
    await this.admin('POST', '/mod/plugin/', oidcPlugin(this.issuer));
    for (const user of users) await this.admin('POST', '/user/', { ...user, enabled: true, scope: ['openid'] });
    for (const client of clients) await this.addClient(client);
    return this;
  }

  private async launch(port: number): Promise<void> {
    const file = join(this.dir, 'glewlwyd.conf');
    writeFileSync(file, config(port, this.dir));
    this.base = `http://127.0.0.1:${port}`;
    const child = spawn(GLEWLWYD, [`--config-file=${file}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output += chunk.toString());
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const failed = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`glewlwyd exited (${code}): ${this.output.slice(-500)}`))),
    );
    failed.catch(() => undefined);
    const started = (async () => {
      while (!this.output.includes('Glewlwyd started on port')) await new Promise((r) => setTimeout(r, 50));
      // Started is not yet listening on every system: ask until it answers.
      while (
        !(await fetch(`${this.base}/api/auth/scheme/`).then(
          () => true,
          () => false,
        ))
      )
        await new Promise((r) => setTimeout(r, 50));
    })();
    await Promise.race([started, failed]);
  }

  /** A session at Glewlwyd's login API (its web app's first call): answers the session cookie. */
  private async signIn(username: string, password: string): Promise<string> {
    const response = await fetch(`${this.base}/api/auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (response.status !== 200) throw new Error(`glewlwyd refused ${username}'s sign-in: ${response.status}`);
    return response.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  /**
   * The package's client store keeps one value of a property it does not list, and the OIDC plugin takes a client's
   * post_logout_redirect_uris only as a list: listed here, as the client module's admin page would.
   */
  private async allowPostLogoutRedirects(): Promise<void> {
    const response = await fetch(`${this.base}/api/mod/client/database`, { headers: { cookie: this.adminCookie } });
    const module = (await response.json()) as { parameters: { 'data-format': Record<string, unknown> } };
    const field = { multiple: true, read: true, write: true };
    module.parameters['data-format'].post_logout_redirect_uris = field;
    await this.admin('PUT', '/mod/client/database', module);
    await this.admin('PUT', '/mod/client/database/reset', {});
  }

  private async admin(method: string, path: string, body: unknown): Promise<void> {
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers: { cookie: this.adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200)
      throw new Error(`glewlwyd ${method} ${path}: ${response.status} ${await response.text()}`);
  }

  /** A confidential client that may authenticate with client_secret_basic or client_secret_post. */
  addClient(client: GlewlwydClient): Promise<void> {
    return this.admin('POST', '/client/', {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      name: client.clientId,
      confidential: true,
      enabled: true,
      redirect_uri: [client.redirectUri].flat(),
      authorization_type: ['code'],
      token_endpoint_auth_method: ['client_secret_basic', 'client_secret_post'],
      ...(client.postLogoutRedirectUri ? { post_logout_redirect_uris: [client.postLogoutRedirectUri].flat() } : {}),
      ...(client.backchannelLogoutUri
        ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: 'true' }
        : {}),
      ...(client.frontchannelLogoutUri
        ? { frontchannel_logout_uri: client.frontchannelLogoutUri, frontchannel_logout_session_required: 'true' }
        : {}),
    });
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

/**
 * A browser at Glewlwyd, without its web app: the calls the web app makes (sign in with the password, grant the
 * client its scope, continue the authorization), with a cookie jar, up to where Glewlwyd sends the browser back.
 */
export class GlewlwydBrowser {
  private readonly jar = new Map<string, string>();

  constructor(private readonly glewlwyd: Glewlwyd) {}

  private async go(url: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  /**
   * From the portal's redirect to Glewlwyd's authorization address: to its login page, signed in, the client granted
   * its scope, and the authorization continued; answers where Glewlwyd sends the browser (the portal's callback).
   */
  async signIn(location: string, username: string, password: string): Promise<string> {
    const toLogin = await this.go(location);
    const login = new URL(toLogin.headers.get('location')!, location);
    if (!login.pathname.endsWith('/login.html')) throw new Error(`not sent to the login page: ${login.href}`);
    const { base } = this.glewlwyd;
    const signedIn = await this.go(`${base}/api/auth/`, { method: 'POST', json: { username, password } });
    if (signedIn.status !== 200) throw new Error(`glewlwyd refused the sign-in: ${signedIn.status}`);
    const clientId = login.searchParams.get('client_id')!;
    const scope = login.searchParams.get('scope')!;
    await this.go(`${base}/api/auth/grant/${encodeURIComponent(clientId)}`, { method: 'PUT', json: { scope } });
    // The web app's "continue": the authorization again, now with a session and a grant.
    const back = await this.go(`${login.searchParams.get('callback_url')}&g_continue`);
    return new URL(back.headers.get('location')!, base).href;
  }

  /**
   * The portal sent the browser to Glewlwyd's end-session address: what its web app then does when the user confirms
   * (the front-channel logout iframes of the session's clients, the session ended, then back to the address given,
   * which it does only when the request had a `state`). Answers the iframes' addresses and where the browser goes.
   */
  async logOut(endSession: string): Promise<{ iframes: string[]; back: string | null }> {
    const toPage = await this.go(endSession);
    const page = new URL(toPage.headers.get('location')!, endSession);
    if (page.searchParams.get('prompt') !== 'end_session') throw new Error(`not the end-session page: ${page.href}`);
    const [sid = '', clientId = '', back = ''] = ['sid', 'client_id', 'callback_url'].map(
      (name) => page.searchParams.get(name) ?? '',
    );
    const then = page.searchParams.get('post_redirect_to');
    const query = then ? `?post_redirect_to=${encodeURIComponent(then)}` : '';
    const sessions = await this.sessionClients(sid, clientId, query);
    await this.endSession(sid);
    return { iframes: iframesOf(sessions), back: sessions.post_redirect_to ? back : null };
  }

  /**
   * The user logs out at Glewlwyd's own page (its profile's "log out", or another application's logout): the
   * front-channel logout iframes of the session's clients, which its page then loads, and the session ended.
   */
  async logOutAtProvider(clientId: string): Promise<string[]> {
    const sid = this.jar.get('GLEWLWYD2_OIDC_SID');
    if (!sid) throw new Error('no Glewlwyd OIDC session in this browser');
    const sessions = await this.sessionClients(sid, clientId, '');
    await this.endSession(sid);
    return iframesOf(sessions);
  }

  private async sessionClients(sid: string, clientId: string, query: string): Promise<GlewlwydSessionList> {
    const listed = await this.go(`${this.glewlwyd.issuer}/session/${sid}/${encodeURIComponent(clientId)}${query}`);
    if (listed.status !== 200) throw new Error(`glewlwyd did not list the session's clients: ${listed.status}`);
    return (await listed.json()) as GlewlwydSessionList;
  }

  /** The user ends their session at Glewlwyd (its profile page's "log out", or another application's logout). */
  async endSession(sid = this.jar.get('GLEWLWYD2_OIDC_SID')): Promise<void> {
    if (!sid) throw new Error('no Glewlwyd OIDC session in this browser');
    const ended = await this.go(`${this.glewlwyd.issuer}/session/${sid}`, { method: 'DELETE' });
    if (ended.status !== 200) throw new Error(`glewlwyd did not end the session: ${ended.status}`);
  }
}
