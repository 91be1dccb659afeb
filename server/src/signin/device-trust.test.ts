/**
 * Device trust (docs/decisions.md, "Device trust"): an attacker's six wrong passwords from fresh browsers lock the
 * account for unknown devices only; the user's own browser still signs in; a trusted browser's own six failures lock
 * that browser; the administrator's unlock clears every count; deactivation ends everything; the lock and new-device
 * mails arrive once, in the user's language, over real SMTP.
 */
import { FORM_TOKEN_FIELD, LOCALE_COOKIE, PASSKEY_SKIP_COOKIE, Paths, routePath } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../cli-commands.js';
import { createOperator } from '../operator.js';
import { AccountStore } from '../account/index.js';
import { DEMO_PASSWORD } from '../demo-users.js';
import { deriveKeys } from '../security/portal-secret.js';
import {
  DIALECTS,
  TEST_PORTAL_SECRET,
  accountRow,
  createTestApp,
  expectErrorShape,
  setCookies,
  signInSequence,
  type TestApp,
  type TestClient,
  useMailTestApp,
} from '../../test/harness.js';
import { TestSmtpServer } from '../../test/smtp.js';

const WRONG = 'Not-The-Password-1';
const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const DEVICE_COOKIE = 'portal-device';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
/** Android's own browser, which bowser calls "Android Browser": no product's name, so worded in the language. */
const ANDROID_BROWSER =
  'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    /** The user's own browser: it has signed in once, in `locale`, and holds its device cookie. */
    async function ownBrowser(locale = 'en_US'): Promise<TestClient> {
      const browser = t.client({ headers: { 'user-agent': FIREFOX }, remoteAddress: '198.51.100.23' });
      browser.cookies.set(LOCALE_COOKIE, locale);
      // The passkey offer (skerrymoor offers passkeys) skipped on this browser: its sign-ins go straight home.
      browser.cookies.set(PASSKEY_SKIP_COOKIE, '1');
      expect((await signInSequence(browser, 'demopass')).body).toBe(HOME);
      expect(browser.cookie(DEVICE_COOKIE)).toBeDefined();
      return browser;
    }
    /** An attacker's try: a fresh browser every time, as a script without cookies sends it. */
    const attackerTry = (password = WRONG) => signInSequence(t.client(), 'demopass', password);
    const lockForUnknownDevices = async () => {
      for (let i = 0; i < 6; i++) expect((await attackerTry()).statusCode).toBe(401);
    };
    const devices = (accountId: string) =>
      t.database.db.selectFrom('trusted_device').selectAll().where('account_id', '=', accountId).execute();
    const auditKinds = async (accountId: string) =>
      (await t.database.db.selectFrom('audit_event').select('kind').where('account_id', '=', accountId).execute()).map(
        (row) => row.kind,
      );
    const unlock = () =>
      COMMANDS['users unlock']!({
        ...{ database: t.database, accounts: new AccountStore(t.database.db), demo: true },
        ...{ keys: () => deriveKeys(TEST_PORTAL_SECRET), now: t.clock.now(), origin: { actor: 'cli:test' } },
        ...{ subject: 'demopass', options: {} },
        operator: () =>
          createOperator({ database: t.database, keys: deriveKeys(TEST_PORTAL_SECRET), clock: t.clock.now }),
      });

    it('gives a signed-in browser an HttpOnly device cookie, MACed, that a forged value does not pass for', async () => {
      const browser = t.client();
      const response = await signInSequence(browser, 'demopass');
      const cookie = setCookies(response).get(DEVICE_COOKIE);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.maxAge).toBe(400 * 24 * 60 * 60);
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);

      // The same ID with another MAC is an unknown device: its failures count on the account.
      const forger = t.client();
      forger.cookies.set(DEVICE_COOKIE, `${cookie!.value.split('.')[0]}.${'A'.repeat(43)}`);
      expect((await signInSequence(forger, 'demopass', WRONG)).statusCode).toBe(401);
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(1);
    });

    it("locks the account for unknown devices after an attacker's six wrong passwords, not the user's own browser", async () => {
      const own = await ownBrowser();
      await lockForUnknownDevices();
      const account = await accountRow(t.database, 'demopass');
      expect(account).toMatchObject({ status: 'locked', failed_attempts: 6 });

      const again = await signInSequence(own, 'demopass');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(HOME);
      expect((await own.get(Paths.session)).statusCode).toBe(200);
      // Still locked for everyone else: only an administrator lifts it.
      expect((await accountRow(t.database, 'demopass')).status).toBe('locked');
      expect(await auditKinds(account.id)).toEqual(expect.arrayContaining(['account.locked', 'device.lock.mailed']));
    });

    it("refuses the attacker's next right guess from a fresh browser exactly as a wrong one", async () => {
      await ownBrowser();
      await lockForUnknownDevices();
      const wrong = await attackerTry(WRONG);
      const right = await attackerTry(DEMO_PASSWORD);
      expect(right.statusCode).toBe(401);
      expect(right.body).toBe(wrong.body);
      expect(right.headers['content-type']).toBe(wrong.headers['content-type']);
      expect([...setCookies(right).keys()].sort()).toEqual([...setCookies(wrong).keys()].sort());
      expect(setCookies(right).has(DEVICE_COOKIE)).toBe(false);
    });

    it("locks a trusted browser after its own six failures, without touching the account's count", async () => {
      const own = await ownBrowser();
      for (let i = 0; i < 6; i++) expect((await signInSequence(own, 'demopass', WRONG)).statusCode).toBe(401);
      const account = await accountRow(t.database, 'demopass');
      expect(account).toMatchObject({ status: 'active', failed_attempts: 0 });
      const [device] = await devices(account.id);
      expect(device).toMatchObject({ failed_attempts: 6 });
      expect(device!.locked_at).not.toBeNull();

      const locked = await signInSequence(own, 'demopass');
      const wrong = await attackerTry(WRONG);
      expect(locked.statusCode).toBe(401);
      expect(locked.body).toBe(wrong.body);
      // Another browser of the user's still signs in (as a new device).
      expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
      expect(await auditKinds(account.id)).toContain('device.locked');
    });

    it('counts exactly six on a trusted browser when twelve wrong tries arrive at once', async () => {
      const own = await ownBrowser();
      await signInSequence(own, 'demopass', WRONG);
      const { ldapId } = (await own.get(`${Paths.loginInfo}?username=demopass`)).json<{ ldapId: string }>();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          own.post(Paths.sendLogin, { form: { username: ldapId, 'login-form-type': 'password', password: WRONG } }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(401));
      const account = await accountRow(t.database, 'demopass');
      expect((await devices(account.id))[0]).toMatchObject({ failed_attempts: 6 });
      expect(account.failed_attempts).toBe(0);
    });

    it("clears every count and lock of the account at the administrator's unlock", async () => {
      const own = await ownBrowser();
      for (let i = 0; i < 6; i++) await signInSequence(own, 'demopass', WRONG);
      await lockForUnknownDevices();

      expect(await unlock()).toBe('Unlocked demopass.');

      const account = await accountRow(t.database, 'demopass');
      expect(account).toMatchObject({ status: 'active', failed_attempts: 0 });
      expect((await devices(account.id))[0]).toMatchObject({ failed_attempts: 0, locked_at: null });
      expect((await signInSequence(own, 'demopass')).statusCode).toBe(200);
      expect((await attackerTry(DEMO_PASSWORD)).statusCode).toBe(200);
      expect(await auditKinds(account.id)).toEqual(expect.arrayContaining(['account.unlocked', 'device.unlocked']));
    });

    it("ends everything at deactivation: the user's own browser no longer signs in", async () => {
      const own = await ownBrowser();
      const account = await accountRow(t.database, 'demopass');
      await COMMANDS['users deactivate']!({
        ...{ database: t.database, accounts: new AccountStore(t.database.db), demo: true },
        ...{ keys: () => deriveKeys(TEST_PORTAL_SECRET), now: t.clock.now(), origin: { actor: 'cli:test' } },
        ...{ subject: 'demopass', options: {} },
        operator: () =>
          createOperator({ database: t.database, keys: deriveKeys(TEST_PORTAL_SECRET), clock: t.clock.now }),
      });
      const refused = await signInSequence(own, 'demopass');
      expect(refused.statusCode).toBe(401);
      expect(refused.body).toBe((await attackerTry(WRONG)).body);
      expect(await devices(account.id)).toEqual([]);
    });

    it("mails a new device's sign-in and the lock once each, in the user's language, and the lock once an hour", async () => {
      const own = await ownBrowser('fr_CA');
      const [newDevice] = await smtp.waitFor(1);
      expect(newDevice!.subject).toBe(
        'Carte commerciale Skerrymoor Bank : ouverture de session à partir d’un nouvel appareil',
      );
      expect(newDevice!.text).toContain('Appareil\u00a0: Firefox sous Linux');
      expect(newDevice!.text).toContain('Adresse\u00a0: 198.51.100.x');
      // Signing in again from the same browser is no news.
      expect((await signInSequence(own, 'demopass')).statusCode).toBe(200);

      await lockForUnknownDevices();
      const mails = await smtp.waitFor(2);
      expect(mails[1]!.subject).toBe(
        'Carte commerciale Skerrymoor Bank : ouverture de session à partir de nouveaux navigateurs bloquée',
      );
      expect(mails[1]!.text).toContain(
        'Les navigateurs et appareils à partir desquels vous avez déjà ouvert une session fonctionnent toujours',
      );

      // Unlocked and locked again within the hour: no second lock mail.
      await unlock();
      await lockForUnknownDevices();
      t.clock.advance(61 * 60 * 1000);
      await unlock();
      await lockForUnknownDevices();
      // Every mail is written with its change, so the outbox holds all there will be; all of them arrive.
      const written = await t.database.db.selectFrom('mail_outbox').select('subject').orderBy('created_at').execute();
      expect(written).toHaveLength(3);
      await smtp.waitFor(3);
      expect(smtp.received.map((m) => m.subject)).toEqual([
        'Carte commerciale Skerrymoor Bank : ouverture de session à partir d’un nouvel appareil',
        'Carte commerciale Skerrymoor Bank : ouverture de session à partir de nouveaux navigateurs bloquée',
        'Carte commerciale Skerrymoor Bank : ouverture de session à partir de nouveaux navigateurs bloquée',
      ]);
    });

    it('names the new device in the language of its sign-in, with no English word for it', async () => {
      const signs = [
        ['de', FIREFOX, 'Gerät: Firefox unter Linux', 'Adresse: 198.51.100.x'],
        ['ru', ANDROID_BROWSER, 'Устройство: Браузер Android на Android', 'Адрес: 198.51.100.x'],
        // The test client's own agent, which names neither browser nor system.
        ['ja', undefined, 'デバイス：不明なデバイス', 'アドレス：198.51.100.x'],
      ] as const;
      for (const [index, [locale, agent, device, address]] of signs.entries()) {
        const browser = t.client({
          ...(agent ? { headers: { 'user-agent': agent } } : {}),
          remoteAddress: '198.51.100.4',
        });
        browser.cookies.set(LOCALE_COOKIE, locale);
        browser.cookies.set(PASSKEY_SKIP_COOKIE, '1');
        expect((await signInSequence(browser, 'demopass')).body).toBe(HOME);
        const mail = (await smtp.waitFor(index + 1))[index]!;
        expect(mail.text).toContain(device);
        expect(mail.text).toContain(address);
        expect(mail.text).not.toMatch(/ on |unknown|Android Browser|an address starting/i);
      }
    });

    it('lists the trusted devices to their signed-in user, forgets one, and forgets all but this browser', async () => {
      const own = await ownBrowser();
      const other = t.client();
      await signInSequence(other, 'demopass');
      const listed = await own.get(Paths.devices);
      expect(listed.statusCode).toBe(200);
      type Listed = { id: string; current: boolean; device: object; address: string | null; locked: boolean };
      const list = listed.json<{ devices: Listed[] }>();
      expect(list.devices).toHaveLength(2);
      expect(list.devices.filter((d) => d.current)).toHaveLength(1);
      // In parts, for the page to word in its language; the other one's agent (the test client's) names nothing.
      expect(list.devices.find((d) => d.current)).toMatchObject({
        device: { browser: 'Firefox', os: 'Linux' },
        address: '198.51.100.x',
      });
      expect(list.devices.find((d) => !d.current)!.device).toEqual({ browser: null, os: null });

      const otherId = list.devices.find((d) => !d.current)!.id;
      expect((await own.request('DELETE', Paths.device(otherId))).statusCode).toBe(204);
      expect((await own.request('DELETE', Paths.device(otherId))).statusCode).toBe(404);
      // Forgotten, the other browser is an unknown device: its failures count on the account again.
      await signInSequence(other, 'demopass', WRONG);
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(1);

      await signInSequence(other, 'demopass');
      await signInSequence(t.client(), 'demopass');
      const forgotten = await own.request('DELETE', Paths.devices);
      expect(forgotten.json()).toEqual({ forgotten: 2 });
      const left = (await own.get(Paths.devices)).json<{ devices: { current: boolean }[] }>().devices;
      expect(left).toEqual([expect.objectContaining({ current: true })]);
      expect((await t.client().get(Paths.devices)).statusCode).toBe(401);
    });

    it('forgets the other devices when a password change asks it, and keeps them when not', async () => {
      const own = await ownBrowser();
      await signInSequence(t.client(), 'demopass');
      const change = (newCredential: string, oldCredential: string, forgetOtherDevices?: boolean) =>
        own.post(Paths.changePassword, {
          json: {
            userId: 'demopass',
            oldCredential,
            newCredential,
            ...(forgetOtherDevices ? { forgetOtherDevices } : {}),
          },
        });
      const account = await accountRow(t.database, 'demopass');
      expect((await change('Another-Pass-2027', DEMO_PASSWORD)).statusCode).toBe(200);
      expect(await devices(account.id)).toHaveLength(2);
      expect((await change('Third-Pass-2028', 'Another-Pass-2027', true)).statusCode).toBe(200);
      const left = await devices(account.id);
      expect(left).toHaveLength(1);
      expect(own.cookie(DEVICE_COOKIE)!.startsWith(`${left[0]!.id}.`)).toBe(true);
    });

    it('forgets the other devices when the change form posted without the script has the box ticked', async () => {
      const own = await ownBrowser();
      await signInSequence(t.client(), 'demopass');
      const account = await accountRow(t.database, 'demopass');
      const form = `${routePath('change-password-component')}?cobrandHost=skerrymoor&dest=MyProfile`;
      const post = async (fields: Record<string, string>) => {
        const page = await own.get(form, { browser: true });
        const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(page.body)?.[1] ?? '';
        return own.post(form, { form: { ...fields, [FORM_TOKEN_FIELD]: token }, browser: true, csrf: false });
      };
      const unticked = await post({ old: DEMO_PASSWORD, new1: 'Another-Pass-2027', new2: 'Another-Pass-2027' });
      expect(unticked.statusCode).toBe(303);
      expect(await devices(account.id)).toHaveLength(2);
      const fields = { old: 'Another-Pass-2027', new1: 'Third-Pass-2028', new2: 'Third-Pass-2028' };
      const ticked = await post({ ...fields, forgetOtherDevices: '1' });
      expect(ticked.statusCode).toBe(303);
      expect(ticked.headers.location).toBe(`${routePath('security-component')}?cobrandHost=skerrymoor`);
      const left = await devices(account.id);
      expect(left).toHaveLength(1);
      expect(own.cookie(DEVICE_COOKIE)!.startsWith(`${left[0]!.id}.`)).toBe(true);
    });

    const changeFrom = (client: TestClient, oldCredential: string, newCredential: string) =>
      client.post(Paths.changePassword, { json: { userId: 'demopass', oldCredential, newCredential } });

    it('lets the own browser change an expired password while the account is locked for unknown devices', async () => {
      const own = await ownBrowser();
      await lockForUnknownDevices();
      const account = await accountRow(t.database, 'demopass');
      await new AccountStore(t.database.db).expirePassword(account.user_id_key, t.clock.now());
      expect((await signInSequence(own, 'demopass')).body).toContain('change-password-component');

      // The same session without the device cookie (another browser's request) is refused as today.
      const stranger = t.client({ cookies: new Map([...own.cookies].filter(([name]) => name !== DEVICE_COOKIE)) });
      expectErrorShape(await changeFrom(stranger, DEMO_PASSWORD, 'Harbour-Light-77'), 400, 'invalid.credentials');

      expect((await changeFrom(own, DEMO_PASSWORD, 'Harbour-Light-77')).statusCode).toBe(200);
      expect((await signInSequence(own, 'demopass', 'Harbour-Light-77')).body).toBe(HOME);
      // The lock on unknown devices stays until an administrator lifts it.
      expect(await accountRow(t.database, 'demopass')).toMatchObject({ status: 'locked', failed_attempts: 6 });
      expect((await attackerTry('Harbour-Light-77')).statusCode).toBe(401);
    });

    it("leaves the user's browsers signed in when an attacker locks the account: only unknown devices' sessions end", async () => {
      const own = await ownBrowser();
      // A session on an unknown device: the right password from a browser that never opened the platform (it stops
      // at change password), which trusts nothing.
      const account = await accountRow(t.database, 'demopass');
      await new AccountStore(t.database.db).expirePassword(account.user_id_key, t.clock.now());
      const unknown = t.client();
      expect((await signInSequence(unknown, 'demopass')).body).toContain('change-password-component');

      await lockForUnknownDevices();
      expect((await accountRow(t.database, 'demopass')).status).toBe('locked');
      // The owner's live session goes on, without signing in again; the unknown device's has ended.
      expect((await own.get(Paths.session)).statusCode).toBe(200);
      expectErrorShape(await changeFrom(unknown, DEMO_PASSWORD, 'Harbour-Light-77'), 401, 'unauthenticated');
      const ended = await t.database.db
        .selectFrom('audit_event')
        .select('detail')
        .where('account_id', '=', account.id)
        .where('kind', '=', 'session.ended')
        .execute();
      expect(ended.map((row) => JSON.parse(row.detail))).toEqual([{ reason: 'locked', count: 1 }]);
      // The owner is told: the new-device mail of the first sign-in, then the lock's.
      const mails = await smtp.waitFor(2);
      expect(mails.map((mail) => mail.to)).toEqual([account.email, account.email]);
      expect(mails[1]!.subject).toMatch(/: sign-in from new browsers is locked$/);
    });

    it("counts a trusted browser's wrong current passwords on that browser: a right one clears, six lock it", async () => {
      const own = await ownBrowser();
      await lockForUnknownDevices();
      await signInSequence(own, 'demopass');
      const account = await accountRow(t.database, 'demopass');
      expectErrorShape(await changeFrom(own, WRONG, 'Harbour-Light-77'), 400, 'invalid.credentials');
      expect((await devices(account.id))[0]).toMatchObject({ failed_attempts: 1 });
      expect((await changeFrom(own, DEMO_PASSWORD, 'Harbour-Light-77')).statusCode).toBe(200);
      expect((await devices(account.id))[0]).toMatchObject({ failed_attempts: 0 });
      for (let i = 0; i < 6; i++) await changeFrom(own, WRONG, 'Harbour-Light-78');
      const [device] = await devices(account.id);
      expect(device).toMatchObject({ failed_attempts: 6 });
      expect(device!.locked_at).not.toBeNull();
      expectErrorShape(await changeFrom(own, 'Harbour-Light-77', 'Harbour-Light-78'), 400, 'invalid.credentials');
      expect((await signInSequence(own, 'demopass', 'Harbour-Light-77')).statusCode).toBe(401);
      expect(await auditKinds(account.id)).toContain('device.locked');
    });
  });

  describe(`${dialect}: a cobrand that turned the mails off`, () => {
    let t: TestApp | undefined;
    let smtp: TestSmtpServer | undefined;
    afterEach(async () => {
      await t?.close();
      await smtp?.stop();
    });

    it('sends neither the new-device nor the lock mail, and still audits the trust and the lock', async () => {
      smtp = await new TestSmtpServer().start();
      t = await createTestApp(dialect, {
        config: { smtpUrl: smtp.url },
        beforeStart: async (database) => {
          const row = await database.db
            .selectFrom('cobrand')
            .select('record')
            .where('name', '=', 'skerrymoor')
            .executeTakeFirstOrThrow();
          const stored = JSON.parse(row.record) as { record: Record<string, unknown> };
          stored.record.deviceMails = { lock: false, newDevice: false };
          const record = JSON.stringify(stored);
          await database.db.updateTable('cobrand').set({ record }).where('name', '=', 'skerrymoor').execute();
        },
      });
      expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
      for (let i = 0; i < 6; i++) await signInSequence(t.client(), 'demopass', WRONG);
      const account = await accountRow(t.database, 'demopass');
      expect(account.status).toBe('locked');
      const kinds = (
        await t.database.db.selectFrom('audit_event').select('kind').where('account_id', '=', account.id).execute()
      ).map((row) => row.kind);
      expect(kinds).toEqual(expect.arrayContaining(['device.trusted', 'account.locked']));
      expect(kinds).not.toContain('device.new.mailed');
      expect(kinds).not.toContain('device.lock.mailed');
      expect(await t.database.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
    });
  });

  if (dialect === 'postgres')
    describe('postgres: two instances on one database', () => {
      let first: TestApp | undefined;
      let second: TestApp | undefined;
      afterEach(async () => {
        await second?.close();
        await first?.close();
      });

      it("count a trusted browser's and the unknown devices' tries exactly, whichever instance each reaches", async () => {
        first = await createTestApp('postgres');
        second = await createTestApp('postgres', { sameDatabaseAs: first });
        const own = first.client();
        expect((await signInSequence(own, 'demopass')).statusCode).toBe(200);
        // The same browser (one cookie jar) behind a load balancer that spreads its requests over both instances.
        const onSecond = second.client({ cookies: own.cookies });
        const { ldapId } = (await own.get(`${Paths.loginInfo}?username=demopass`)).json<{ ldapId: string }>();
        const form = { username: ldapId, 'login-form-type': 'password', password: WRONG };
        const fromOwn = await Promise.all(
          Array.from({ length: 12 }, (_, i) => (i % 2 ? own : onSecond).post(Paths.sendLogin, { form })),
        );
        expect(fromOwn.map((a) => a.statusCode)).toEqual(Array(12).fill(401));
        const strangers = await Promise.all(
          Array.from({ length: 12 }, (_, i) => (i % 2 ? first! : second!).client().openPage()),
        );
        const fromStrangers = await Promise.all(strangers.map((stranger) => stranger.post(Paths.sendLogin, { form })));
        expect(fromStrangers.map((a) => a.statusCode)).toEqual(Array(12).fill(401));

        const account = await accountRow(first.database, 'demopass');
        expect(account).toMatchObject({ status: 'locked', failed_attempts: 6 });
        const [device] = await first.database.db
          .selectFrom('trusted_device')
          .selectAll()
          .where('account_id', '=', account.id)
          .execute();
        expect(device).toMatchObject({ failed_attempts: 6 });
        expect(device!.locked_at).not.toBeNull();
      });
    });
}
