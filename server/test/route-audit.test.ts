/**
 * Every public route that declares an audit kind for a refusal (http/route-guard.ts) is refused as a caller meets it
 * (a wrong password, a wrong answer, a message no provider signed), and the audit trail is read back: the call wrote
 * only kinds its route declares, at least one that the SIEM publishes as a failure, none it publishes as a success,
 * and about the account the call named. Which routes: read from the route table; how to refuse each: `PROVOKE`, whose
 * keys must be exactly those routes (a screen's form counted once for both of its addresses). A route refused by the
 * fresh-sign-in rule alone is provoked in route-guards.test.ts. A small app whose route audits a refusal as a success,
 * and writes a kind it does not declare, shows the check catches both.
 */
import { DeviceCodePaths } from '@portal/contract/device-code';
import { FORM_TOKEN_FIELD, PasskeyPaths, Paths, RecoveryCodePaths } from '@portal/contract';
import Fastify from 'fastify';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, type AuditKind } from '../src/db/audit-log.js';
import { DEMO_TOKEN_PIN } from '../src/demo-users.js';
import { guard, recordRoutes, type RouteEntry } from '../src/http/route-guard.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { securityEvent } from '../src/siem/index.js';
import { codeAt, openSealed, stepAt, TokenStore } from '../src/token/index.js';
import {
  accountRow,
  createTestApp,
  loginInfo,
  signInSequence,
  TEST_PORTAL_SECRET,
  TestClient,
  type TestApp,
} from './harness.js';
import { nameOf, routesOf, sampleUrl } from './route-table.js';
import { SoftCredential } from './soft-authenticator.js';

const WRONG = 'Not-The-Password-1';
const NEW_PASSWORD = 'Harbour-Light-77';

/** Kinds the SIEM publishes as a failure, by their name (siem/security-event.ts). */
const refusalKind = (kind: string) => kind.endsWith('.failure') || kind.endsWith('.refused');
const declaredKinds = (route: RouteEntry): string[] => {
  const audit = route.config.guard?.audit;
  return audit === undefined || (typeof audit === 'string' && audit.startsWith('none:')) ? [] : [audit].flat();
};

/** The routes to refuse: declaring a refusal kind other than the fresh-sign-in rule's (route-guards.test.ts). */
const refusable = (route: RouteEntry) =>
  declaredKinds(route).some((kind) => refusalKind(kind) && kind !== 'factor.change.refused');
/** A screen's form posts at both of its addresses (§2's and under the context path): one provocation for both. */
const keyOf = (route: RouteEntry) =>
  route.url.endsWith('-component') ? `${route.method} ${route.url.split('/').pop()}` : nameOf(route);

/** An audit row as written, and as the SIEM publishes its outcome. */
interface Written {
  kind: string;
  accountId: string | null;
  outcome: 'success' | 'failure';
}

/**
 * What a refused call wrote, against its route's declaration: kinds it does not declare, no failure, a success, or
 * the failure about another account than `accountId` (null: the call named none the trail could know).
 */
export function refusalContradictions(route: RouteEntry, written: Written[], accountId: string | null): string[] {
  const at = nameOf(route);
  const declared = declaredKinds(route);
  // The fresh-sign-in rule's refusal is what `factor` declares.
  if (route.config.guard?.factor) declared.push('factor.change.refused');
  const problems: string[] = [];
  if (!written.length) problems.push(`${at}: refused, and nothing audited`);
  for (const row of written) {
    if (!declared.includes(row.kind)) problems.push(`${at}: wrote ${row.kind}, which it does not declare`);
    if (row.outcome === 'success') problems.push(`${at}: a refusal audited as ${row.kind}, a success`);
  }
  const failures = written.filter((row) => row.outcome === 'failure');
  if (written.length && !failures.length) problems.push(`${at}: no failure in what it audited`);
  if (accountId && failures.length && !failures.some((row) => row.accountId === accountId))
    problems.push(`${at}: the refusal audited about another account`);
  return problems;
}

/** One refused call as a caller makes it: `before` readies the caller (what it audits is not the route's). */
interface Provocation {
  /** The user the call names, whose account the refusal is about; null where the trail cannot know one. */
  who: string | null;
  before?: (c: TestClient) => Promise<unknown>;
  call: (c: TestClient, url: string, before: unknown) => Promise<Response>;
}

/** A screen's own form, as a browser without the script posts it: the anti-forgery token in its field. */
const postForm = (c: TestClient, url: string, fields: Record<string, string>) =>
  c.post(url, { form: { ...fields, [FORM_TOKEN_FIELD]: c.csrfToken ?? '' }, browser: true, csrf: false });

const question = async (c: TestClient, userId: string) => {
  await c.openPage();
  const asked = await c.post(Paths.securityQuestions, { json: { userId, locale: 'en_US' } });
  return asked.json<{ questionId: string; questionText: string }>();
};

let t: TestApp;

/** The code a token user's token shows now (`offset` steps on). */
const tokenCode = async (userId: string, offset = 0) => {
  const token = (await new TokenStore(t.database.db).find((await accountRow(t.database, userId)).id))!;
  return codeAt(openSealed(deriveKeys(TEST_PORTAL_SECRET).seal, token.seed_sealed), stepAt(t.clock.now()) + offset);
};

