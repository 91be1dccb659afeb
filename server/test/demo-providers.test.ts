/**
 * The demo identity providers as `npm start` runs them: its launcher (scripts/start.mjs) under plain Node, not inside
 * Vitest, with the built portal as its child, on a free port and an empty data folder. Each SSO demo user (README's
 * table) goes from the cobrand's sign-in page to the provider's login page and back, over real HTTP, as a browser would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { TEST_PORTAL_SECRET } from './harness.js';
import { samlPost } from './sso-support.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DEMO_PASSWORD = 'Portal-Demo-2026';
// Where the shipped catalogue has its SSO cobrands sign in (data/cobrands/*/cobrand.json): fixed ports, as for the
// browser tests, so this test needs them free (it fails naming the port in use otherwise).
const OIDC = 'http://localhost:4011';
const SAML = 'http://localhost:4012';

let launcher: ChildProcess;
let dataDir: string;
let base: string;
let output = '';

beforeAll(async () => {
  buildIfStale({ quiet: true });
  dataDir = mkdtempSync(join(tmpdir(), 'portal-demo-idp-'));
  const port = await freePort();
  base = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_SECRET: TEST_PORTAL_SECRET,
    DATABASE_URL: '',
    METRICS_PORT: '',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['PUBLIC_ORIGIN', 'PORTAL_DEMO', 'NODE_ENV']) delete env[name];
  launcher = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  launcher.stdout!.on('data', (chunk) => (output += String(chunk)));
  // The launcher tells of the providers after the service's banner: started, or why not (a port in use).
  await until(async () => /Demo identity providers.*\n.*\n.*\n/.test(output));
  expect(output).not.toContain('not started');
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
}, 120_000);

/** Waits for `ready`, for as long as the launcher runs (it builds first when the build is stale). */
async function until(ready: () => Promise<boolean>): Promise<void> {
  while (!(await ready())) {
    if (launcher.exitCode !== null) throw new Error(`npm start's launcher ended (${launcher.exitCode}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterAll(async () => {
  if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
    const exit = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    await exit;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Visit {
  url: string;
  status: number;
  page: string;
}

/** A browser without scripts: one cookie jar for the portal and the providers (cookies ignore ports), redirects followed. */
class Browser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  async open(url: string, form?: Record<string, string>): Promise<Visit> {
    let response = await this.request(url, form);
    while (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).href;
      response = await this.request(url);
    }
    return { url, status: response.status, page: await response.text() };
  }

  private async request(url: string, form?: Record<string, string>): Promise<Response> {
    const path = new URL(url).pathname;
    const cookies = [...this.jar].filter(([, c]) => path.startsWith(c.path)).map(([k, c]) => `${k}=${c.value}`);
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        cookie: cookies.join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      if (/^max-age=0$/i.test(attributes.find((a) => /^max-age=/i.test(a)) ?? '')) this.jar.delete(pair.slice(0, at));
      else this.jar.set(pair.slice(0, at), { value: pair.slice(at + 1), path });
    }
    return response;
  }
}

const hiddenFields = (page: string) =>
  Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    ]),
  );

/**
 * From the cobrand's sign-in page to the provider's login page, the user's name and the demo password posted there,
 * and back to the portal: the page it ends on, with SAML's auto-posting form posted as its script would.
 */
async function signOn(browser: Browser, cobrand: string, provider: string, userId: string): Promise<Visit> {
  const signIn = await browser.open(`${base}/public-portal-ui/login-signin-component?cobrandHost=${cobrand}`);
  expect(signIn.status).toBe(200);
  // The page's script goes at once to the cobrand's SSO address, which it carries in its page data.
  const data = /<script type="application\/json" id="portal-page-data">(.*?)<\/script>/s.exec(signIn.page)?.[1];
  const redirect = (JSON.parse(data ?? '{}') as { cobrand?: { fssoRedirectUrl?: string } }).cobrand?.fssoRedirectUrl;
  expect(redirect).toBe(Paths.ssoStart(cobrand));

  const login = await browser.open(new URL(redirect!, base).href);
  expect(login.url.startsWith(`${provider}/`), login.url).toBe(true);
  expect({ status: login.status, page: login.page }).toMatchObject({
    status: 200,
    page: expect.stringContaining('Password'),
  });

  const answer = await browser.open(login.url, {
    ...hiddenFields(login.page),
    username: userId,
    password: DEMO_PASSWORD,
  });
  if (!answer.url.startsWith(provider)) return answer;
  // SAML: the provider's page posts the signed answer back to the portal.
  expect(answer.page, 'the provider answers its auto-posting form').toContain('name="SAMLResponse"');
  const { action, SAMLResponse, RelayState } = samlPost(answer.page);
  expect(action).toBe(`${base}${Paths.ssoCallback(cobrand)}`);
  return browser.open(action, { SAMLResponse, RelayState });
}

async function sessionOf(browser: Browser): Promise<unknown> {
  const session = await browser.open(`${base}${Paths.session}`);
  return session.status === 200 ? JSON.parse(session.page) : session.status;
}

describe("npm start's demo identity providers", () => {
  it.each([
    ['demosaml', 'kestrelmark', 'SAML 2.0', SAML],
    ['demosso', 'veltmoor', 'OpenID Connect', OIDC],
    ['demoamber', 'amberlode', 'OpenID Connect', OIDC],
  ])(
    'sign %s in from the %s sign-in page (%s) to the platform page, with a session',
    async (userId, cobrand, _, idp) => {
      const browser = new Browser();
      const landed = await signOn(browser, cobrand, idp, userId);
      expect(landed.url).toBe(`${base}${Paths.platformHome}?cobrandHost=${cobrand}`);
      expect(landed.status).toBe(200);
      expect(await sessionOf(browser)).toMatchObject({ userId, cobrand });
    },
  );

  it('take demossotoken from the provider to the portal token step, with no session before it', async () => {
    const browser = new Browser();
    const landed = await signOn(browser, 'veltmoor', OIDC, 'demossotoken');
    expect(landed.url).toBe(
      `${base}/public-portal-ui/login-signin-component?cobrandHost=veltmoor&ssoStep=token&userId=demossotoken`,
    );
    expect(landed.status).toBe(200);
    expect(await sessionOf(browser)).toBe(401);
  });
});
