/**
 * Fuzzing (ARCHITECTURE §6, docs/security.md "Edges"): every route the service registers receives thousands of
 * generated query strings, JSON and form bodies, content types, headers, cookies and path parameters: wrong types,
 * missing and extra fields, huge values, deep nesting, unicode edge cases (NUL, lone surrogates, bidi and zero-width
 * marks, combining characters, emoji), invalid escapes and bytes, traversal attempts. Whatever arrives:
 *
 * - no answer is a 5xx, and the service keeps answering (and a demo user can still sign in) afterwards;
 * - every 4xx is the spec's error shape `{errors: [{code, message, ...}]}`, except what docs/api.md gives another
 *   body: send-login's refusal (401 text/plain), the not-found page to a browser, HEAD;
 * - a non-GET request without the anti-forgery token is refused with 403 `csrf`, and one with it gets past the guard,
 *   so most requests exercise validation rather than only the guard;
 * - a refused request (any 4xx) changes nothing in the database: accounts (failed_attempts and status included),
 *   sessions, temporary passwords, the outbox, tokens and their attempts, password history, the audit count and the
 *   cobrands. The exception is a sign-in, recovery or password-change try the service accepted the shape of: such a
 *   try records an audit event and may count a failure by design, so those are left out of that check;
 * - the heap stays bounded over repeated rounds.
 *
 * One service per dialect serves the whole fuzz, with fixed cookie jars (anonymous, signed in, must-change, new-PIN and
 * next-token sessions, forged and over-long session cookies, a never-issued sec-token) that answers never change.
 * The database is snapshotted before a request and compared after every refusal. Right-shaped sign-in, recovery and
 * password-change tries cost argon2, so they are few and only for accounts a try cannot lock (locked, inactive,
 * unknown); the rest of those routes' bodies are made so that their schema certainly refuses them, and the test
 * checks that it did. The last block holds, one input each, what the fuzz found answered wrongly.
 *
 * Seeds are fixed: FUZZ_SEED=<n> replays the seed fast-check prints with a failure, FUZZ_SCALE=<k> multiplies every
 * run count (a longer soak), FUZZ_SHRINK=0 stops at the first failure instead of shrinking it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PathPatterns, Paths, PORTAL_UI_BASE, routePath, ROUTES, ServicePaths } from '@portal/contract';
import fc, { type Arbitrary } from 'fast-check';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { WEB_DIST_DIR } from '../src/paths.js';
import { issueCsrfToken, sessionBinding } from '../src/security/csrf.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { seal } from '../src/security/sealed-box.js';
import { keyAndCertificate } from '../../scripts/demo-idp/saml.mjs';
import { codeAt, openSealed, stepAt, TokenStore } from '../src/token/index.js';
import {
  BODY_LIMIT,
  MISSING,
  anyText,
  contentType,
  encodedPairs,
  extraFields,
  garbageCookies,
  headerValue,
  hugeJsonString,
  isTraversal,
  jsonValue,
  neverAString,
  neverAnObject,
  nonString,
  objectOf,
  pathSegment,
  percentEncode,
  queryString,
  rawBytes,
  rawJsonText,
  shortText,
  textOver,
  textWithin,
  type Maybe,
} from './fuzz-inputs.js';
import {
  DIALECTS,
  SESSION_COOKIE,
  TEST_PORTAL_SECRET,
  accountRow,
  expectErrorShape,
  loginInfo,
  signInSequence,
  useSharedTestApp,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from './harness.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const SCALE = Math.max(0.1, Number(process.env.FUZZ_SCALE ?? 1));
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const FUZZ_TIMEOUT = 180_000;
const MiB = 1024 * 1024;

const keys = deriveKeys(TEST_PORTAL_SECRET);

// ---------------------------------------------------------------------------------------------------------------
// Who sends: cookie jars fixed at set-up (answers never change them), and how the anti-forgery header is sent.

type IdentityName =
  | 'nothing'
  | 'anonymous'
  | 'signedIn'
  | 'mustChange'
  | 'newPin'
  | 'nextToken'
  | 'forgedSession'
  | 'forgedSessionUnboundToken'
  | 'neverIssuedToken'
  | 'oversizedSession'
  | 'signedInAnonymousToken';
const IDENTITIES: readonly IdentityName[] = [
  'nothing',
  'anonymous',
  'signedIn',
  'mustChange',
  'newPin',
  'nextToken',
  'forgedSession',
  'forgedSessionUnboundToken',
  'neverIssuedToken',
  'oversizedSession',
  'signedInAnonymousToken',
];
/** Identities whose session a logout (or a successful PIN) would end: kept away from those calls. */
const LIVE_SESSIONS: ReadonlySet<IdentityName> = new Set(['signedIn', 'mustChange', 'newPin', 'nextToken']);

interface Identity {
  cookies: [string, string][];
  /** The sec-token cookie it holds, if any. */
  token: string | undefined;
  /** Whether that token is one the service issued for this session cookie (or for none). */
  tokenValid: boolean;
}

type CsrfMode = 'echo' | 'csrfHeader' | 'none' | 'duplicate' | 'joined' | 'other' | 'huge' | 'conflict';
const csrfMode: Arbitrary<CsrfMode> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<CsrfMode>('echo') },
  { weight: 2, arbitrary: fc.constant<CsrfMode>('csrfHeader') },
  { weight: 1, arbitrary: fc.constantFrom<CsrfMode>('none', 'duplicate', 'joined', 'other', 'huge', 'conflict') },
);

// ---------------------------------------------------------------------------------------------------------------
// What is sent.

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

/** The routes whose handler, given a body of the right shape, spends argon2 and may record a try by design. */
type TryRoute = 'sendLogin' | 'temporaryPasswords' | 'forgotPassword' | 'changePassword';

interface FuzzRequest {
  /** Which route (or group) this targets, for the report and for the documented exceptions. */
  route: string;
  method: Method;
  url: string;
  identity: IdentityName;
  csrf: CsrfMode;
  /** undefined: no content-type header. */
  contentType?: string;
  payload?: string | Buffer;
  headers?: Record<string, string | string[]>;
  /** Appended to the identity's cookies. */
  extraCookies?: string;
}

interface RouteSpec {
  key: string;
  method: Method;
  path: string;
}

const COBRANDS = ['skerrymoor', 'larchmere', 'veltmoor', 'default', 'SKERRYMOOR', 'no-such-bank'];
const LOCALES = ['en_US', 'en_GB', 'de_DE', 'fr_FR', 'ar', 'xx_XX', '__proto__', 'EN_us', ''];
const ACTIVE_USERS = ['demopass', 'demoexpired', 'demotoken', 'demonewpin'];
const INERT_USERS = ['demolocked', 'demoinactive', 'nobody-here', ' DemoLocked ', 'NOBODY'];

const text64 = textWithin(1, 64);
const userIdAny: Arbitrary<string> = fc.oneof(fc.constantFrom(...ACTIVE_USERS, ...INERT_USERS), text64);
/** User IDs whose tries cannot count toward a real lock: locked, inactive, unknown. */
const userIdInert: Arbitrary<string> = fc
  .oneof(fc.constantFrom(...INERT_USERS), text64)
  .filter((id) => !ACTIVE_USERS.includes(id.trim().toLowerCase()));
const cobrandHost: Arbitrary<string> = fc.oneof(fc.constantFrom(...COBRANDS), textWithin(1, 64));

/** A field: usually plausible, sometimes missing, of another type, or any hostile string. */
const loose = <T>(plausible: Arbitrary<T>): Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: plausible as Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.constant(MISSING) },
    { weight: 2, arbitrary: nonString },
    { weight: 2, arbitrary: anyText },
  );

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets (or, with MISSING, deletes) the value at a path, making parents plain objects on the way. */
function setAt(body: unknown, path: readonly string[], value: Maybe<unknown>): unknown {
  if (path.length === 0) return value === MISSING ? undefined : value;
  const root: Record<string, unknown> = isPlainObject(body) ? { ...body } : {};
  let node = root;
  for (const key of path.slice(0, -1)) {
    const child = node[key];
    node[key] = isPlainObject(child) ? { ...child } : {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === MISSING) delete node[last];
  else node[last] = value;
  return root;
}

/** One change that makes a body's shape certainly refused: [path, value]. */
type Break = [readonly string[], Arbitrary<unknown>];
const requiredString = (path: readonly string[], max: number): Break[] => [
  [path, fc.oneof(fc.constant(MISSING), neverAString, textOver(max))],
];
const optionalString = (path: readonly string[], max: number): Break[] => [
  [
    path,
    fc.oneof(
      textOver(max),
      neverAnObject.filter((v) => typeof v === 'object' && v !== null),
      fc.constant({}),
    ),
  ],
];
const requiredObject = (path: readonly string[]): Break[] => [[path, fc.oneof(fc.constant(MISSING), neverAnObject)]];
const notAnObjectBody: Break = [[], fc.oneof(neverAnObject, fc.constant(MISSING))];

/** A loosely generated body with at least one change that its schema certainly refuses. */
function refusedShape(body: Arbitrary<unknown>, breaks: readonly Break[]): Arbitrary<unknown> {
  const oneBreak = fc.oneof(...breaks.map(([path, value]) => value.map((v) => [path, v] as const)));
  return fc
    .tuple(body, fc.array(oneBreak, { minLength: 1, maxLength: 2 }))
    .map(([generated, changes]) => changes.reduce<unknown>((acc, [path, value]) => setAt(acc, path, value), generated));
}

const withExtras = (fields: Arbitrary<Record<string, unknown>>): Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(fields, fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraFields }))
    .map(([own, extra]) => ({ ...extra, ...objectOf(own) }));

