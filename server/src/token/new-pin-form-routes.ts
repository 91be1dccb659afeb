/**
 * The new-PIN screen's form posted natively (issue 33): one post that does what the script does in its two calls, in
 * §4's order: the sign-in with the next passcode (token login type, the user's ldapId), then the new PIN from the
 * session it leaves. Answered as the script ends: logged out to sign in again with the PIN (a 303 to the logout
 * address), the screen again with §8's errors, or, for anything else, the logout address as the script goes there.
 */
import { PASSCODE_LENGTH, PIN_LENGTH, type TokenUserInformation } from '@portal/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccountStore } from '../account/index.js';
import { FormField, refusalOf, screenPost, type FormPage, type SendLogin } from '../http/form-post.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SessionManager } from '../session/index.js';
import type { TokenPinService } from './token-pin-service.js';
import { logoutFor, tokenUserOf } from './token-user.js';

export interface NewPinFormOptions {
  accounts: AccountStore;
  sessions: SessionManager;
  cookies: SessionCookies;
  pins: TokenPinService;
  throttle: RouteThrottle;
  page: FormPage;
  sendLogin: SendLogin;
}

const SCREEN = 'new-rsa-pin-component';
const NewPinFormSchema = Type.Object({ pin: FormField, confirm: FormField, passcode: FormField });
const NewPinQuerySchema = Type.Object({ cobrandHost: Type.Optional(Type.String()) }, { additionalProperties: true });
type Field = 'pin' | 'confirm' | 'passcode';

const digits = (count: number) => new RegExp(`^\\d{${count}}$`);

/**
 * §5's checks, as the screen's script makes them before it calls (web/src/screens/new-rsa-pin-component/
 * new-pin-rules.ts), as codes its renderer words.
 */
export function newPinFindings(values: Partial<Record<Field, string>>): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const field of ['pin', 'confirm', 'passcode'] as const) if (!values[field]) found[field] = 'required';
  const { pin = '', confirm = '', passcode = '' } = values;
  if (pin && !digits(PIN_LENGTH).test(pin)) found.pin = 'pinLength';
  else if (pin.startsWith('0')) found.pin = 'pinZero';
  if (confirm && confirm !== pin) found.confirm = 'mismatch';
  if (passcode && !digits(PASSCODE_LENGTH).test(passcode)) found.passcode = 'passcodeLength';
  return found;
}

export const newPinFormRoutes: FastifyPluginAsyncTypebox<NewPinFormOptions> = async (app, options) => {
  const { accounts, sessions, cookies, pins, throttle, page, sendLogin } = options;
  const userOf = tokenUserOf({ accounts, sessions, cookies });
  const refused = (
    request: FastifyRequest,
    reply: FastifyReply,
    fields: Record<string, string>,
    status: number,
    tokenUser?: TokenUserInformation,
  ) => page(request, reply, SCREEN, { values: {}, fields }, status, tokenUser && { tokenUser });

  /** §4's second call: the PIN, from the session the passcode's sign-in left; answered as the script ends. */
  const setPin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    sessionId: string | undefined,
    pin: string,
    user: TokenUserInformation,
  ) => {
    const session = await sessions.find(sessionId, ['new_pin']);
    const account = session && (await accounts.findById(session.account_id));
    const away = logoutFor(session?.cobrand ?? (request.query as { cobrandHost?: string }).cobrandHost);
    if (!session || !account) return reply.redirect(away, 303);
    // §8: a refused PIN stays on the page; a token server that does not answer, or any other end, logs out.
    const outcome = await pins.setPin(account, session.locale, pin, originOf(request)).catch(() => 'failed' as const);
    // The page again is for the session the passcode's sign-in left, which the browser holds after this answer.
    if (outcome === 'invalid') return refused(request, reply, { pin: 'invalid' }, 400, user);
    // §4: after a new PIN the user signs in again with it; after a failure the session is over too.
    if (sessionId) await sessions.end(sessionId);
    cookies.close(reply);
    return reply.redirect(away, 303);
  };

  const post = {
    screen: SCREEN,
    operationId: 'newPinForm',
    summary: 'A new token PIN from the form without the script: the passcode sign-in, then the PIN, as the script does',
    querystring: NewPinQuerySchema,
    body: NewPinFormSchema,
    throttle,
    // The passcode is a sign-in (send-login's kinds), then the PIN is set.
    audit: ['signin.success', 'signin.failure', 'token.pin.set'],
  } as const;
  screenPost(app, post, async (request, reply) => {
    const user = await userOf(request, 'newpin');
    if (!user.shouldAccess) return reply.redirect(logoutFor(request.query.cobrandHost), 303);
    const fields = newPinFindings(request.body);
    if (Object.keys(fields).length > 0) return refused(request, reply, fields, 400);
    const body = { username: user.ldapId, 'login-form-type': 'token' as const, password: request.body.passcode! };
    let sent: Awaited<ReturnType<SendLogin>>;
    try {
      sent = await sendLogin(request, reply, body);
    } catch (error) {
      // The script shows "invalid passcode" for any failure of its sign-in; a refusal for load keeps its status.
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return refused(request, reply, { passcode: 'invalid' }, refusal.status);
    }
    if (!sent) return refused(request, reply, { passcode: 'invalid' }, 401);
    return setPin(request, reply, sent.sessionId, request.body.pin!, user);
  });
};
