/**
 * The console's sign-in through the bank's staff identity provider (STAFF_IDP_FILE), at two providers nobody on this
 * project wrote, each with the record docs/operations.md gives copied as it stands and the defaults it ships:
 * Glewlwyd 2.7 and LemonLDAP::NG 2.16 (which keeps the user's name for its UserInfo endpoint). The operator the
 * provider names is signed in with their role and cobrands; a name no operator has and a locked operator are sent back
 * with one message; every outcome is in the trail with the provider's issuer.
 */
import { ConsolePaths } from '@portal/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcSettings } from '../src/sso/index.js';
import { startAdmin, type AdminListener } from './admin-support.js';
import { consoleClient, CONSOLE_COOKIES, staffOf, trail } from './console-support.js';
import { docsStaffRecord } from './docs-examples.js';
import { Glewlwyd, GlewlwydBrowser } from './glewlwyd.js';
import { createTestApp, keptLog, setCookies, type TestApp, type TestClient } from './harness.js';
import { LemonLdap, LlngBrowser } from './lemonldap.js';

/** Where the operators' browsers reach the admin listener: the address registered at each provider. */
const ADMIN_ORIGIN = 'http://127.0.0.1:9465';
const RETURN = `${ADMIN_ORIGIN}${ConsolePaths.signOnReturn}`;
const SECRET = 'help-desk-console-secret-for-tests';
const PASSWORD = 'Glewlwyd-Staff-2026';
const cli = { actor: 'cli:test' };

interface Provider {
  issuer: string;
  /** The person signs in at the provider's page; answers where it sends the browser back. */
  signIn(location: string, user: string): Promise<string>;
}

let t: TestApp;
let glewlwyd: Glewlwyd;
let llng: LemonLdap;
let logs: Record<string, unknown>[] = [];

beforeAll(async () => {
  const client = { clientId: docsStaffRecord().clientId, clientSecret: SECRET };
  const people = ['rtyler', 'msmith', 'dwho'];
  const users = people.map((username) => ({
    username,
    password: PASSWORD,
    name: username,
    email: `${username}@bank.example`,
  }));
  [glewlwyd, llng] = await Promise.all([
    new Glewlwyd().start(users, [{ ...client, redirectUri: RETURN }]),
    new LemonLdap().reserve(),
  ]);
  await llng.start([{ ...client, redirectUris: [RETURN], postLogoutRedirectUris: [] }]);
  t = await createTestApp('sqlite');
  const staff = staffOf(t);
  await staff.add({ name: 'rtyler', role: 'helpdesk', cobrands: ['veltmoor'] }, cli);
  await staff.add({ name: 'msmith', role: 'auditor', cobrands: [] }, cli);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([glewlwyd?.stop(), llng?.stop()]);
});

const providers: Record<string, () => Provider> = {
  'Glewlwyd 2.7': () => ({
    issuer: glewlwyd.issuer,
    signIn: (location, user) => new GlewlwydBrowser(glewlwyd).signIn(location, user, PASSWORD),
  }),
  'LemonLDAP::NG 2.16': () => ({
    issuer: llng.issuer,
    signIn: (location, user) => new LlngBrowser().signIn(location, user),
  }),
};

