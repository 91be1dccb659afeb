/** Sessions end after SESSION_IDLE_SECONDS without a renewal and at the absolute lifetime; the ping renews (§7, §9). */
import { readFileSync } from 'node:fs';
import { Paths } from '@portal/contract';
import { SessionStore } from './session-store.js';
import { describe, expect, it } from 'vitest';
import { DIALECTS, expectErrorShape, signInSequence, type TestApp, useFreshTestApp } from '../../test/harness.js';

const IDLE_MS = 300_000;

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, { config: { sessionAbsoluteSeconds: 900 } }, (app) => (t = app));

    async function signedIn() {
      const client = t.client();
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
      return client;
    }

    it('ends a session 300 s after the last renewal, and the old cookie never works again', async () => {
      const client = await signedIn();
      t.clock.advance(IDLE_MS - 1_000);
      expect((await client.get(Paths.session)).statusCode).toBe(200);
      t.clock.advance(1_000);
      expectErrorShape(await client.get(Paths.session), 401, 'unauthenticated');
      expectErrorShape(await client.get(Paths.sessionPing), 401, 'unauthenticated');
      t.clock.advance(-IDLE_MS);
      expectErrorShape(await client.get(Paths.session), 401, 'unauthenticated');
    });

    it('renews on the ping: the idle clock really moves', async () => {
      const client = await signedIn();
      t.clock.advance(220_000);
      const ping = await client.get(Paths.sessionPing);
      expect(ping.statusCode).toBe(200);
      expect(ping.json()).toEqual({
        idleExpiresAt: t.clock.now() + IDLE_MS,
        absoluteExpiresAt: expect.any(Number),
        serverTime: t.clock.now(),
      });
      t.clock.advance(IDLE_MS - 1_000);
      expect((await client.get(Paths.session)).statusCode).toBe(200);
      expect((await client.get(Paths.session)).json().idleExpiresAt).toBe(ping.json().idleExpiresAt);
    });

    it('leaves the deadline as stored when a ping would move it by less than 1 % of the idle time', async () => {
      const client = await signedIn();
      t.clock.advance(60_000);
      const first = (await client.get(Paths.sessionPing)).json();
      expect(first.idleExpiresAt).toBe(t.clock.now() + IDLE_MS);
      t.clock.advance(2_999);
      const soon = (await client.get(Paths.sessionPing)).json();
      expect(soon).toEqual({
        idleExpiresAt: first.idleExpiresAt,
        absoluteExpiresAt: first.absoluteExpiresAt,
        serverTime: t.clock.now(),
      });
      expect((await client.get(Paths.session)).json().idleExpiresAt).toBe(first.idleExpiresAt);
      t.clock.advance(1);
      expect((await client.get(Paths.sessionPing)).json().idleExpiresAt).toBe(t.clock.now() + IDLE_MS);
    });

    it('never extends a session past its absolute lifetime', async () => {
      const client = await signedIn();
      const { absoluteExpiresAt } = (await client.get(Paths.session)).json();
      for (let i = 0; i < 3; i += 1) {
        t.clock.advance(280_000);
        const ping = await client.get(Paths.sessionPing);
        expect(ping.statusCode).toBe(200);
        expect(ping.json().idleExpiresAt).toBeLessThanOrEqual(absoluteExpiresAt);
      }
      t.clock.advance(absoluteExpiresAt - t.clock.now());
      expectErrorShape(await client.get(Paths.sessionPing), 401, 'unauthenticated');
    });

    it('renews a restricted session (change password) too, whose screen carries the warning', async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demoexpired')).statusCode).toBe(200);
      expect((await client.get(Paths.sessionPing)).statusCode).toBe(200);
    });

    it('sweeps away sessions past their idle or absolute deadline and keeps live ones', async () => {
      await signedIn(); // never renewed: idle deadline at 300 s
      const renewed = await signedIn(); // renewed until its absolute lifetime ends at 900 s
      for (let i = 0; i < 4; i += 1) {
        t.clock.advance(200_000);
        expect((await renewed.get(Paths.sessionPing)).statusCode).toBe(200);
      }
      const live = await signedIn(); // signed in at 800 s: live until 1,100 s
      t.clock.advance(150_000);
      const count = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('session')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBe(3);
      expect(await new SessionStore(t.database.db).deleteExpired(t.clock.now())).toHaveLength(2);
      expect(await count()).toBe(1);
      expect((await live.get(Paths.session)).statusCode).toBe(200);
    });

    it('answers the ping with 401 without a session', async () => {
      expectErrorShape(await t.client().get(Paths.sessionPing), 401, 'unauthenticated');
    });

    it('answers the warning content of §3 in the language of the locale cookie, with the {0} for the countdown', async () => {
      const client = t.client();
      const content = await client.get(`${Paths.sessionWarningContent}?cobrandHost=skerrymoor`);
      expect(content.statusCode).toBe(200);
      expect(content.json()).toEqual({
        sessionExpireContinueButtonLabel: 'Continue',
        sessionExpireWarningBoxTitle: 'Your session is about to expire',
        sessionExpireLogoutButtonLabel: 'Log out',
        generalSessionHelpExpireMessage: expect.stringContaining('Continue'),
        generalSessionAboutToExpireMessage: expect.stringContaining('{0}'),
        sessionExpirationWarningBoxPingUrl: Paths.sessionPing,
      });
      expectErrorShape(await client.get(`${Paths.sessionWarningContent}?cobrandHost=bad%20name`), 400);
    });

    it('answers the warning content in the language of the locale cookie, for any cobrand', async () => {
      const french = JSON.parse(
        readFileSync(new URL('../../../data/i18n/fr/PortalLabels.json', import.meta.url), 'utf8'),
      ) as Record<string, string>;
      const client = t.client();
      client.cookies.set('user_locale', 'fr');
      const content = (await client.get(`${Paths.sessionWarningContent}?cobrandHost=larchmere`)).json();
      expect(content.sessionExpireWarningBoxTitle).toBe(french.sessionExpireWarningBoxTitle);
      expect(content.sessionExpireContinueButtonLabel).toBe(french.sessionExpireContinueButtonLabel);
      expect(content.generalSessionAboutToExpireMessage).toBe(french.generalSessionAboutToExpireMessage);
      expect(content.sessionExpireWarningBoxTitle).not.toBe('Your session is about to expire');
    });
  });
}