// Bodies per route: plausible-but-loose, and for the try routes "certainly refused" and "certainly accepted" shapes.

const temporaryPasswordsBody = (userId: Arbitrary<string>) =>
  withExtras(
    fc.record({
      userId: loose(userId),
      locale: loose(fc.constantFrom(...LOCALES)),
      cobrandName: loose(cobrandHost),
      securityQuestionSTO: fc.oneof(
        {
          weight: 6,
          arbitrary: withExtras(
            fc.record({
              questionId: loose(text64),
              questionText: loose(textWithin(0, 255)),
              questionResponse: loose(textWithin(1, 128)),
            }),
          ),
        },
        { weight: 1, arbitrary: jsonValue },
      ),
    }),
  );
const forgotPasswordBody = (userId: Arbitrary<string>) =>
  withExtras(
    fc.record({
      userId: loose(userId),
      locale: loose(fc.constantFrom(...LOCALES)),
      securityQuestion: fc.oneof(
        {
          weight: 6,
          arbitrary: withExtras(fc.record({ questionId: loose(text64), questionResponse: loose(textWithin(1, 128)) })),
        },
        { weight: 1, arbitrary: jsonValue },
      ),
    }),
  );
const changePasswordBody = (userId: Arbitrary<string>) =>
  withExtras(
    fc.record({
      userId: loose(userId),
      oldCredential: loose(textWithin(1, 128)),
      newCredential: loose(textWithin(1, 128)),
    }),
  );

const REFUSED_SHAPES: Record<Exclude<TryRoute, 'sendLogin'>, Arbitrary<unknown>> = {
  temporaryPasswords: refusedShape(temporaryPasswordsBody(userIdAny), [
    notAnObjectBody,
    ...requiredString(['userId'], 64),
    ...requiredObject(['securityQuestionSTO']),
    ...requiredString(['securityQuestionSTO', 'questionId'], 64),
    ...requiredString(['securityQuestionSTO', 'questionResponse'], 128),
    ...optionalString(['locale'], 8),
    ...optionalString(['cobrandName'], 64),
    ...optionalString(['securityQuestionSTO', 'questionText'], 255),
  ]),
  forgotPassword: refusedShape(forgotPasswordBody(userIdAny), [
    notAnObjectBody,
    ...requiredString(['userId'], 64),
    ...requiredObject(['securityQuestion']),
    ...requiredString(['securityQuestion', 'questionId'], 64),
    ...requiredString(['securityQuestion', 'questionResponse'], 128),
    ...optionalString(['locale'], 8),
  ]),
  changePassword: refusedShape(changePasswordBody(userIdAny), [
    notAnObjectBody,
    ...requiredString(['userId'], 64),
    ...requiredString(['oldCredential'], 128),
    ...requiredString(['newCredential'], 128),
  ]),
};

/** Right shapes with hostile content, for user IDs that cannot lock a demo account; never the demo password. */
const ACCEPTED_SHAPES: Record<Exclude<TryRoute, 'sendLogin'>, Arbitrary<unknown>> = {
  temporaryPasswords: withExtras(
    fc.record({
      userId: userIdInert,
      locale: fc.oneof(fc.constant(MISSING), textWithin(0, 8)),
      cobrandName: fc.oneof(fc.constant(MISSING), textWithin(0, 64)),
      securityQuestionSTO: withExtras(
        fc.record({
          questionId: text64,
          questionText: fc.oneof(fc.constant(MISSING), textWithin(0, 255)),
          questionResponse: textWithin(1, 128),
        }),
      ),
    }),
  ),
  forgotPassword: withExtras(
    fc.record({
      userId: userIdInert,
      locale: fc.oneof(fc.constant(MISSING), textWithin(0, 8)),
      securityQuestion: withExtras(fc.record({ questionId: text64, questionResponse: textWithin(1, 128) })),
    }),
  ),
  changePassword: withExtras(
    fc.record({
      userId: userIdInert,
      oldCredential: textWithin(1, 128).filter((p) => p !== DEMO_PASSWORD),
      newCredential: textWithin(1, 128),
    }),
  ),
};

/** Bodies of the routes whose handler costs no argon2: loose shapes of every kind. */
const CHEAP_BODIES: Record<
  'loginSignin' | 'securityQuestions' | 'tokenPin' | 'logErrorStatement' | 'uiLogEntries',
  Arbitrary<unknown>
> = {
  loginSignin: fc.oneof(loose(userIdAny), withExtras(fc.record({ userId: loose(userIdAny) })), jsonValue),
  securityQuestions: fc.oneof(
    loose(userIdAny),
    withExtras(fc.record({ userId: loose(userIdAny), locale: loose(fc.constantFrom(...LOCALES)) })),
    jsonValue,
  ),
  tokenPin: fc.oneof(
    withExtras(
      fc.record({
        newPin: loose(
          fc.oneof(
            fc.constantFrom(
              '0123',
              '123',
              '12345',
              '12a4',
              '\u0661\u0662\u0663\u0664',
              '\uff11\uff12\uff13\uff14',
              ' 1234',
              '1234 ',
              '1e3',
              '0x10',
            ),
            textWithin(1, 16),
          ),
        ),
      }),
    ),
    jsonValue,
  ),
  logErrorStatement: fc.oneof(loose(textWithin(1, 2000)), jsonValue),
  uiLogEntries: fc.oneof(
    fc.record({
      logEntries: fc.array(
        fc.record({
          message: textWithin(1, 2000),
          level: fc.constantFrom('DEBUG', 'INFO', 'ERROR'),
          attributes: fc.option(
            fc.array(fc.record({ key: textWithin(1, 64), value: textWithin(0, 500) }), { maxLength: 10 }),
            { nil: undefined },
          ),
        }),
        { minLength: 1, maxLength: 20 },
      ),
    }),
    withExtras(
      fc.record({
        logEntries: loose(
          fc.array(
            withExtras(
              fc.record({
                message: loose(textWithin(1, 2000)),
                level: loose(fc.constantFrom('DEBUG', 'INFO', 'ERROR', 'WARN', 'debug', 'FATAL', '')),
                attributes: loose(
                  fc.array(withExtras(fc.record({ key: loose(textWithin(1, 64)), value: loose(textWithin(0, 500)) })), {
                    maxLength: 12,
                  }),
                ),
              }),
            ),
            { maxLength: 22 },
          ),
        ),
      }),
    ),
    jsonValue,
  ),
};

// Send-login is form-encoded: fields as pairs, with breaks that make the shape certainly refused.

const SEND_LOGIN_FIELDS = [
  'username',
  'login-form-type',
  'password',
  'authn_attempt_id',
  'in_response_to',
  'referral_path',
  'cobrandHost',
];
const LOGIN_FORM_TYPES = ['password', 'token', 'next-token'];
type FormPairs = [string, string][];

/** Junk pairs whose names are none of send-login's fields (so they can neither fix nor break a field). */
const junkPairs: Arbitrary<string[]> = fc.array(
  fc
    .tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[b]', 'username[]', 'password[0]', 'x'), shortText(10)),
      anyText,
    )
    .filter(([name]) => !SEND_LOGIN_FIELDS.includes(name))
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`),
  { maxLength: 3 },
);
const encodeForm = (pairs: FormPairs, junk: string[]) =>
  [...pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`), ...junk].join('&');

function sendLoginForm(ldapIds: readonly string[], usernames: Arbitrary<string>) {
  return fc
    .record({
      username: fc.oneof(fc.constantFrom(...ldapIds), usernames),
      type: fc.constantFrom(...LOGIN_FORM_TYPES),
      password: textWithin(1, 128).filter((p) => p !== DEMO_PASSWORD),
      nextToken: fc.option(
        fc.record({
          authn_attempt_id: textWithin(0, 128),
          in_response_to: textWithin(0, 128),
          referral_path: textWithin(0, 2048),
        }),
        { nil: undefined },
      ),
      cobrandHost: fc.option(textWithin(0, 64), { nil: undefined }),
    })
    .map(({ username, type, password, nextToken, cobrandHost: host }) => {
      const pairs: FormPairs = [
        ['username', username],
        ['login-form-type', type],
        ['password', password],
      ];
      if (nextToken) for (const [k, v] of Object.entries(nextToken)) pairs.push([k, v]);
      if (host !== undefined) pairs.push(['cobrandHost', host]);
      return pairs;
    });
}

type FormBreak = (pairs: FormPairs) => Arbitrary<FormPairs>;
const without = (pairs: FormPairs, name: string) => pairs.filter(([k]) => k !== name);
const replaced = (pairs: FormPairs, name: string, value: string) =>
  [...without(pairs, name), [name, value]] as FormPairs;
