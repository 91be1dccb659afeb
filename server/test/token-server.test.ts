/**
 * The bank's token server over RADIUS (a real FreeRADIUS on loopback, its test policy in scripts/test-radius/): every
 * token path of §4 through §7's calls, as the browser makes them, so the browser cannot tell which back end it faces.
 */
import { Paths } from '@portal/contract';
import { createSocket } from 'node:dgram';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFreeRadius } from '../../scripts/test-radius/freeradius.mjs';
import { AccountStore, createAccount } from '../src/account/index.js';
import { CobrandStore, readCatalogue } from '../src/cobrand/index.js';
import { CATALOGUE_DIR } from '../src/paths.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { TokenStore } from '../src/token/index.js';
import {
  DIALECTS,
  TEST_PORTAL_SECRET,
  accountRow,
  createTestApp,
  expectErrorShape,
  loginInfo,
  nextToken,
  signInSequence,
  type TestApp,
  type TestAppOverrides,
  type TestClient,
  SESSION_COOKIE,
} from './harness.js';

const SECRET = 'radius-test-secret-7d1c';
/** What the test policy's users accept (scripts/test-radius/): PIN 2468 and fixed tokencodes. */
const RADIUS_USERS = {
  radpass: { passcode: '246811111111' },
  radnext: { passcode: '246822222222', nextCode: '33333333' },
  radnewpin: { passcode: '44444444', nextCode: '55555555' },
};
const keys = deriveKeys(TEST_PORTAL_SECRET);
let serial = 0;

type Radius = Awaited<ReturnType<typeof startFreeRadius>>;
let radius: Radius;
beforeAll(async () => {
  radius = await startFreeRadius({ secret: SECRET });
});
afterAll(async () => {
  await radius?.close();
});

const deployment = (servers: string, secret = SECRET, timing = { timeoutMs: 300, retries: 1 }) => ({
  tokenServer: { protocol: 'radius' as const, servers, secret },
  radiusTiming: timing,
});

/** A token user the bank's server holds (no seed in the portal), named so the test policy treats it as `shape`. */
async function serverTokenUser(t: TestApp, shape: 'radpass' | 'radnext' | 'radnewpin', cobrand = 'skerrymoor') {
  const userId = `${shape}-${process.pid}-${(serial += 1)}`;
  const accounts = new AccountStore(t.database.db);
  const input = { userId, email: `${userId}@example.com`, cobrand, password: 'Unused-Password-2026' };
  await createAccount(accounts, keys.userIdentity, input, t.clock.now());
  const account = (await accountRow(t.database, userId))!;
  await new TokenStore(t.database.db).assignAtServer(account.id, t.clock.now());
  return userId;
}

const setPin = async (client: TestClient, userId: string, newPin: string) =>
  client.post(Paths.tokenPin((await loginInfo(client, userId)).ldapId), { json: { newPin } });
/** What the new-PIN screen sends before the PIN: send-login with the next passcode, in its session (no pre-step). */
const screenSignIn = async (client: TestClient, userId: string, passcode: string) =>
  client.post(Paths.sendLogin, {
    form: { username: (await loginInfo(client, userId)).ldapId, 'login-form-type': 'token', password: passcode },
  });
const attemptsOf = async (t: TestApp, userId: string) => {
  const account = (await accountRow(t.database, userId))!;
  return t.database.db.selectFrom('token_attempt').selectAll().where('account_id', '=', account.id).execute();
};
const failures = async (t: TestApp, userId: string) => (await accountRow(t.database, userId))!.failed_attempts;

