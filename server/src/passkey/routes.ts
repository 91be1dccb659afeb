/**
 * The passkey calls (docs/api.md): a sign-in with one (options bound to this browser's attempt, then the assertion,
 * answered as send-login answers), and a signed-in user's own passkeys (list, create, rename, remove).
 */
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCodes, PASSKEY_SKIP_COOKIE, PasskeyPathPatterns, PasskeyPaths, Paths } from '@portal/contract';
import {
  PasskeyListSchema,
  PasskeyOfferQuerySchema,
  PasskeyOfferSchema,
  PasskeyOptionsSchema,
  PasskeyParamsSchema,
  PasskeyRegistrationBodySchema,
  PasskeyRenameBodySchema,
  PasskeySchema,
  PasskeySignInBodySchema,
  RefusedSchema,
  WhereNextSchema,
} from '@portal/contract/schemas';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccountStore } from '../account/index.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import { ApiError, sessionEnded } from '../http/api-error.js';
import { requireContentType, textAnswer } from '../http/content-type.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import { checkedRedirect } from '../security/redirects.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { FreshSignIn, SessionManager } from '../session/index.js';
import { CHALLENGE_MS } from './ceremonies.js';
import type { PasskeyRow } from './passkey-store.js';
import type { SignInOnRoute } from '../signin-kernel/index.js';
import type { PasskeyService } from './passkey-service.js';
import { guard, STATE_READ } from '../http/route-guard.js';

export interface PasskeyRoutesOptions {
  passkeys: PasskeyService;
  accounts: AccountStore;
  cobrands: CobrandDirectory;
  sessions: SessionManager;
  cookies: SessionCookies;
  throttle: RouteThrottle;
  /** The rule every change to how the account signs in follows: a sign-in within the last five minutes. */
  fresh: FreshSignIn;
  /** The sign-in options' own budget (PASSKEY_OPTIONS_PER_MINUTE): the page asks for them as it loads. */
  optionsThrottle: RouteThrottle;
  signIn: SignInOnRoute;
  refusedBody: () => string;
  publicOrigin: string;
  secureCookies: boolean;
  clock: () => number;
}

/** The cookie that binds a sign-in's options to the browser that asked for them. */
const ATTEMPT_COOKIE = 'passkey-attempt';
const attemptCookie = { path: '/sdportal/rest/passkeys', httpOnly: true, sameSite: 'strict' as const };
const bindingOf = (value: string) => createHash('sha256').update(value).digest('hex');
const listed = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  backedUp: row.backed_up === 1,
  disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
});
const JSON_BODY = requireContentType('application/json');

/** The parts every group of routes shares. */
type Parts = PasskeyRoutesOptions & { signedIn: ReturnType<typeof signedInWith> };

/** The signed-in user (a full session) and their session, or the one answer to a call without one. */
const signedInWith =
  ({ sessions, cookies, accounts }: PasskeyRoutesOptions) =>
  async (request: FastifyRequest) => {
    const session = await sessions.find(cookies.sessionId(request), ['full']);
    const account = session && (await accounts.findById(session.account_id));
    if (!session || !account) throw sessionEnded();
    return { session, account };
  };

export const passkeyRoutes: FastifyPluginAsyncTypebox<PasskeyRoutesOptions> = async (app, options) => {
  const parts: Parts = { ...options, signedIn: signedInWith(options) };
  signInWithPasskey(app, parts);
  readOwnPasskeys(app, parts);
  createOwnPasskey(app, parts);
  changeOwnPasskey(app, parts);
};

/** Every change here is the browser's own call, with its budget and token. */
const CHANGE = { throttle: 'own', changes: true, csrf: 'token' } as const;

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** A sign-in with a passkey: options bound to this browser's attempt, then the assertion. */
function signInWithPasskey(app: App, options: Parts) {
  const { passkeys, throttle, clock } = options;
  app.post(
    PasskeyPaths.signInOptions,
    {
      schema: {
        operationId: 'passkeySignInOptions',
        summary: 'Options for a sign-in with a passkey, bound to this browser by a cookie, for five minutes',
        response: { 200: PasskeyOptionsSchema },
      },
      // Counted on their own: the page's asking as it loads spends nothing of the sign-in's budget, nor it of theirs.
      config: {
        ...options.optionsThrottle,
        ...guard({ ...CHANGE, audit: 'none: a challenge only; the sign-in that answers it is audited' }),
      },
    },
    async (_request, reply) => {
      const attempt = randomBytes(32).toString('base64url');
      const secure = options.secureCookies;
      reply.setCookie(ATTEMPT_COOKIE, attempt, { ...attemptCookie, secure, maxAge: CHALLENGE_MS / 1000 });
      passkeys.count('sign-in', 'begun');
      return passkeys.ceremonies.authenticationOptions(bindingOf(attempt), clock());
    },
  );

  app.post(
    PasskeyPaths.signIn,
    {
      schema: {
        operationId: 'passkeySignIn',
        summary: "Sign in with a passkey's assertion; answers, as text, where to go next (as send-login)",
        body: PasskeySignInBodySchema,
        response: { 200: textAnswer(WhereNextSchema), 401: textAnswer(RefusedSchema) },
      },
      config: { ...throttle, ...guard({ ...CHANGE, audit: ['signin.success', 'signin.failure'] }) },
      preValidation: JSON_BODY,
    },
    async (request, reply) => {
      const attempt = request.cookies[ATTEMPT_COOKIE];
      const { response } = request.body;
      const challenge = attempt
        ? await passkeys.ceremonies.takeSignInChallenge(response, bindingOf(attempt), clock())
        : null;
      reply.clearCookie(ATTEMPT_COOKIE, attemptCookie);
      const location = await options.signIn({ response, challenge }, { request, reply });
      reply.type('text/plain; charset=utf-8');
      passkeys.count('sign-in', location ? 'passed' : 'refused');
      if (location === null) return reply.code(401).send(options.refusedBody());
      return location;
    },
  );
}