const FORM_BREAKS: readonly FormBreak[] = [
  ...['username', 'login-form-type', 'password'].map(
    (name): FormBreak =>
      (pairs) =>
        fc.constant(without(pairs, name)),
  ),
  ...['username', 'login-form-type', 'password'].map(
    (name): FormBreak =>
      (pairs) =>
        fc.constant(replaced(pairs, name, '')),
  ),
  ...['username', 'login-form-type', 'password'].map(
    (name): FormBreak =>
      (pairs) =>
        anyText.map((v) => [...pairs, [name, v]] as FormPairs),
  ),
  (pairs) => textOver(64).map((v) => replaced(pairs, 'username', v)),
  (pairs) => textOver(128).map((v) => replaced(pairs, 'password', v)),
  (pairs) => anyText.filter((v) => !LOGIN_FORM_TYPES.includes(v)).map((v) => replaced(pairs, 'login-form-type', v)),
  (pairs) =>
    fc
      .constantFrom('PASSWORD', ' password', 'password ', 'Token', 'next_token', 'nexttoken', 'sso')
      .map((v) => replaced(pairs, 'login-form-type', v)),
  (pairs) => textOver(128).map((v) => replaced(pairs, 'authn_attempt_id', v)),
  (pairs) => textOver(128).map((v) => replaced(pairs, 'in_response_to', v)),
  (pairs) => textOver(2048).map((v) => replaced(pairs, 'referral_path', v)),
  (pairs) => textOver(64).map((v) => replaced(pairs, 'cobrandHost', v)),
];

// ---------------------------------------------------------------------------------------------------------------
/** The routes whose refusals write an audit event by design: a provider's logout messages. */
const AUDITED_REFUSALS = /^\/sdportal\/sso\/[^/]+\/(slo|backchannel-logout|frontchannel-logout)$/;

// The fuzzer: one service per dialect, fixed identities, a database snapshot around every refusal.

interface Stats {
  requests: number;
  byRoute: Map<string, Map<number, number>>;
  /** Tries the service accepted the shape of (argon2 work, a try possibly recorded by design). */
  acceptedTries: number;
  /** Refusals whose database snapshot was compared. */
  refusalsChecked: number;
  /** Non-GET requests that got past the anti-forgery guard. */
  pastGuard: number;
  /** Page requests answered "not built" because the web app is not built. */
  unbuiltPages: number;
}

class Fuzzer {
  readonly stats: Stats = {
    requests: 0,
    byRoute: new Map(),
    acceptedTries: 0,
    refusalsChecked: 0,
    pastGuard: 0,
    unbuiltPages: 0,
  };
  private baseline: string | null = null;

  private constructor(
    readonly t: TestApp,
    readonly identities: Record<IdentityName, Identity>,
    /** ldapIds of the demo users, by user ID. */
    readonly ldapIds: Record<string, string>,
    readonly cobrandEtag: string,
    readonly refusalBody: string,
  ) {}

  static async setUp(t: TestApp): Promise<Fuzzer> {
    const jar = (client: TestClient): Identity => {
      const token = client.csrfToken;
      return { cookies: [...client.cookies], token, tokenValid: token !== undefined };
    };
    const code = async (userId: string, offset = 0) => {
      const token = (await new TokenStore(t.database.db).find((await accountRow(t.database, userId)).id))!;
      return codeAt(openSealed(keys.seal, token.seed_sealed), stepAt(t.clock.now()) + offset);
    };

    const anonymous = t.client();
    await anonymous.openPage();
    const signedIn = t.client();
    expect((await signInSequence(signedIn, 'demopass')).statusCode).toBe(200);
    const mustChange = t.client();
    expect((await signInSequence(mustChange, 'demoexpired')).body).toContain('/change-password-component?');
    const newPin = t.client();
    expect((await signInSequence(newPin, 'demonewpin', await code('demonewpin'))).body).toContain(
      '/new-rsa-pin-component?',
    );
    const nextToken = t.client();
    expect((await signInSequence(nextToken, 'demotoken', `2468${await code('demotoken', 5)}`)).body).toContain(
      '/next-token-component?',
    );

    const forged = randomBytes(32).toString('base64url');
    const forgedToken = issueCsrfToken(keys.csrf, sessionBinding(forged));
    const anonymousToken = anonymous.csrfToken!;
    const neverIssued = randomBytes(15).toString('base64url');
    const oversized = 'A'.repeat(200);
    const identities: Record<IdentityName, Identity> = {
      nothing: { cookies: [], token: undefined, tokenValid: false },
      anonymous: jar(anonymous),
      signedIn: jar(signedIn),
      mustChange: jar(mustChange),
      newPin: jar(newPin),
      nextToken: jar(nextToken),
      forgedSession: {
        cookies: [
          [SESSION_COOKIE, forged],
          ['sec-token', forgedToken],
        ],
        token: forgedToken,
        tokenValid: true,
      },
      forgedSessionUnboundToken: {
        cookies: [
          [SESSION_COOKIE, forged],
          ['sec-token', anonymousToken],
        ],
        token: anonymousToken,
        tokenValid: false,
      },
      neverIssuedToken: { cookies: [['sec-token', neverIssued]], token: neverIssued, tokenValid: false },
      // A session cookie over 64 characters is no session at all, so the anonymous token stays valid with it.
      oversizedSession: {
        cookies: [
          [SESSION_COOKIE, oversized],
          ['sec-token', anonymousToken],
        ],
        token: anonymousToken,
        tokenValid: true,
      },
      signedInAnonymousToken: {
        cookies: [
          [SESSION_COOKIE, signedIn.sessionCookie!],
          ['sec-token', anonymousToken],
        ],
        token: anonymousToken,
        tokenValid: false,
      },
    };
    expect(neverIssued).toHaveLength(20);

    const ldapIds: Record<string, string> = {};
    for (const user of [...ACTIVE_USERS, 'demolocked', 'demoinactive'])
      ldapIds[user] = (await loginInfo(anonymous, user)).ldapId;
    const cobrand = await anonymous.get(Paths.cobrand('skerrymoor'));
    expect(cobrand.statusCode).toBe(200);
    const refusal = await anonymous.post(Paths.sendLogin, {
      form: { username: ldapIds.demolocked!, 'login-form-type': 'password', password: 'x' },
    });
    expect(refusal.statusCode).toBe(401);
    // No mail is waiting (the signed-in browser's new-device mail has gone), so the mail worker writes nothing while
    // the fuzz runs.
    const unsent = () => t.database.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
    for (let waited = 0; (await unsent()).length > 0 && waited < 15_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await unsent()).toEqual([]);
    return new Fuzzer(t, identities, ldapIds, String(cobrand.headers.etag), refusal.body);
  }

  /** Everything a refused request must leave alone, as one comparable text. */
  async snapshot(): Promise<string> {
    const db = this.t.database.db;
    const [account, session, temporaryPassword, mailOutbox, token, tokenAttempt, passwordHistory, audit, cobrand] =
      await Promise.all([
        db.selectFrom('account').selectAll().orderBy('id').execute(),
        db.selectFrom('session').selectAll().orderBy('id_hash').execute(),
        db.selectFrom('temporary_password').selectAll().orderBy('account_id').execute(),
        db.selectFrom('mail_outbox').selectAll().orderBy('id').execute(),
        db.selectFrom('token').selectAll().orderBy('account_id').execute(),
        db.selectFrom('token_attempt').selectAll().orderBy('id').execute(),
        db.selectFrom('password_history').selectAll().orderBy('id').execute(),
        db
          .selectFrom('audit_event')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow(),
        db.selectFrom('cobrand').select(['name', 'version', 'updated_at']).orderBy('name').execute(),
      ]);
    return JSON.stringify({
      account,
      session,
      temporaryPassword,
      mailOutbox,
      token,
      tokenAttempt,
      passwordHistory,
      auditEvents: Number(audit.count),
      cobrand,
    });
  }