const PROVOKE: Record<string, Provocation> = {
  [`POST ${Paths.sendLogin}`]: {
    who: 'demopass',
    before: async (c) => (await c.openPage(), loginInfo(c, 'demopass')),
    call: (c, url, info) =>
      c.post(url, {
        form: { username: (info as { ldapId: string }).ldapId, 'login-form-type': 'password', password: WRONG },
      }),
  },
  [`POST ${PasskeyPaths.signIn}`]: {
    // A passkey the portal does not know names no account it could trust.
    who: null,
    before: async (c) => (await (await c.openPage()).post(PasskeyPaths.signInOptions)).json(),
    call: (c, url, options) =>
      c.post(url, { json: { response: new SoftCredential('nobody').assert(options as { challenge: string }) } }),
  },
  [`POST ${RecoveryCodePaths.signIn}`]: {
    who: 'demotoken',
    before: (c) => c.openPage(),
    call: (c, url) => c.post(url, { json: { userId: 'demotoken', pin: DEMO_TOKEN_PIN, code: 'ABCD-EFGH-JKLM' } }),
  },
  [`POST ${DeviceCodePaths.verify}`]: {
    // A code for no sign-in held in this browser names no account.
    who: null,
    before: (c) => c.openPage(),
    call: (c, url) => c.post(url, { json: { attempt: 'no-such-attempt', code: '123456' } }),
  },
  [`POST ${Paths.temporaryPasswords}`]: {
    who: 'demopass',
    before: (c) => question(c, 'demopass'),
    call: (c, url, asked) =>
      c.post(url, {
        json: {
          userId: 'demopass',
          locale: 'en_US',
          securityQuestionSTO: { ...(asked as object), questionResponse: WRONG },
        },
      }),
  },
  [`POST ${Paths.forgotPassword}`]: {
    who: 'demopass',
    before: (c) => question(c, 'demopass'),
    call: (c, url, asked) =>
      c.post(url, {
        json: {
          userId: 'demopass',
          locale: 'en_US',
          securityQuestion: { questionId: (asked as { questionId: string }).questionId, questionResponse: WRONG },
        },
      }),
  },
  [`POST ${Paths.changePassword}`]: {
    who: 'demoexpired',
    before: (c) => signInSequence(c, 'demoexpired'),
    call: (c, url) =>
      c.post(url, { json: { userId: 'demoexpired', oldCredential: WRONG, newCredential: NEW_PASSWORD } }),
  },
  'POST /sdportal/sso/:name/backchannel-logout': {
    who: null,
    call: (c, url) => c.post(sampleUrl(url), { form: { logout_token: 'not.a.token' } }),
  },
  'GET /sdportal/sso/:name/frontchannel-logout': {
    who: null,
    call: (c, url) => c.get(`${sampleUrl(url)}?iss=https%3A%2F%2Fnot.the.provider&sid=x`),
  },
  'GET /sdportal/sso/:name/slo': {
    who: null,
    call: (c, url) => c.get(`${sampleUrl(url)}?SAMLRequest=not-a-request`),
  },
  'POST /sdportal/sso/:name/slo': {
    who: null,
    call: (c, url) => c.post(sampleUrl(url), { form: { SAMLRequest: 'not-a-request' } }),
  },
  'GET /sdportal/sso/:name/callback': {
    // An answer with no sign-on of this browser's behind it, for a cobrand with no provider.
    who: null,
    call: (c, url) => c.get(`${sampleUrl(url)}?code=x&state=y`, { browser: true }),
  },
  'POST /sdportal/sso/:name/callback': {
    who: null,
    call: (c, url) => c.post(sampleUrl(url), { form: { SAMLResponse: 'not-an-answer' }, browser: true }),
  },
  [`POST ${PasskeyPaths.passkeys}`]: {
    // The authenticator's answer to another challenge than the one this session was given.
    who: 'demopass',
    before: async (c) => {
      await signInSequence(c, 'demopass');
      return (await c.post(PasskeyPaths.registrationOptions)).json();
    },
    call: async (c, url, options) => {
      const handle = Buffer.from((await accountRow(t.database, 'demopass')).id).toString('base64url');
      const response = new SoftCredential(handle).register(options as { challenge: string }, { challenge: 'other' });
      return c.post(url, { json: { response } });
    },
  },
  'POST new-rsa-pin-component': {
    // The new PIN with a passcode the token never showed.
    who: 'demonewpin',
    before: async (c) => {
      t.clock.advance(60_000);
      return signInSequence(c, 'demonewpin', await tokenCode('demonewpin'));
    },
    call: (c, url) =>
      postForm(c, `${url}?cobrandHost=skerrymoor`, { pin: '1357', confirm: '1357', passcode: '00000000' }),
  },
  'POST login-signin-component': {
    who: 'demopass',
    before: (c) => c.openPage(),
    call: (c, url) => postForm(c, `${url}?cobrandHost=skerrymoor`, { userId: 'demopass', password: WRONG }),
  },
  'POST recovery-code-component': {
    who: 'demotoken',
    before: (c) => c.openPage(),
    call: (c, url) =>
      postForm(c, `${url}?cobrandHost=skerrymoor`, {
        userId: 'demotoken',
        pin: DEMO_TOKEN_PIN,
        code: 'ABCD-EFGH-JKLM',
      }),
  },
  'POST forgot-password-component': {
    who: 'demopass',
    before: (c) => question(c, 'demopass'),
    call: (c, url, asked) =>
      postForm(c, `${url}?cobrandHost=skerrymoor`, { userId: 'demopass', ...(asked as object), answer: WRONG }),
  },
  'POST change-password-component': {
    who: 'demoexpired',
    before: (c) => signInSequence(c, 'demoexpired'),
    call: (c, url) =>
      postForm(c, `${url}?cobrandHost=skerrymoor`, { old: WRONG, new1: NEW_PASSWORD, new2: NEW_PASSWORD }),
  },
  'POST next-token-component': {
    // Doubted after a wrong PIN: the next code asked for; the code already used is refused.
    who: 'demotoken',
    before: async (c) => {
      // A code of its own: one used before is refused at once, not doubted.
      t.clock.advance(60_000);
      await signInSequence(
        t.client({ remoteAddress: '10.7.0.99' }),
        'demotoken',
        `${DEMO_TOKEN_PIN.replace(/./, '9')}00000000`,
      );
      const code = await tokenCode('demotoken');
      return { code, doubted: (await signInSequence(c, 'demotoken', `${DEMO_TOKEN_PIN}${code}`)).body };
    },
    call: (c, url, before) => {
      const { code, doubted } = before as { code: string; doubted: string };
      return postForm(c, `${url}${doubted.slice(doubted.indexOf('?'))}`, { passcode: code });
    },
  },
};