/** What the signed-in user's pages read: whether to offer one now, and their list. */
function readOwnPasskeys(app: App, options: Parts) {
  const { passkeys, signedIn } = options;
  app.get(
    PasskeyPaths.offer,
    {
      schema: {
        operationId: 'passkeyOffer',
        summary: 'Whether to offer this signed-in user a passkey now, and the checked address to go on to',
        querystring: PasskeyOfferQuerySchema,
        response: { 200: PasskeyOfferSchema },
      },
      config: STATE_READ,
    },
    async (request) => {
      const { session, account } = await signedIn(request);
      const { record } = await options.cobrands.resolve(account.cobrand);
      const home = `${Paths.platformHome}?cobrandHost=${encodeURIComponent(record.cobrand.name)}`;
      const next = checkedRedirect(request.query.next, record.allowedOrigins, options.publicOrigin, home);
      const skipped = request.cookies[PASSKEY_SKIP_COOKIE] !== undefined;
      const offer =
        session.method !== 'passkey' &&
        !skipped &&
        (await passkeys.allowed(account)) &&
        (await passkeys.list(account)).length === 0;
      return { offer, next };
    },
  );

  app.get(
    PasskeyPaths.passkeys,
    {
      schema: {
        operationId: 'listPasskeys',
        summary: "The signed-in user's passkeys: name, created, last used",
        response: { 200: PasskeyListSchema },
      },
      config: STATE_READ,
    },
    async (request) => ({ passkeys: (await passkeys.list((await signedIn(request)).account)).map(listed) }),
  );
}

/** Creating a passkey: options bound to this session, then the registration's answer; each from a fresh sign-in. */
function createOwnPasskey(app: App, options: Parts) {
  const { passkeys, throttle, signedIn, fresh } = options;
  app.post(
    PasskeyPaths.registrationOptions,
    {
      schema: {
        operationId: 'passkeyRegistrationOptions',
        summary:
          'Options to create a passkey, bound to this session, for five minutes; within five minutes of signing in',
        response: { 200: PasskeyOptionsSchema },
      },
      config: { ...throttle, ...guard({ ...CHANGE, audit: 'factor.change.refused', factor: true }) },
    },
    async (request) => {
      const { session, account } = await signedIn(request);
      await fresh.require(session, 'passkey.add', originOf(request));
      if (!(await passkeys.allowed(account))) throw refused();
      return passkeys.registrationOptions(account, session, session.locale);
    },
  );

  app.post(
    PasskeyPaths.passkeys,
    {
      schema: {
        operationId: 'addPasskey',
        summary:
          "Create a passkey: the registration's answer to this session's options; within five minutes of signing in",
        body: PasskeyRegistrationBodySchema,
        response: { 201: PasskeySchema },
      },
      config: { ...throttle, ...guard({ ...CHANGE, audit: ['passkey.added', 'passkey.refused'], factor: true }) },
      preValidation: JSON_BODY,
    },
    async (request, reply) => {
      const { session, account } = await signedIn(request);
      // The options may have been asked just in time: the answer is held to the rule as well.
      await fresh.require(session, 'passkey.add', originOf(request));
      const row = await passkeys.register(account, session, request.body, originOf(request));
      if (!row) throw refused();
      return reply.code(201).send(listed(row));
    },
  );
}

/**
 * Renaming and removing one of the user's passkeys. A new name changes only what the list shows, not how anyone signs
 * in, so it needs no fresh sign-in; a removal does.
 */
function changeOwnPasskey(app: App, options: Parts) {
  const { passkeys, throttle, signedIn, fresh } = options;
  app.patch(
    PasskeyPathPatterns.passkey,
    {
      schema: {
        operationId: 'renamePasskey',
        summary: "Rename one of the signed-in user's passkeys",
        params: PasskeyParamsSchema,
        body: PasskeyRenameBodySchema,
        response: { 200: PasskeySchema },
      },
      config: { ...throttle, ...guard({ ...CHANGE, audit: 'passkey.renamed' }) },
      preValidation: JSON_BODY,
    },
    async (request) => {
      const { account } = await signedIn(request);
      const row = await passkeys.rename(account, request.params.id, request.body.name, originOf(request));
      if (!row) throw notFound();
      return listed(row);
    },
  );

  app.delete(
    PasskeyPathPatterns.passkey,
    {
      schema: {
        operationId: 'removePasskey',
        summary: "Remove one of the signed-in user's passkeys: within five minutes of signing in",
        params: PasskeyParamsSchema,
        response: { 204: Type.Null() },
      },
      config: { ...throttle, ...guard({ ...CHANGE, audit: 'passkey.removed', factor: true }) },
    },
    async (request, reply) => {
      const { session, account } = await signedIn(request);
      await fresh.require(session, 'passkey.remove', originOf(request));
      const removed = await passkeys.removeOne(account, request.params.id, session.locale, originOf(request));
      if (!removed) throw notFound();
      return reply.code(204).send(null);
    },
  );
}

const refused = () => new ApiError(400, [{ code: ErrorCodes.passkeyRefused, messageKey: 'passkey.refused' }]);
const notFound = () => new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'passkey.notFound' }]);