  async inject(request: FuzzRequest): Promise<Response> {
    const identity = this.identities[request.identity];
    const headers: Record<string, string | string[]> = {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json, text/plain, */*',
    };
    const cookies = identity.cookies.map(([name, value]) => `${name}=${value}`);
    if (request.extraCookies !== undefined) cookies.push(request.extraCookies);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    const token = identity.token ?? '';
    const other = randomLikeToken(token);
    switch (request.csrf) {
      case 'echo':
        if (identity.token) headers['x-xsrf-token'] = token;
        break;
      case 'csrfHeader':
        if (identity.token) headers['x-csrf-token'] = token;
        break;
      case 'duplicate':
        headers['x-xsrf-token'] = [token, token];
        break;
      case 'joined':
        headers['x-xsrf-token'] = `${token}, ${token}`;
        break;
      case 'other':
        headers['x-xsrf-token'] = other;
        break;
      case 'huge':
        headers['x-xsrf-token'] = token.repeat(1 + Math.floor(16_000 / Math.max(1, token.length)));
        break;
      case 'conflict':
        headers['x-xsrf-token'] = other;
        headers['x-csrf-token'] = token;
        break;
      case 'none':
        break;
    }
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name] = value;
    return this.t.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
  }

  /** Whether the anti-forgery guard must let this request through (a safe method needs no token). */
  passesGuard(request: FuzzRequest): boolean {
    const identity = this.identities[request.identity];
    return identity.tokenValid && (request.csrf === 'echo' || request.csrf === 'csrfHeader');
  }

  /** Sends one request and checks the answer and the database; `refusedShape`: its body was made to be refused. */
  async exchange(request: FuzzRequest, refusedShape = false): Promise<void> {
    const before = this.baseline ?? (await this.snapshot());
    this.baseline = null;
    const response = await this.inject(request);
    this.count(request, response);
    const label = describeExchange(request, response);
    const status = response.statusCode;
    if (!WEB_APP_BUILT && status === 503 && response.body.startsWith('The web app is not built')) {
      // Without `npm run build` every page answers this (pages/routes.ts): a state of the checkout.
      this.stats.unbuiltPages += 1;
      return;
    }

    expect(status, label).toBeLessThan(500);
    expect(status, label).toBeGreaterThanOrEqual(200);
    if (refusedShape)
      expect(
        this.isAcceptedTry(request, response),
        `${label}\nthe shape was made to be refused, yet the handler ran`,
      ).toBe(false);
    if (status >= 400) this.expectErrorBody(request, response, label);
    if (status === 304) expect(response.rawPayload.length, label).toBe(0);
    // The path as the service sees it: the client resolves `..`, `.`, `%2e%2e` segments, as browsers do.
    const seen = new URL(request.url, 'http://localhost').pathname;
    this.expectGuard(request, response, seen, label);
    if (isTraversal(seen) && isStatic(seen)) expect(status, `${label}\nserved a traversal`).toBeGreaterThanOrEqual(300);
    expect(response.body.includes(TEST_PORTAL_SECRET), label).toBe(false);
    expect(/root:x?:0:0:|"workspaces"\s*:/.test(response.body), `${label}\nleaked a file`).toBe(false);

    if (status >= 400 && !this.isAcceptedTry(request, response)) {
      const after = await this.snapshot();
      // A provider's logout message that is refused is audited by design (sso.logout.refused; route-audit.test.ts
      // holds its kind): the trail grows, nothing else may change.
      const audited = AUDITED_REFUSALS.test(seen);
      const unchanged = (snapshot: string) =>
        audited ? { ...JSON.parse(snapshot), auditEvents: 0 } : JSON.parse(snapshot);
      if (after !== before)
        expect(unchanged(after), `${label}\nchanged the database although it was refused`).toEqual(unchanged(before));
      this.stats.refusalsChecked += 1;
      this.baseline = after;
    } else if (this.isAcceptedTry(request, response)) {
      this.stats.acceptedTries += 1;
    }
  }

  /** A sign-in, recovery or password-change try whose shape the service accepted, so its handler ran by design. */
  isAcceptedTry(request: FuzzRequest, response: Response): boolean {
    const route = request.route as TryRoute;
    const spec = ROUTE_SPECS[route];
    if (
      !spec ||
      request.method !== spec.method ||
      !['sendLogin', 'temporaryPasswords', 'forgotPassword', 'changePassword'].includes(route)
    )
      return false;
    const status = response.statusCode;
    if (status < 400) return true;
    if (route === 'sendLogin') return status === 401 && /^text\/plain/.test(String(response.headers['content-type']));
    if (route === 'changePassword' && status === 400) {
      const code = errorCodes(response)[0];
      return code === 'invalid.credentials' || code === 'password.policy';
    }
    return false;
  }

  private expectErrorBody(request: FuzzRequest, response: Response, label: string): void {
    const type = String(response.headers['content-type'] ?? '');
    if (request.method === 'HEAD') return;
    if (
      request.route === 'sendLogin' &&
      request.method === 'POST' &&
      response.statusCode === 401 &&
      type.startsWith('text/plain')
    ) {
      expect(response.body, label).toBe(this.refusalBody);
      return;
    }
    // A screen's native post (issue 33) that fails its anti-forgery check is answered with the screen again, a page
    // saying the form expired, as a browser without the script needs it (docs/decisions.md).
    if (
      request.method === 'POST' &&
      request.url.includes('/public-portal-ui/') &&
      response.statusCode === 403 &&
      type.startsWith('text/html')
    ) {
      expect(response.body, `${label}\nnot the screen again`).toMatch(/^<!doctype html>/i);
      return;
    }
    const accept = String(this.headerSent(request, 'accept') ?? '');
    if (
      response.statusCode === 404 &&
      request.method === 'GET' &&
      accept.includes('text/html') &&
      type.startsWith('text/html')
    )
      return;
    expect(type, `${label}\nnot JSON`).toMatch(/^application\/json/);
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      expect.fail(`${label}\nnot JSON`);
    }
    const errors = (body as { errors?: unknown }).errors;
    expect(Array.isArray(errors) && errors.length > 0, `${label}\nnot the {errors: [...]} shape`).toBe(true);
    for (const item of errors as Record<string, unknown>[]) {
      expect(typeof item.code === 'string' && item.code.length > 0, `${label}\nerror item without a code`).toBe(true);
      expect(
        typeof item.message === 'string' && item.message.length > 0,
        `${label}\nerror item without a message`,
      ).toBe(true);
      if (item.field !== undefined) expect(typeof item.field, label).toBe('string');
      if (item.params !== undefined)
        expect(Array.isArray(item.params) && item.params.every((p) => typeof p === 'string'), label).toBe(true);
    }
  }

  private expectGuard(request: FuzzRequest, response: Response, path: string, label: string): void {
    if (request.method === 'GET' || request.method === 'HEAD' || isStatic(path) || !routable(path)) return;
    if (request.method === 'POST' && SAML_ANSWER.test(path)) {
      this.stats.pastGuard += 1;
      return;
    }
    if (!this.passesGuard(request)) {
      expect(response.statusCode, `${label}\nwent past the anti-forgery guard`).toBe(403);
      // A screen's native post is refused with the screen again, saying the form expired (issue 33).
      if (isScreenPage(response)) expect(response.body, label).toMatch(/^<!doctype html>/i);
      else expect(errorCodes(response)[0], label).toBe('csrf');
    } else if (request.extraCookies === undefined) {
      // A valid token, sent as the web app sends it, must get past the guard, so the fuzz reaches validation.
      expect(
        response.statusCode === 403 && errorCodes(response)[0] === 'csrf',
        `${label}\nrefused by the guard despite a valid token`,
      ).toBe(false);
      this.stats.pastGuard += 1;
    }
  }

  private headerSent(request: FuzzRequest, name: string): string | string[] | undefined {
    if (request.headers && name in request.headers) return request.headers[name];
    if (name === 'accept') return 'application/json, text/plain, */*';
    return undefined;
  }

  private count(request: FuzzRequest, response: Response): void {
    this.stats.requests += 1;
    const byStatus = this.stats.byRoute.get(request.route) ?? new Map<number, number>();
    byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
    this.stats.byRoute.set(request.route, byStatus);
  }

  /** Runs a property: `numRuns` generated requests (or request sequences), all checked. */
  async run(
    requests: Arbitrary<FuzzRequest | FuzzRequest[]>,
    numRuns: number,
    options: { refusedShapes?: boolean } = {},
  ): Promise<void> {
    await fc.assert(
      fc.asyncProperty(requests, async (generated) => {
        for (const request of Array.isArray(generated) ? generated : [generated])
          await this.exchange(request, options.refusedShapes);
      }),
      { seed: SEED, numRuns: runs(numRuns), endOnFailure: process.env.FUZZ_SHRINK === '0' },
    );
  }

  report(dialect: string): string {
    const routes = [...this.stats.byRoute]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([route, byStatus]) =>
          `  ${route.padEnd(28)} ${[...byStatus]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(' ')}`,
      );
    return [
      `[fuzz ${dialect}] seed ${SEED}: ${this.stats.requests} requests, ${this.stats.refusalsChecked} refusals checked against the database,` +
        ` ${this.stats.pastGuard} non-GET requests past the anti-forgery guard, ${this.stats.acceptedTries} accepted-shape tries`,
      ...(this.stats.unbuiltPages
        ? [
            `  (the web app is not built: ${this.stats.unbuiltPages} page requests answered 503 and were not checked; run npm run build)`,
          ]
        : []),
      ...routes,
    ].join('\n');
  }
}

const randomLikeToken = (token: string) => (token ? `${token.slice(0, 8)}${'A'.repeat(12)}` : 'AAAAAAAAAAAAAAAAAAAA');

function errorCodes(response: Response): string[] {
  try {
    const body = JSON.parse(response.body) as { errors?: { code?: unknown }[] };
    return (body.errors ?? []).map((e) => String(e.code));
  } catch {
    return [];
  }
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
function describeExchange(request: FuzzRequest, response: Response): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? `<${request.payload.length} bytes>`
        : JSON.stringify(clip(request.payload, 200));
  return [
    `${request.method} ${clip(request.url, 200)} [${request.route}; ${request.identity}; token ${request.csrf}]` +
      ` content-type=${request.contentType === undefined ? '(none)' : JSON.stringify(clip(request.contentType, 60))} body=${payload}`,
    `→ ${response.statusCode} ${String(response.headers['content-type'] ?? '')} ${clip(response.body)}`,
  ].join('\n');
}

/**
 * Whether the router can route the path at all: one it cannot decode, or with a parameter over maxParamLength, is
 * answered by Fastify before any hook (so before the anti-forgery guard) runs.
 */