/** A RADIUS server that reads every request and never answers. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, close: () => new Promise((resolve) => socket.close(() => resolve())) };
}

/** A service whose log lines a test can read. */
function withLogs(): { logger: TestAppOverrides['logger']; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: { level: 'info', stream }, lines };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: TOKEN_BACKEND=radius`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { config: deployment(`${radius.host}:${radius.port}`) });
    });
    afterAll(async () => t?.close());

    it('signs a token user in with PIN + tokencode the token server accepts', async () => {
      const userId = await serverTokenUser(t, 'radpass');
      expect((await loginInfo(t.client(), userId)).loginType).toBe('token');
      const answer = await signInSequence(t.client(), userId, RADIUS_USERS.radpass.passcode);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
    });

    it('refuses what the token server rejects like any wrong password, and counts it toward the lock', async () => {
      const userId = await serverTokenUser(t, 'radpass');
      const refused = await signInSequence(t.client(), userId, '246800000000');
      const unknown = await signInSequence(t.client(), 'nobody-at-all', '246800000000');
      expect(refused.statusCode).toBe(401);
      expect(`${refused.statusCode} ${refused.body}`).toBe(`${unknown.statusCode} ${unknown.body}`);
      expect(await failures(t, userId)).toBe(1);
      for (let i = 0; i < 5; i += 1) await signInSequence(t.client(), userId, '246800000000');
      expect((await accountRow(t.database, userId))!.status).toBe('locked');
      expect((await signInSequence(t.client(), userId, RADIUS_USERS.radpass.passcode)).statusCode).toBe(401);
    });

    it('leads a challenge for the next tokencode to the next-token screen, and signs in with the next code', async () => {
      const userId = await serverTokenUser(t, 'radnext');
      const client = t.client();
      const asked = await signInSequence(client, userId, RADIUS_USERS.radnext.passcode);
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toMatch(/^\/public-portal-ui\/next-token-component\?authn_attempt_id=/);
      // The server's State stays on the service: nothing of it reaches the browser.
      const [attempt] = await attemptsOf(t, userId);
      expect(attempt?.server_state).toBeTruthy();
      expect(asked.body).not.toContain(encodeURIComponent(attempt!.server_state!));
      expect((await client.get(`${Paths.tokenUserInformation}?action=nexttoken`)).json().shouldAccess).toBe(true);
      const passed = await nextToken(client, userId, RADIUS_USERS.radnext.nextCode, asked.body);
      expect(passed.statusCode).toBe(200);
      expect(passed.body).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
      expect((await client.get(Paths.sessionPing)).statusCode).toBe(200);
    });

    it('sends a wrong next tokencode back to sign in, counted, since the server ended its attempt', async () => {
      const userId = await serverTokenUser(t, 'radnext');
      const client = t.client();
      const asked = await signInSequence(client, userId, RADIUS_USERS.radnext.passcode);
      const wrong = await nextToken(client, userId, '99999999', asked.body);
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toBe('/public-portal-ui/login-signin-component?cobrandHost=skerrymoor&invalidLogin=true');
      expect(await failures(t, userId)).toBe(1);
      expect((await nextToken(client, userId, RADIUS_USERS.radnext.nextCode, asked.body)).statusCode).toBe(401);
    });

    it('leads a new-PIN challenge to the new-PIN screen, whose Save answers with the PIN, then the held code', async () => {
      const userId = await serverTokenUser(t, 'radnewpin');
      const client = t.client();
      const asked = await signInSequence(client, userId, RADIUS_USERS.radnewpin.passcode);
      expect(asked.body).toBe('/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
      expect((await client.get(`${Paths.tokenUserInformation}?action=newpin`)).json().shouldAccess).toBe(true);
      // §4: the screen signs in with the next passcode first, then posts the PIN.
      const held = await screenSignIn(client, userId, RADIUS_USERS.radnewpin.nextCode);
      expect(held.statusCode).toBe(200);
      expect(held.body).toBe('/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
      const [attempt] = await attemptsOf(t, userId);
      expect(attempt?.held_passcode).toBeTruthy();
      expect(attempt!.held_passcode).not.toContain(RADIUS_USERS.radnewpin.nextCode);
      expect((await setPin(client, userId, '1357')).statusCode).toBe(200);
      expect(await attemptsOf(t, userId)).toEqual([]);
      const events = await t.database.db.selectFrom('audit_event').select('kind').execute();
      expect(events.map((e) => e.kind)).toContain('token.pin.set');
      expect(await failures(t, userId)).toBe(0);
      // The session ends with the PIN set: the user signs in again with it.
      expectErrorShape(await setPin(client, userId, '1357'), 401);
    });

    it('ends the new-PIN attempt when the server refuses the held code', async () => {
      const userId = await serverTokenUser(t, 'radnewpin');
      const client = t.client();
      await signInSequence(client, userId, RADIUS_USERS.radnewpin.passcode);
      await screenSignIn(client, userId, '00000000');
      expectErrorShape(await setPin(client, userId, '1357'), 401);
      expect(await attemptsOf(t, userId)).toEqual([]);
    });
  });

  describe(`${dialect}: a token server that does not answer`, () => {
    it('gives the system error, counts nothing and opens no session, and logs the cause', async () => {
      const silent = await silentServer();
      const { logger, lines } = withLogs();
      const t = await createTestApp(dialect, { config: deployment(`127.0.0.1:${silent.port}`), logger });
      try {
        const userId = await serverTokenUser(t, 'radpass');
        const client = t.client();
        const answer = await signInSequence(client, userId, RADIUS_USERS.radpass.passcode);
        expectErrorShape(answer, 503);
        expect(await failures(t, userId)).toBe(0);
        expect(client.cookie(SESSION_COOKIE) ?? '').toBe('');
        expect(lines.join('')).toMatch(/token server unavailable/);
        expect(lines.join('')).not.toContain(RADIUS_USERS.radpass.passcode);
      } finally {
        await t.close();
        await silent.close();
      }
    });

    it('fails over to the second server, and answers again once a stopped server is back', async () => {
      const silent = await silentServer();
      const t = await createTestApp(dialect, {
        config: deployment(`127.0.0.1:${silent.port},${radius.host}:${radius.port}`),
      });
      try {
        const userId = await serverTokenUser(t, 'radpass');
        expect((await signInSequence(t.client(), userId, RADIUS_USERS.radpass.passcode)).statusCode).toBe(200);
        await radius.stop();
        expectErrorShape(await signInSequence(t.client(), userId, RADIUS_USERS.radpass.passcode), 503);
        await radius.start();
        expect((await signInSequence(t.client(), userId, RADIUS_USERS.radpass.passcode)).statusCode).toBe(200);
        expect(await failures(t, userId)).toBe(0);
      } finally {
        await t.close();
        await silent.close();
      }
    });

    it('refuses with a wrong shared secret: no session, nothing counted, the cause logged', async () => {
      const { logger, lines } = withLogs();
      const t = await createTestApp(dialect, {
        config: deployment(`${radius.host}:${radius.port}`, 'not-the-shared-secret'),
        logger,
      });
      try {
        const userId = await serverTokenUser(t, 'radpass');
        const answer = await signInSequence(t.client(), userId, RADIUS_USERS.radpass.passcode);
        expect(answer.statusCode).not.toBe(200);
        expect(await failures(t, userId)).toBe(0);
        expect(lines.join('')).toMatch(/RADIUS_SECRET|token server unavailable/);
        expect(lines.join('')).not.toContain('not-the-shared-secret');
      } finally {
        await t.close();
      }
    });
  });

  describe(`${dialect}: a cobrand's own token server in the catalogue`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        env: { LARCHMERE_RADIUS_SECRET: SECRET },
        beforeStart: async (database) => {
          const { cobrands } = readCatalogue(CATALOGUE_DIR);
          const larchmere = cobrands.find(({ record }) => record.cobrand.name === 'larchmere')!;
          larchmere.record.tokenServer = {
            protocol: 'radius',
            servers: `${radius.host}:${radius.port}`,
            secretEnv: 'LARCHMERE_RADIUS_SECRET',
            timeoutMs: 300,
            retries: 1,
          };
          await new CobrandStore(database.db).importAll(cobrands, Date.now());
        },
      });
    });
    afterAll(async () => t?.close());

    it("asks the bank's server for that cobrand's users, and the portal's own tokens for the others", async () => {
      const userId = await serverTokenUser(t, 'radpass', 'larchmere');
      const answer = await signInSequence(t.client(), userId, RADIUS_USERS.radpass.passcode);
      expect(answer.body).toBe('/sdportal/platform/home?cobrandHost=larchmere');
      const elsewhere = await serverTokenUser(t, 'radpass', 'skerrymoor');
      expect((await signInSequence(t.client(), elsewhere, RADIUS_USERS.radpass.passcode)).statusCode).toBe(401);
    });
  });
}
