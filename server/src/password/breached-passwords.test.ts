/**
 * Passwords known from breaches (issue 35): refused at change password, naming the rule, and flagged at sign-in (led
 * to change password, as an expired one), against the list shipped with the portal and, where the bank allows it, a
 * Pwned Passwords range service, here a small one of the protocol's shape on loopback, up and down.
 */
import { Paths, SUPPORTED_LOCALES } from '@portal/contract';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-users.js';
import { hashSecret } from '../security/passwords.js';
import {
  accountRow,
  createTestApp,
  DIALECTS,
  expectErrorShape,
  keptLog,
  signInSequence,
  type TestApp,
  type TestClient,
} from '../../test/harness.js';

/** In the shipped list (zxcvbn-ts), not among the 10,000 most common, and within every other rule. */
const SHIPPED = 'chickenwing101';
/** In no shipped list: only the range service knows it. */
const RANGE_ONLY = 'Quiet-Harbour-Lamp-8';
const FRESH = 'Harbour-Light-77';
const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const EXPIRED = '/public-portal-ui/change-password-component?ec=0x13212079&cobrandHost=skerrymoor';
/** Where a right password known from a breach leads: change password, saying why. */
const BREACHED = '/public-portal-ui/change-password-component?ec=breached&cobrandHost=skerrymoor';
const BREACH_NOTICE = 'Your password has been found in a known data breach. Please enter a new password.';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

/** The range protocol: GET /range/<5 hex> answers `<35 hex>:<count>` lines, padded with count-0 lines on request. */
function rangeServer(known: string[]) {
  const asked: { path: string; padding: string | undefined }[] = [];
  const server = createServer((request, response) => {
    asked.push({ path: request.url ?? '', padding: request.headers['add-padding'] as string | undefined });
    const prefix = /^\/range\/([0-9A-F]{5})$/.exec(request.url ?? '')?.[1];
    if (!prefix) return void response.writeHead(404).end();
    const lines = known
      .map(sha1)
      .filter((hash) => hash.startsWith(prefix))
      .map((hash) => `${hash.slice(5)}:42`);
    if (request.headers['add-padding'] === 'true') for (let i = 0; i < 5; i += 1) lines.push(`${'0'.repeat(34)}${i}:0`);
    response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  return { server, asked };
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

const change = (client: TestClient, newCredential: string) =>
  client.post(Paths.changePassword, { json: { userId: 'demoexpired', oldCredential: DEMO_PASSWORD, newCredential } });

/** demopass's password set to `password`, as if the user had chosen it before the list knew it. */
async function setPassword(t: TestApp, password: string) {
  const hash = await hashSecret(password);
  await t.database.db
    .updateTable('account')
    .set({ password_hash: hash })
    .where('user_id_key', '=', 'demopass')
    .execute();
}

const breachedFlags = (t: TestApp) =>
  t.database.db
    .selectFrom('audit_event')
    .select('detail')
    .where('kind', '=', 'account.password.expired')
    .execute()
    .then((rows) => rows.map((row) => JSON.parse(row.detail) as Record<string, string>));

it.each([
  ['PortalLabels', 'change.refused.breached'],
  ['Messages', 'password.breached'],
])('words the refusal and the sign-in notice in every locale, each in its own language (%s %s)', (bundle, key) => {
  const text = (locale: string) =>
    (
      JSON.parse(
        readFileSync(new URL(`../../../data/i18n/${locale}/${bundle}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>
    )[key];
  const english = text('en_US');
  for (const locale of SUPPORTED_LOCALES) {
    expect(text(locale), locale).toBeTruthy();
    if (!locale.startsWith('en')) expect(text(locale), locale).not.toBe(english);
  }
});

for (const dialect of DIALECTS) {
  describe(`${dialect}, the shipped list (the default)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it('refuses a new password from the list at change password, naming the rule', async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demoexpired')).body).toBe(EXPIRED);
      const [item] = expectErrorShape(await change(client, SHIPPED), 400, 'password.policy');
      expect(item).toMatchObject({ field: 'newCredential', params: ['breached'] });
      expect((await change(client, FRESH)).statusCode).toBe(200);
    });

    it('leads a right password from the list to change password at sign-in, saying why, and keeps it flagged', async () => {
      await setPassword(t, SHIPPED.toUpperCase());
      const client = t.client();
      expect((await signInSequence(client, 'demopass', SHIPPED.toUpperCase())).body).toBe(BREACHED);
      expect((await accountRow(t.database, 'demopass')).password_state).toBe('expired');
      expect(await breachedFlags(t)).toContainEqual({ reason: 'breached' });
      // The screen says the password was found in a breach, not that it expired, before any script runs.
      const page = (await client.get(BREACHED, { browser: true })).body;
      expect(/<p class="portal-change__notice" id="change-notice">([^<]*)<\/p>/.exec(page)?.[1]).toBe(BREACH_NOTICE);
      expect((await signInSequence(t.client(), 'demopass', SHIPPED.toUpperCase())).body).toBe(BREACHED);
    });
  });

  describe(`${dialect}, the range service`, () => {
    let t: TestApp;
    let range: ReturnType<typeof rangeServer>;
    let log: ReturnType<typeof keptLog>;
    beforeAll(async () => {
      range = rangeServer([RANGE_ONLY]);
      const url = await listen(range.server);
      log = keptLog('warn');
      t = await createTestApp(dialect, {
        config: { breachedPasswords: { mode: 'range', url, timeoutMs: 2000 } },
        logger: log.logger,
      });
    });
    afterAll(async () => {
      await t.close();
      if (range.server.listening) range.server.close();
    });

    it('while it answers: refuses its password at change, flags it at sign-in, and sends only five hex digits', async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demoexpired')).body).toBe(EXPIRED);
      const [item] = expectErrorShape(await change(client, RANGE_ONLY), 400, 'password.policy');
      expect(item).toMatchObject({ params: ['breached'] });
      // Still refused by the shipped list first, without asking the range service.
      const before = range.asked.length;
      expect(expectErrorShape(await change(client, SHIPPED), 400, 'password.policy')[0]).toMatchObject({
        params: ['breached'],
      });
      expect(range.asked.length).toBe(before);

      await setPassword(t, RANGE_ONLY);
      expect((await signInSequence(t.client(), 'demopass', RANGE_ONLY)).body).toBe(BREACHED);
      expect(range.asked.at(-1)).toEqual({ path: `/range/${sha1(RANGE_ONLY).slice(0, 5)}`, padding: 'true' });
      expect(JSON.stringify(range.asked)).not.toContain(sha1(RANGE_ONLY).slice(5));
    });

    it('while it is away: the sign-in goes on, and the log says so without the password', async () => {
      await new Promise((resolve) => range.server.close(resolve));
      await t.database.db
        .updateTable('account')
        .set({ password_state: 'current' })
        .where('user_id_key', '=', 'demopass')
        .execute();
      expect((await signInSequence(t.client(), 'demopass', RANGE_ONLY)).body).toBe(HOME);
      const said = log.lines.map((line) => String(line.msg)).filter((msg) => msg.includes('range service'));
      expect(said.at(-1)).toMatch(
        /^breached-password range service at http:\/\/127\.0\.0\.1:\d+ unavailable \(ECONNREFUSED\): this password was checked against the shipped list only$/,
      );
      expect(JSON.stringify(log.lines)).not.toContain(RANGE_ONLY);
      expect(JSON.stringify(log.lines)).not.toContain(sha1(RANGE_ONLY).slice(0, 5));
    });
  });
}