function routable(path: string): boolean {
  try {
    decodeURIComponent(path);
  } catch {
    return false;
  }
  return path.split('/').every((segment) => segment.length <= 200);
}

/** Whether `npm run build` has run: without it, pages answer 503 "not built", which says nothing about inputs. */
const WEB_APP_BUILT = existsSync(join(WEB_DIST_DIR, 'pages', 'not-found.html'));

const STATIC_PREFIXES = [
  `${PORTAL_UI_BASE}static/`,
  `${PORTAL_UI_BASE}assets/`,
  '/sdportal/cobrands/',
  '/sdportal/footers/assets/',
];
/** An answer that is a screen's page (a native post answered with its screen again). */
const isScreenPage = (response: Response) => String(response.headers['content-type'] ?? '').startsWith('text/html');

const isStatic = (url: string) => STATIC_PREFIXES.some((prefix) => url.startsWith(prefix));

// ---------------------------------------------------------------------------------------------------------------
// The routes (server/src/<capability>/routes.ts; docs/api.md).

const ROUTE_SPECS: Record<string, RouteSpec> = {
  loginInfo: { key: 'loginInfo', method: 'GET', path: Paths.loginInfo },
  sendLogin: { key: 'sendLogin', method: 'POST', path: Paths.sendLogin },
  loginSignin: { key: 'loginSignin', method: 'POST', path: Paths.loginSignin },
  session: { key: 'session', method: 'GET', path: Paths.session },
  logout: { key: 'logout', method: 'GET', path: Paths.logout },
  logoutLabels: { key: 'logoutLabels', method: 'GET', path: Paths.logoutLabels },
  externalLogoutUrl: { key: 'externalLogoutUrl', method: 'GET', path: Paths.externalLogoutUrl },
  logoutReturn: { key: 'logoutReturn', method: 'GET', path: Paths.logoutReturn },
  sessionPing: { key: 'sessionPing', method: 'GET', path: Paths.sessionPing },
  sessionWarning: { key: 'sessionWarning', method: 'GET', path: Paths.sessionWarningContent },
  logErrorStatement: { key: 'logErrorStatement', method: 'PUT', path: Paths.logErrorStatement },
  uiLogEntries: { key: 'uiLogEntries', method: 'POST', path: Paths.uiLogEntries },
  securityQuestions: { key: 'securityQuestions', method: 'POST', path: Paths.securityQuestions },
  temporaryPasswords: { key: 'temporaryPasswords', method: 'POST', path: Paths.temporaryPasswords },
  forgotPassword: { key: 'forgotPassword', method: 'POST', path: Paths.forgotPassword },
  changePassword: { key: 'changePassword', method: 'POST', path: Paths.changePassword },
  changePasswordServiceUrls: { key: 'changePasswordServiceUrls', method: 'GET', path: Paths.changePasswordServiceUrls },
  tokenUserInformation: { key: 'tokenUserInformation', method: 'GET', path: Paths.tokenUserInformation },
  tokenPin: { key: 'tokenPin', method: 'POST', path: Paths.tokenPin('u0') },
  cobrand: { key: 'cobrand', method: 'GET', path: Paths.cobrand('skerrymoor') },
  cobrandLocales: { key: 'cobrandLocales', method: 'GET', path: Paths.cobrandLocales('larchmere') },
  cobrandStylesheet: { key: 'cobrandStylesheet', method: 'GET', path: Paths.cobrandStylesheet('skerrymoor') },
  cobrandAbbreviation: { key: 'cobrandAbbreviation', method: 'GET', path: PathPatterns.cobrandAbbreviation },
  cobrandFiles: { key: 'cobrandFiles', method: 'GET', path: '/sdportal/cobrands/skerrymoor/logo.jpg' },
  footerAssets: { key: 'footerAssets', method: 'GET', path: '/sdportal/footers/assets/powered-dark.png' },
  healthz: { key: 'healthz', method: 'GET', path: '/healthz' },
  readyz: { key: 'readyz', method: 'GET', path: '/readyz' },
  pages: { key: 'pages', method: 'GET', path: routePath('login-signin-component') },
  bundles: { key: 'bundles', method: 'GET', path: Paths.i18nBundle('en_US', 'Messages') },
  forgotPasswordView: { key: 'forgotPasswordView', method: 'GET', path: '/sdportal/forgotPassword.view' },
  notFound: { key: 'notFound', method: 'GET', path: '/sdportal/rest/no-such-call' },
  samlAnswer: { key: 'samlAnswer', method: 'POST', path: ServicePaths.ssoCallback('kestrelmark') },
};

/** A SAML answer is posted by the provider's page: its RelayState and sealed flow cookie are its guard (sso/routes.ts). */
const SAML_ANSWER = /^\/sdportal\/sso\/[^/]+\/callback$/;

/** GET routes, each with its query parameter names and plausible values for them. */
const QUERY_ROUTES: {
  route: string;
  paths: readonly string[];
  names: readonly string[];
  plausible: Arbitrary<string>;
  liveSessionSafe: boolean;
}[] = [
  { route: 'loginInfo', paths: [Paths.loginInfo], names: ['username'], plausible: userIdAny, liveSessionSafe: true },
  { route: 'logout', paths: [Paths.logout], names: ['cobrandHost'], plausible: cobrandHost, liveSessionSafe: false },
  {
    route: 'logoutLabels',
    paths: [Paths.logoutLabels],
    names: ['cobrandHost'],
    plausible: cobrandHost,
    liveSessionSafe: true,
  },
  {
    route: 'logoutReturn',
    paths: [Paths.logoutReturn],
    names: ['cobrandHost'],
    plausible: cobrandHost,
    liveSessionSafe: true,
  },
  {
    route: 'sessionWarning',
    paths: [Paths.sessionWarningContent],
    names: ['cobrandHost'],
    plausible: cobrandHost,
    liveSessionSafe: true,
  },
  {
    route: 'tokenUserInformation',
    paths: [Paths.tokenUserInformation],
    names: ['action'],
    plausible: fc.constantFrom('newpin', 'nexttoken', 'NEWPIN', 'newpin ', ''),
    liveSessionSafe: true,
  },
  {
    route: 'cobrandAbbreviation',
    paths: [PathPatterns.cobrandAbbreviation],
    names: ['cobrandAbbr'],
    plausible: fc.oneof(fc.constantFrom('SKM', 'skm', 'LRM', 'x'), textWithin(1, 16)),
    liveSessionSafe: true,
  },
  {
    route: 'forgotPasswordView',
    paths: ['/sdportal/forgotPassword.view'],
    names: ['cobrandHost', 'locale', 'nwflow'],
    plausible: fc.oneof(cobrandHost, fc.constantFrom(...LOCALES)),
    liveSessionSafe: true,
  },
  { route: 'session', paths: [Paths.session], names: [], plausible: shortText(), liveSessionSafe: true },
  { route: 'sessionPing', paths: [Paths.sessionPing], names: [], plausible: shortText(), liveSessionSafe: true },
  {
    route: 'changePasswordServiceUrls',
    paths: [Paths.changePasswordServiceUrls],
    names: [],
    plausible: shortText(),
    liveSessionSafe: true,
  },
  {
    route: 'externalLogoutUrl',
    paths: [Paths.externalLogoutUrl],
    names: [],
    plausible: shortText(),
    liveSessionSafe: true,
  },
  {
    route: 'cobrand',
    paths: [Paths.cobrand('skerrymoor'), Paths.cobrandLocales('larchmere'), Paths.cobrandStylesheet('veltmoor')],
    names: ['cobrandHost'],
    plausible: cobrandHost,
    liveSessionSafe: true,
  },
  { route: 'health', paths: ['/healthz', '/readyz'], names: [], plausible: shortText(), liveSessionSafe: true },
  {
    route: 'sso',
    paths: [
      ServicePaths.ssoMetadata('kestrelmark'),
      ServicePaths.ssoMetadata('veltmoor'),
      Paths.ssoStart('veltmoor'),
      Paths.ssoStart('kestrelmark'),
      ServicePaths.ssoCallback('veltmoor'),
      ServicePaths.ssoCallback('kestrelmark'),
      ServicePaths.ssoLogout('veltmoor'),
      ServicePaths.ssoSingleLogout('kestrelmark'),
      ServicePaths.ssoSingleLogout('veltmoor'),
    ],
    names: ['code', 'state', 'iss', 'error', 'session_state', 'cobrandHost', 'SAMLRequest', 'SAMLResponse', 'SigAlg'],
    plausible: shortText(),
    liveSessionSafe: true,
  },
  {
    route: 'pages',
    paths: [...ROUTES.map(routePath), Paths.platformHome, Paths.ssoStart('veltmoor'), '/', PORTAL_UI_BASE],
    names: ['cobrandHost', 'ec', 'locale'],
    plausible: cobrandHost,
    liveSessionSafe: true,
  },
  {
    route: 'bundles',
    paths: [Paths.i18nBundle('en_US', 'Messages'), Paths.i18nBundle('de_DE', 'PortalLabels')],
    names: [],
    plausible: shortText(),
    liveSessionSafe: true,
  },
  {
    route: 'staticFiles',
    paths: [
      '/sdportal/cobrands/skerrymoor/logo.jpg',
      '/sdportal/cobrands/skerrymoor/theme.css',
      '/sdportal/footers/assets/powered-dark.png',
    ],
    names: [],
    plausible: shortText(),
    liveSessionSafe: true,
  },
];