/** The rows the call writes, as the SIEM would publish their outcome. */
async function audited(during: () => Promise<unknown>): Promise<Written[]> {
  const ids = async () => (await t.database.db.selectFrom('audit_event').select('id').execute()).map((r) => r.id);
  const before = new Set(await ids());
  await during();
  const rows = await t.database.db.selectFrom('audit_event').selectAll().orderBy('id').execute();
  return rows
    .filter((row) => !before.has(row.id))
    .map((row) => {
      const event = {
        id: row.id,
        at: row.at,
        kind: row.kind as AuditKind,
        accountId: row.account_id,
        detail: JSON.parse(row.detail) as Record<string, string>,
        address: row.client_address,
        userAgent: row.user_agent,
        actor: row.actor,
      };
      return { kind: row.kind, accountId: row.account_id, outcome: securityEvent(event, undefined).outcome };
    });
}

beforeAll(async () => {
  t = await createTestApp('sqlite');
});
afterAll(() => t?.close());

describe('the audit of a refusal', () => {
  it('is written for every public route declaring one, with a declared kind and the failure it is', async () => {
    const routes = routesOf(t.app).filter(refusable);
    expect([...new Set(routes.map(keyOf))].sort()).toEqual(Object.keys(PROVOKE).sort());
    const problems: string[] = [];
    let n = 0;
    for (const route of routes) {
      const { who, before, call } = PROVOKE[keyOf(route)]!;
      // Each refusal the account's first: its tries given back, as a right sign-in gives them (six lock it).
      if (who)
        await t.database.db.updateTable('account').set({ failed_attempts: 0 }).where('user_id', '=', who).execute();
      // Each call from an address of its own: the per-address budgets are not what is checked here.
      const client = t.client({ remoteAddress: `10.7.1.${++n}` });
      const ready = await before?.(client);
      const written = await audited(() => call(client, route.url, ready));
      problems.push(...refusalContradictions(route, written, who && (await accountRow(t.database, who)).id));
    }
    expect(problems).toEqual([]);
  });

  it('fails a route that audits its refusal as a success, or writes a kind it does not declare (the check itself)', async () => {
    const app = Fastify();
    recordRoutes(app);
    const audit = new AuditLog(t.database.db, t.clock.now);
    const signIn = guard({
      throttle: 'none: a test',
      changes: true,
      csrf: 'token',
      audit: ['signin.success', 'signin.failure'],
    });
    app.post('/as-success', { config: signIn }, async () => {
      await audit.record('signin.success', null, { reason: 'credentials' });
      return 'refused';
    });
    app.post('/undeclared', { config: signIn }, async () => {
      await audit.record('recovery.failure', null, {});
      return 'refused';
    });
    app.post('/silent', { config: signIn }, async () => 'refused');
    await app.ready();
    try {
      const problems: string[] = [];
      for (const route of routesOf(app)) {
        const written = await audited(() => new TestClient(app).post(route.url));
        problems.push(...refusalContradictions(route, written, null));
      }
      expect(problems).toEqual([
        'POST /as-success: a refusal audited as signin.success, a success',
        'POST /as-success: no failure in what it audited',
        'POST /undeclared: wrote recovery.failure, which it does not declare',
        'POST /silent: refused, and nothing audited',
      ]);
    } finally {
      await app.close();
    }
  });
});