describe.each(Object.keys(providers))('the staff identity provider: %s', (name) => {
  let provider: Provider;
  let admin: AdminListener;
  beforeAll(async () => {
    provider = providers[name]!();
    const record: OidcSettings = { ...docsStaffRecord(), issuer: provider.issuer };
    const logger = keptLog('debug');
    logs = logger.lines;
    const env = { [record.clientSecretEnv!]: SECRET };
    admin = await startAdmin(t, { adminOrigin: ADMIN_ORIGIN, staffIdp: record }, logger.logger, env);
  });
  afterAll(() => admin?.close());

  /** A console browser that signs on at the provider as `user`: where the console sends it back, and the browser. */
  async function signOn(user: string, client?: TestClient) {
    const browser = client ?? (await consoleClient(admin));
    expect((await browser.get(ConsolePaths.signOn)).json()).toEqual({ offered: true, passkeys: false });
    const started = await browser.get(ConsolePaths.signOnStart, { browser: true });
    expect(started.statusCode).toBe(303);
    const location = String(started.headers.location);
    // A login made now, whatever session the provider holds.
    expect(new URL(location).searchParams.get('prompt')).toBe('login');
    const back = await provider.signIn(location, user);
    expect(back.startsWith(`${RETURN}?`), back).toBe(true);
    const answer = await browser.get(back.slice(ADMIN_ORIGIN.length), { browser: true });
    expect(answer.statusCode).toBe(303);
    return { browser, answer, location: String(answer.headers.location) };
  }

  it('signs the operator it names in, with their role and cobrands, in the console session of a password sign-in', async () => {
    const { browser, answer, location } = await signOn('rtyler');
    expect(location).toBe('/console/');
    expect(setCookies(answer).get(CONSOLE_COOKIES.sessionCookie)).toMatchObject({ path: '/console/', httpOnly: true });
    expect((await browser.get(ConsolePaths.me)).json()).toEqual({
      name: 'rtyler',
      role: 'helpdesk',
      cobrands: ['veltmoor'],
    });
    // The role's calls, in the operator's cobrands only.
    expect((await browser.get(`${ConsolePaths.adminApi}/users?cobrand=veltmoor`)).statusCode).toBe(200);
    expect((await browser.get(`${ConsolePaths.adminApi}/users/demo/sign-in-problems`)).statusCode).toBe(404);
    expect((await trail(t, ['operator.signed.in'])).at(-1)).toMatchObject({
      actor: 'operator:rtyler',
      detail: { role: 'helpdesk', method: 'sign-on', provider: provider.issuer },
    });
  });

  it('sends a person no operator has back with one message, the name in the trail for whoever adds operators', async () => {
    const { browser, location } = await signOn('dwho');
    expect(location).toBe('/console/?signOn=refused');
    expect((await browser.get(ConsolePaths.me)).statusCode).toBe(401);
    expect((await trail(t, ['operator.sign.in.refused'])).at(-1)).toMatchObject({
      actor: null,
      detail: { reason: 'unknown', method: 'sign-on', provider: provider.issuer, named: 'dwho' },
    });
  });

  it('sends a locked operator back the same way, and signs them in once unlocked', async () => {
    const staff = staffOf(t);
    await t.database.db
      .updateTable('operator_account')
      .set({ locked_at: Date.now() })
      .where('name', '=', 'msmith')
      .execute();
    const refused = await signOn('msmith');
    expect(refused.location).toBe('/console/?signOn=refused');
    expect((await trail(t, ['operator.sign.in.refused'])).at(-1)).toMatchObject({
      actor: 'operator:msmith',
      detail: { reason: 'locked', method: 'sign-on' },
    });
    await staff.unlock('msmith', cli);
    const { browser, location } = await signOn('msmith');
    expect(location).toBe('/console/');
    expect((await browser.get(ConsolePaths.me)).json()).toMatchObject({ name: 'msmith', role: 'auditor' });
  });

  it('takes an answer once, and none in a browser that did not start the sign-on', async () => {
    const browser = await consoleClient(admin);
    const started = await browser.get(ConsolePaths.signOnStart, { browser: true });
    const back = await provider.signIn(String(started.headers.location), 'rtyler');
    const elsewhere = await consoleClient(admin);
    const stolen = await elsewhere.get(back.slice(ADMIN_ORIGIN.length), { browser: true });
    expect(stolen.headers.location).toBe('/console/?signOn=refused');
    expect((await elsewhere.get(ConsolePaths.me)).statusCode).toBe(401);
    expect(logs.filter((line) => line.msg === 'staff sign-on refused').at(-1)).toMatchObject({
      reason: 'no sign-on in progress in this browser',
    });
    const own = await browser.get(back.slice(ADMIN_ORIGIN.length), { browser: true });
    expect(own.headers.location).toBe('/console/');
    const again = await browser.get(back.slice(ADMIN_ORIGIN.length), { browser: true });
    expect(again.headers.location).toBe('/console/?signOn=refused');
    // The session the first answer opened is still the browser's.
    expect((await browser.get(ConsolePaths.me)).json()).toMatchObject({ name: 'rtyler' });
  });
});

describe('without a staff identity provider', () => {
  it('offers none, and its addresses are not there', async () => {
    const admin = await startAdmin(t);
    try {
      const browser = await consoleClient(admin);
      expect((await browser.get(ConsolePaths.signOn)).json()).toEqual({ offered: false, passkeys: false });
      expect((await browser.get(ConsolePaths.signOnStart, { browser: true })).statusCode).toBe(404);
    } finally {
      await admin.close();
    }
  });
});