const identityFor = (liveSessionSafe: boolean): Arbitrary<IdentityName> =>
  fc.constantFrom(...IDENTITIES.filter((name) => liveSessionSafe || !LIVE_SESSIONS.has(name)));

// ---------------------------------------------------------------------------------------------------------------
// Request generators.

function queryRequests(): Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...QUERY_ROUTES.map((spec) =>
      fc
        .record({
          path: fc.constantFrom(...spec.paths),
          query: queryString(spec.names, spec.plausible),
          identity: identityFor(spec.liveSessionSafe),
          method: fc.oneof(
            { weight: 5, arbitrary: fc.constant<Method>('GET') },
            { weight: 1, arbitrary: fc.constant<Method>('HEAD') },
          ),
          browser: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        })
        .map(({ path, query, identity, method, browser }): FuzzRequest => ({
          route: spec.route,
          method,
          url: query === '' ? path : `${path}?${query}`,
          identity,
          csrf: 'echo',
          ...(browser
            ? { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'x-requested-with': '' } }
            : {}),
        })),
    ),
  );
}

type BodyRoute =
  | 'loginSignin'
  | 'securityQuestions'
  | 'tokenPin'
  | 'logErrorStatement'
  | 'uiLogEntries'
  | Exclude<TryRoute, 'sendLogin'>;

/** How a JSON route's body travels: serialised, raw text, bytes, huge, or form-encoded by mistake. */
function jsonPayload(
  body: Arbitrary<unknown>,
): Arbitrary<{ payload: string | Buffer; contentType: string | undefined }> {
  const type = fc.oneof(
    { weight: 12, arbitrary: fc.constant<string | undefined>('application/json') },
    { weight: 3, arbitrary: contentType },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const payload: Arbitrary<string | Buffer> = fc.oneof(
    {
      weight: 12,
      arbitrary: body.map((value) => (value === undefined || value === MISSING ? '' : JSON.stringify(value))),
    },
    { weight: 2, arbitrary: rawJsonText },
    { weight: 1, arbitrary: rawBytes },
    { weight: 1, arbitrary: hugeJsonString },
    {
      weight: 1,
      arbitrary: body.filter(isPlainObject).map((value) =>
        encodeForm(
          Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
          [],
        ),
      ),
    },
  );
  return fc.record({ payload, contentType: type });
}

function bodyRequests(fz: Fuzzer, route: BodyRoute, body: Arbitrary<unknown>): Arbitrary<FuzzRequest> {
  const spec = ROUTE_SPECS[route]!;
  const sessionUsers =
    route === 'changePassword' ? (['signedIn', 'mustChange', 'signedIn', 'mustChange'] as IdentityName[]) : [];
  return fc
    .record({
      sent: jsonPayload(body),
      identity: fc.constantFrom(
        ...IDENTITIES,
        ...sessionUsers,
        ...(route === 'tokenPin' ? (['newPin', 'newPin', 'newPin'] as IdentityName[]) : []),
      ),
      csrf: csrfMode,
      pinOwner: fc.oneof(fc.constantFrom('demonewpin', 'demonewpin', 'demotoken', 'demopass'), text64),
      query: fc.option(queryString(['userId', 'cobrandHost', 'locale'], userIdAny), { freq: 5, nil: undefined }),
    })
    .map(({ sent, identity, csrf, pinOwner, query }): FuzzRequest => {
      let url = spec.path;
      let who = identity;
      if (route === 'tokenPin') {
        url = Paths.tokenPin(fz.ldapIds[pinOwner] ?? pinOwner.replace(/[\ud800-\udfff]/g, '\ufffd'));
        // A well-formed PIN from the new-PIN session would set it and end that session: not a refusal to fuzz here.
        if (identity === 'newPin' && /[1-9]\d{3}/.test(sent.payload.toString())) who = 'mustChange';
      }
      if (query !== undefined) url = `${url}?${query}`;
      return {
        route,
        method: spec.method,
        url,
        identity: who,
        csrf,
        contentType: sent.contentType,
        payload: sent.payload,
      };
    });
}

/** Send-login with refused shapes (form, or anything else), from every identity. */
function sendLoginRequests(fz: Fuzzer, accepted: boolean): Arbitrary<FuzzRequest> {
  const ldapIds = Object.values(fz.ldapIds);
  // Right-shaped tries only for accounts a try cannot count against (locked, inactive, unknown).
  const ids = accepted ? [fz.ldapIds.demolocked!, fz.ldapIds.demoinactive!] : ldapIds;
  const usernames = accepted ? userIdInert.filter((u) => !ldapIds.includes(u.trim().toLowerCase())) : userIdAny;
  const pairs = sendLoginForm(ids, usernames);
  const shaped = accepted ? pairs : pairs.chain((p) => fc.constantFrom(...FORM_BREAKS).chain((breakIt) => breakIt(p)));
  const form = fc.tuple(shaped, junkPairs).map(([p, junk]) => encodeForm(p, junk));
  const rightForm = sendLoginForm(ldapIds, userIdAny);
  const payload: Arbitrary<{ payload: string | Buffer; contentType: string | undefined }> = accepted
    ? form.map((text) => ({ payload: text, contentType: 'application/x-www-form-urlencoded' }))
    : fc.oneof(
        {
          weight: 8,
          arbitrary: form.map((text) => ({
            payload: text,
            contentType: 'application/x-www-form-urlencoded' as string | undefined,
          })),
        },
        {
          weight: 2,
          arbitrary: fc.record({
            payload: fc.oneof(
              form,
              encodedPairs(fc.constant([]), SEND_LOGIN_FIELDS),
              rawJsonText,
              rawBytes,
              hugeJsonString,
            ),
            contentType: fc.oneof(contentType, fc.constant(undefined)),
          }),
        },
        // A right form under another content type is refused before it can count as a try.
        {
          weight: 1,
          arbitrary: rightForm.map((p) => ({
            payload: JSON.stringify(Object.fromEntries(p)),
            contentType: 'application/json' as string | undefined,
          })),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(fc.constantFrom(BODY_LIMIT + 1, BODY_LIMIT * 4), rightForm).map(([size, p]) => ({
            payload: `${encodeForm(p, [])}&pad=${'a'.repeat(size)}`,
            contentType: 'application/x-www-form-urlencoded' as string | undefined,
          })),
        },
      );
  return fc
    .record({
      sent: payload,
      identity: accepted
        ? fc.constantFrom<IdentityName>('anonymous', 'forgedSession', 'oversizedSession', 'nextToken', 'signedIn')
        : fc.constantFrom(...IDENTITIES),
      csrf: accepted ? fc.constant<CsrfMode>('echo') : csrfMode,
    })
    .map(({ sent, identity, csrf }): FuzzRequest => ({
      route: 'sendLogin',
      method: 'POST',
      url: Paths.sendLogin,
      identity,
      csrf,
      contentType: sent.contentType,
      payload: sent.payload,
    }));
}

/** Path parameters and the static file prefixes: traversal, encoded NUL, invalid escapes, prototype names, over-long. */
function pathRequests(fz: Fuzzer): Arbitrary<FuzzRequest> {
  const cobrandSegment = pathSegment(COBRANDS);
  const fileSegment = pathSegment([
    'logo.jpg',
    'logo.png',
    'logo.gif',
    'theme.css',
    'cobrand.json',
    'logo.json',
    'powered-dark.png',
    'assets.json',
    'package.json',
  ]);
  const localeSegment = pathSegment(['en_US', 'de_DE', 'en_GB', 'xx_XX', 'EN_US']);
  const templates: [string, Arbitrary<string>][] = [
    ['cobrand', cobrandSegment.map((s) => `/sdportal/rest/cobrand/${s}`)],
    ['cobrandLocales', cobrandSegment.map((s) => `/sdportal/rest/cobrands/${s}/locales`)],
    ['cobrandStylesheet', cobrandSegment.map((s) => `/sdportal/rest/cobrands/${s}/stylesheet`)],
    ['cobrandNested', fc.tuple(cobrandSegment, fileSegment).map(([a, b]) => `/sdportal/rest/cobrands/${a}/${b}`)],
    [
      'bundles',
      fc
        .tuple(
          localeSegment,
          fc.constantFrom(
            'user-ux/PortalLabels.json',
            'commercial-common-translations/com/mastercard/cp/sdng/common/resources/Messages.json',
          ),
        )
        .map(([l, rest]) => `${PORTAL_UI_BASE}assets/i18n/${l}/${rest}`),
    ],
    ['cobrandFiles', fc.tuple(cobrandSegment, fileSegment).map(([a, b]) => `/sdportal/cobrands/${a}/${b}`)],
    [
      'cobrandFiles',
      fc
        .array(fc.oneof(cobrandSegment, fileSegment), { minLength: 1, maxLength: 4 })
        .map((segments) => `/sdportal/cobrands/${segments.join('/')}`),
    ],
    [
      'footerAssets',
      fc
        .array(fileSegment, { minLength: 1, maxLength: 3 })
        .map((segments) => `/sdportal/footers/assets/${segments.join('/')}`),
    ],
    [
      'webStatic',
      fc
        .array(fileSegment, { minLength: 1, maxLength: 3 })
        .map((segments) => `${PORTAL_UI_BASE}static/${segments.join('/')}`),
    ],
    [
      'pages',
      fc
        .array(cobrandSegment, { minLength: 1, maxLength: 2 })
        .map((segments) => `${PORTAL_UI_BASE}${segments.join('/')}`),
    ],
    [
      'notFound',
      fc
        .array(fc.oneof(cobrandSegment, fileSegment), { minLength: 1, maxLength: 4 })
        .map((segments) => `/${segments.join('/')}`),
    ],
  ];
  const gets = fc.oneof(
    ...templates.map(([route, url]) =>
      fc
        .record({
          url,
          identity: identityFor(true),
          method: fc.oneof(
            { weight: 4, arbitrary: fc.constant<Method>('GET') },
            { weight: 1, arbitrary: fc.constant<Method>('HEAD') },
          ),
          browser: fc.boolean(),
        })
        .map(({ url: u, identity, method, browser }): FuzzRequest => ({
          route,
          method,
          url: u,
          identity,
          csrf: 'echo',
          ...(browser ? { headers: { accept: 'text/html,*/*;q=0.8' } } : {}),
        })),
    ),
  );
  const pins = fc
    .record({
      segment: fc.oneof(fc.constant(null), pathSegment(['u0'])),
      identity: fc.constantFrom<IdentityName>('newPin', 'newPin', 'signedIn', 'anonymous', 'forgedSession'),
      newPin: fc.constantFrom('0123', '12a4', '', 'x'.repeat(17)),
    })
    .map(({ segment, identity, newPin }): FuzzRequest => ({
      route: 'tokenPin',
      method: 'POST',
      url: `/services/twofactortoken-service/protected/tokens/${segment ?? fz.ldapIds.demonewpin!}`,
      identity,
      csrf: 'echo',
      contentType: 'application/json',
      payload: JSON.stringify({ newPin }),
    }));
  return fc.oneof({ weight: 5, arbitrary: gets }, { weight: 1, arbitrary: pins });
}

/** Every route × wrong or odd methods, content types and headers, garbage cookies and the anti-forgery variants. */
function headerRequests(fz: Fuzzer): Arbitrary<FuzzRequest> {
  // The anti-forgery, cookie and body headers are generated on their own; these only add to them.
  const odd = fc.dictionary(
    fc
      .oneof(
        fc.constantFrom(
          'accept',
          'accept-language',
          'accept-encoding',
          'if-none-match',
          'if-modified-since',
          'range',
          'x-requested-with',
          'x-forwarded-for',
          'x-forwarded-host',
          'x-forwarded-proto',
          'forwarded',
          'origin',
          'referer',
          'user-agent',
          'authorization',
          'x-http-method-override',
          'content-encoding',
          'content-language',
          'expect',
          'x-real-ip',
          'x-request-id',
          'cache-control',
          'pragma',
          'te',
          'upgrade',
        ),
        fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 1, maxLength: 20 }),
      )
      .filter(
        (name) =>
          ![
            'cookie',
            'x-xsrf-token',
            'x-csrf-token',
            'content-type',
            'content-length',
            'transfer-encoding',
            'host',
          ].includes(name),
      ),
    headerValue,
    { maxKeys: 4 },
  );
  const specs = Object.values(ROUTE_SPECS);
  const cheapBody = fc.constantFrom('{}', '""', 'null', '[]', 'x=1', '{"userId":""}', '{"logEntries":[]}', '');
  return fc
    .record({
      spec: fc.constantFrom(...specs),
      method: fc.oneof(
        { weight: 4, arbitrary: fc.constant<Method | null>(null) },
        { weight: 2, arbitrary: fc.constantFrom<Method>('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
      ),
      identity: fc.constantFrom(...IDENTITIES),
      csrf: csrfMode,
      headers: odd,
      cookies: fc.option(garbageCookies, { nil: undefined, freq: 3 }),
      etag: fc.boolean(),
      type: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
        contentType,
      ),
      body: cheapBody,
    })
    .map(({ spec, method, identity, csrf, headers, cookies, etag, type, body }): FuzzRequest => {
      const m = method ?? spec.method;
      // Keep live sessions away from logout: ending one is not a refusal.
      const who = spec.key === 'logout' && LIVE_SESSIONS.has(identity) ? 'anonymous' : identity;
      const sent = { ...headers };
      if (etag && spec.key === 'cobrand') sent['if-none-match'] = fz.cobrandEtag;
      const safe = m === 'GET' || m === 'HEAD';
      return {
        route: spec.key,
        method: m,
        url: spec.path,
        identity: who,
        csrf,
        headers: sent,
        ...(cookies !== undefined ? { extraCookies: cookies } : {}),
        ...(!safe || type !== undefined ? { contentType: type ?? 'application/json', payload: body } : {}),
      };
    });
}

/**
 * SAML answers posted to the callback: garbage, base64 of XML-like text, right-looking envelopes; with no flow, a
 * flow for another RelayState, or the flow this RelayState belongs to, so the answer reaches node-saml's checks.
 */
function samlAnswerRequests(flowCookie: string): Arbitrary<FuzzRequest> {
  const xmlish = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.constantFrom(
      '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>',
      '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_1" InResponseTo="_x" Version="2.0">' +
        '<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a"><saml:Subject><saml:NameID>' +
        'demosaml</saml:NameID></saml:Subject></saml:Assertion></samlp:Response>',
      '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      '<?xml version="1.0"?><a><b><c><d><e/></d></c></b></a>',
    ),
  );
  const response = fc.oneof(
    xmlish.map((xml) => Buffer.from(xml).toString('base64')),
    fc.string({ maxLength: 200 }),
    fc.constant(''),
  );
  return fc
    .record({
      response,
      relay: fc.oneof(fc.constant('fuzz-relay-state'), fc.string({ maxLength: 64 })),
      flow: fc.constantFrom('none', 'right', 'garbage'),
      identity: fc.constantFrom(...IDENTITIES),
      csrf: csrfMode,
      type: fc.oneof(fc.constant('application/x-www-form-urlencoded'), contentType),
    })
    .map(({ response, relay, flow, identity, csrf, type }): FuzzRequest => ({
      route: 'samlAnswer',
      method: 'POST',
      url: ServicePaths.ssoCallback('kestrelmark'),
      identity,
      csrf,
      contentType: type,
      payload: new URLSearchParams({ SAMLResponse: response, RelayState: relay }).toString(),
      ...(flow === 'none' ? {} : { extraCookies: `sso_flow=${flow === 'right' ? flowCookie : 'x.y.z'}` }),
    }));
}

// ---------------------------------------------------------------------------------------------------------------
// Memory: a forced collection if the runtime lets us have one, else generous bounds.

function exposeGc(): (() => void) | null {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

async function heapUsed(gc: (() => void) | null): Promise<number> {
  for (let i = 0; i < 3; i += 1) {
    gc?.();
    await nextTurn();
  }
  return process.memoryUsage().heapUsed;
}

// ---------------------------------------------------------------------------------------------------------------

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    // kestrelmark's SAML settings, so a fuzzed answer that reaches node-saml is checked against a real certificate.
    const [idp, sp] = [keyAndCertificate('fuzz-idp'), keyAndCertificate('fuzz-sp')];
    // Every answer the fuzz draws out must be one its route's OpenAPI description declares.
    const undeclared = new Set<string>();
    const shared = useSharedTestApp(dialect, {
      env: { KESTRELMARK_SAML_IDP_CERT: idp.cert, KESTRELMARK_SAML_SP_KEY: sp.key },
      onUndeclaredStatus: (route, status) => undeclared.add(`${route} answered ${status}`),
    });
    let fuzzer: Fuzzer | undefined;
    const f = (): Fuzzer => {
      if (!fuzzer) throw new Error('the fuzzer is not set up');
      return fuzzer;
    };
    let accountsBefore = '';
    let startedAt = 0;
    let heapAtStart = 0;
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);

    beforeAll(async () => {
      startedAt = Date.now();
      fuzzer = await Fuzzer.setUp(shared());
      accountsBefore = JSON.stringify(
        await shared().database.db.selectFrom('account').selectAll().orderBy('id').execute(),
      );
      process.on('uncaughtException', onCrash);
      process.on('unhandledRejection', onCrash);
      heapAtStart = await heapUsed(exposeGc());
    }, 60_000);

    afterAll(() => {
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
      if (fuzzer) console.info(`${fuzzer.report(dialect)}\n  (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
    });

    it(
      'answers generated query strings on every GET route without a 5xx, in the error shape when refused',
      async () => {
        await f().run(queryRequests(), 900);
      },
      FUZZ_TIMEOUT,
    );

    it(
      'answers generated SAML answers on the SSO callback without a 5xx, and never with a session',
      async () => {
        const state = { cobrand: 'kestrelmark', state: 'fuzz-relay-state', expiresAt: Number.MAX_SAFE_INTEGER };
        const flow = seal(deriveKeys(TEST_PORTAL_SECRET).ssoFlow, JSON.stringify(state));
        await f().run(samlAnswerRequests(encodeURIComponent(flow)), 300);
        const db = shared().database.db;
        const opened = await db.selectFrom('session').select('id_hash').where('cobrand', '=', 'kestrelmark').execute();
        expect(opened).toEqual([]);
      },
      FUZZ_TIMEOUT,
    );

    it(
      'refuses path parameters with traversal, encoded NUL, bad escapes and over-long names without a 5xx',
      async () => {
        await f().run(pathRequests(f()), 700);
      },
      FUZZ_TIMEOUT,
    );

    it(
      'refuses send-login forms of every wrong shape and content type before they count as a try',
      async () => {
        await f().run(sendLoginRequests(f(), false), 450, { refusedShapes: true });
      },
      FUZZ_TIMEOUT,
    );

    it.each([
      ['loginSignin', CHEAP_BODIES.loginSignin, 300],
      ['securityQuestions', CHEAP_BODIES.securityQuestions, 300],
      ['logErrorStatement', CHEAP_BODIES.logErrorStatement, 250],
      ['uiLogEntries', CHEAP_BODIES.uiLogEntries, 250],
      ['tokenPin', CHEAP_BODIES.tokenPin, 250],
    ] as const)(
      'answers generated bodies on %s without a 5xx, in the error shape when refused',
      async (route, body, numRuns) => {
        await f().run(bodyRequests(f(), route, body), numRuns);
      },
      FUZZ_TIMEOUT,
    );

    it.each([
      ['temporaryPasswords', 250],
      ['forgotPassword', 250],
      ['changePassword', 250],
    ] as const)(
      'refuses generated bodies of a wrong shape on %s, changing nothing',
      async (route, numRuns) => {
        await f().run(bodyRequests(f(), route, REFUSED_SHAPES[route]), numRuns, { refusedShapes: true });
      },
      FUZZ_TIMEOUT,
    );

    it(
      'answers a bounded number of right-shaped tries with hostile content without a 5xx',
      async () => {
        // Each of these costs one or two argon2 runs, so there are few of them.
        await f().run(sendLoginRequests(f(), true), 25);
        for (const route of ['temporaryPasswords', 'forgotPassword', 'changePassword'] as const) {
          await f().run(
            fc
              .record({
                body: ACCEPTED_SHAPES[route],
                identity: fc.constantFrom<IdentityName>('anonymous', 'signedIn', 'mustChange', 'forgedSession'),
              })
              .map(({ body, identity }): FuzzRequest => ({
                route,
                method: 'POST',
                url: ROUTE_SPECS[route]!.path,
                identity,
                csrf: 'echo',
                contentType: 'application/json',
                payload: JSON.stringify(body),
              })),
            15,
          );
        }
      },
      FUZZ_TIMEOUT,
    );

    it(
      'answers odd methods, headers, cookies and anti-forgery tokens on every route without a 5xx',
      async () => {
        await f().run(headerRequests(f()), 900);
      },
      FUZZ_TIMEOUT,
    );

    it(
      'keeps the heap bounded over repeated rounds of mixed requests',
      async () => {
        const gc = exposeGc();
        const mixed = fc.oneof(
          queryRequests(),
          pathRequests(f()),
          sendLoginRequests(f(), false),
          headerRequests(f()),
          bodyRequests(f(), 'uiLogEntries', CHEAP_BODIES.uiLogEntries),
          bodyRequests(f(), 'temporaryPasswords', REFUSED_SHAPES.temporaryPasswords),
        );
        // The same checks as the properties above, but every request of a round is sent even when one fails a check,
        // so the heap is measured whatever; the properties above shrink such a failure.
        const failures: string[] = [];
        const round = async (seed: number) => {
          for (const request of fc.sample(mixed, { seed, numRuns: runs(200) })) {
            try {
              await f().exchange(request);
            } catch (error) {
              failures.push((error as Error).message.split('\n').slice(0, 3).join('\n'));
            }
          }
        };
        await round(SEED);
        const afterFirstRound = await heapUsed(gc);
        for (let i = 1; i <= 3; i += 1) await round(SEED + i);
        const afterRounds = await heapUsed(gc);
        console.info(
          `[fuzz ${dialect}] heap used: ${(heapAtStart / MiB).toFixed(1)} MiB at the start, ${(afterFirstRound / MiB).toFixed(1)} after the` +
            ` first mixed round, ${(afterRounds / MiB).toFixed(1)} after three more (collection ${gc ? 'forced' : 'not available'})`,
        );
        expect(afterRounds - afterFirstRound, 'heap growth over three more rounds').toBeLessThan((gc ? 32 : 128) * MiB);
        expect(afterRounds - heapAtStart, 'heap growth over the whole fuzz').toBeLessThan((gc ? 96 : 256) * MiB);
        expect(failures.slice(0, 5), `${failures.length} requests of the memory rounds failed a check`).toEqual([]);
      },
      FUZZ_TIMEOUT,
    );

    it('drew out no answer that the OpenAPI document does not declare for its route', () => {
      expect([...undeclared]).toEqual([]);
    });

    it('still answers, leaves every account as it was, and signs a demo user in after the fuzz', async () => {
      const t = shared();
      expect(crashes).toEqual([]);
      expect((await t.client().get('/healthz')).statusCode).toBe(200);
      expect((await t.client().get('/readyz')).statusCode).toBe(200);
      // No try during the fuzz could count against a real account: they all hold the state they had before it.
      expect(
        JSON.parse(JSON.stringify(await t.database.db.selectFrom('account').selectAll().orderBy('id').execute())),
      ).toEqual(JSON.parse(accountsBefore));
      const client = t.client();
      const signIn = await signInSequence(client, 'demopass');
      expect(signIn.statusCode).toBe(200);
      expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'demopass' });
    }, 60_000);

    /**
     * What the fuzz found, one input each, so a fix can be checked without the generators: a path the router cannot
     * decode or whose parameter is over-long is answered in Fastify's own shape, and a NUL in a user ID reaches
     * PostgreSQL, which refuses the text (22021), so the answer is a 500.
     */
    describe('inputs the fuzz found answered wrongly', () => {
      let t: TestApp;
      useFreshTestApp(dialect, {}, (app) => (t = app));
      const ready = async (): Promise<TestClient> => {
        const client = t.client();
        expect((await client.get('/healthz')).statusCode).toBe(200);
        return client;
      };

      it.each([
        ['a malformed escape in a path parameter', '/sdportal/rest/cobrand/%E0%A4%A'],
        ['a lone percent sign in a path', `${PORTAL_UI_BASE}%`],
        ['a malformed escape under the static prefix', '/sdportal/footers/assets/%ZZ.png'],
        ['a path parameter over 200 characters', `/sdportal/rest/cobrand/${'a'.repeat(201)}`],
        ['a locale over 200 characters in a bundle path', Paths.i18nBundle('x'.repeat(300), 'Messages')],
      ])('answers %s in the error shape', async (_case, url) => {
        const response = await (await ready()).get(url);
        expect(response.body, `${response.statusCode} ${String(response.headers['content-type'])}`).toMatch(
          /^\{"errors":\[\{"code":/,
        );
        expectErrorShape(response, [400, 404, 414]);
      });

      it('answers a NUL in the login-info user ID without a 5xx', async () => {
        const response = await (await ready()).get(`${Paths.loginInfo}?username=demo%00pass`);
        expect(response.statusCode, response.body).toBeLessThan(500);
      });

      it.each([
        ['loginSignin', Paths.loginSignin, 'demo\u0000pass'],
        ['securityQuestions', Paths.securityQuestions, { userId: 'demo\u0000pass' }],
        [
          'temporaryPasswords',
          Paths.temporaryPasswords,
          { userId: 'demo\u0000pass', securityQuestionSTO: { questionId: 'q', questionResponse: 'harbor' } },
        ],
        [
          'forgotPassword',
          Paths.forgotPassword,
          { userId: 'demo\u0000pass', securityQuestion: { questionId: 'q', questionResponse: 'harbor' } },
        ],
      ])('answers a NUL in the user ID of %s without a 5xx', async (_route, path, json) => {
        const response = await (await ready()).post(path, { json });
        expect(response.statusCode, response.body).toBeLessThan(500);
      });

      it('refuses a send-login whose username holds a NUL like any other, without a 5xx', async () => {
        const response = await (
          await ready()
        ).post(Paths.sendLogin, {
          form: { username: 'u\u0000', 'login-form-type': 'password', password: 'Not-The-Password-1' },
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
      });

      it('refuses a next tokencode whose attempt ID holds a NUL without a 5xx', async () => {
        const client = await ready();
        const token = (await new TokenStore(t.database.db).find((await accountRow(t.database, 'demotoken')).id))!;
        const far = codeAt(openSealed(keys.seal, token.seed_sealed), stepAt(t.clock.now()) + 5);
        expect((await signInSequence(client, 'demotoken', `2468${far}`)).body).toContain('/next-token-component?');
        const response = await client.post(Paths.sendLogin, {
          form: {
            username: 'demotoken',
            'login-form-type': 'next-token',
            password: '12345678',
            authn_attempt_id: 'a\u0000',
            in_response_to: 'x',
            referral_path: '/',
          },
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
      });
    });
  });
}
