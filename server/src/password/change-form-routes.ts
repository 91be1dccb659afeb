/**
 * The change-password screen's form posted natively (issue 33): the same call the script makes, then, as the script
 * does, a sign-in with the new password (or, from the profile, on to it), or the screen again with the script's
 * errors. Cancel, and any failure the script does not show on the form, send the user away as the script does.
 */
import { ErrorCodes, Paths, routePath, trimmed } from '@portal/contract';
import { brokenPasswordRules, passwordRuleResults } from '@portal/contract/password-rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { FormField, refusalOf, screenPost, type FormPage, type SignInWith } from '../http/form-post.js';
import { originOf } from '../http/origin.js';
import type { SessionCookies } from '../http/session-cookies.js';
import { whileAdmitted } from '../security/hash-admission.js';
import type { RouteThrottle } from '../security/throttle.js';
import type { SessionManager, SessionRow } from '../session/index.js';
import { afterChange } from './after-change.js';
import type { ChangePasswordService } from './change-password-service.js';

export interface ChangeFormOptions {
  changePassword: ChangePasswordService;
  sessions: SessionManager;
  cookies: SessionCookies;
  throttle: RouteThrottle;
  page: FormPage;
  signInWith: SignInWith;
  /** Forgets the account's trusted devices but the asking browser's: the form's checkbox ticked. */
  forgetOtherDevices: (request: FastifyRequest, accountId: string) => Promise<number>;
  /** The browser's trusted device, from its device cookie (the device capability's): its tries count there. */
  deviceIdOf: (request: FastifyRequest) => string | undefined;
}

const SCREEN = 'change-password-component';
const ChangeFormSchema = Type.Object({
  old: FormField,
  new1: FormField,
  new2: FormField,
  cancel: FormField,
  forgetOtherDevices: FormField,
});
const ChangeQuerySchema = Type.Object(
  { dest: Type.Optional(Type.String()), cobrandHost: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
type Fields = 'old' | 'new1' | 'new2';

/**
 * §5's checks, as the screen's script makes them before it calls (web/src/screens/change-password-component/
 * change-password-rules.ts), as codes its renderer words: every field required, the new password not the user ID and
 * within the rules (contract's one list), the confirmation equal to it.
 */
export function changeFindings(
  userId: string,
  values: Partial<Record<Fields, string>>,
): Partial<Record<Fields, string>> {
  const found: Partial<Record<Fields, string>> = {};
  for (const field of ['old', 'new1', 'new2'] as const) if (!values[field]) found[field] = 'required';
  const fresh = trimmed(values.new1);
  if (values.new1 && fresh.toLowerCase() === userId.toLowerCase()) found.new1 = 'sameAsUserId';
  else if (values.new1 && brokenPasswordRules(fresh, userId).length) found.new1 = 'construction';
  if (values.new1 && values.new2 && values.new1 !== values.new2) found.new2 = 'mismatch';
  return found;
}

/** The service's refusal of a new password, as the screen words it: the rule only it checks, else the rules. */
const policyCode = (rules: readonly string[]) =>
  (['history', 'common', 'breached'] as const).find((rule) => rules.includes(rule)) ?? 'construction';

export const changeFormRoutes: FastifyPluginAsyncTypebox<ChangeFormOptions> = async (app, options) => {
  const { changePassword, sessions, cookies, throttle, page, signInWith, forgetOtherDevices, deviceIdOf } = options;
  /** Where the script sends the user away: the profile (from MyProfile, signed in) or the logout address. */
  const away = (reply: FastifyReply, session: SessionRow | null, myProfile: boolean, cobrand = '') =>
    reply.redirect(
      myProfile && session
        ? `${routePath('security-component')}?cobrandHost=${encodeURIComponent(session.cobrand)}`
        : `${Paths.logout}?cobrandHost=${encodeURIComponent(session?.cobrand ?? cobrand)}`,
      303,
    );

  const change = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: SessionRow,
    body: Partial<Record<Fields | 'cancel' | 'forgetOtherDevices', string>>,
    myProfile: boolean,
  ) => {
    const userId = (await changePassword.userIdOf(session)) ?? '';
    // The rule lines as the script left them when Save was pressed: the new password's, though it is not sent back.
    const rules = body.new1 ? passwordRuleResults(trimmed(body.new1), userId) : undefined;
    const fields = changeFindings(userId, body);
    if (Object.keys(fields).length > 0) return page(request, reply, SCREEN, { values: {}, fields, rules }, 400);
    const input = { userId, oldCredential: trimmed(body.old), newCredential: trimmed(body.new1) };
    const outcome = await whileAdmitted(reply, () =>
      changePassword.change(session, input, originOf(request), deviceIdOf(request)),
    );
    // Nothing to change for a user their bank's provider signs in: back where they came from, as for a cancel.
    if (!outcome.ok && outcome.code === ErrorCodes.passwordChangeNotOffered) return away(reply, session, myProfile);
    if (!outcome.ok) {
      const policy = outcome.code !== ErrorCodes.invalidCredentials;
      const refused: Record<string, string> = policy ? { new1: policyCode(outcome.rules) } : { old: 'invalid' };
      // The rules only the service checks are marked once it refused one, as the script marks them.
      const serviceRules = policy ? Object.fromEntries(outcome.rules.map((rule) => [rule, false])) : {};
      return page(request, reply, SCREEN, { values: {}, fields: refused, rules: { ...rules, ...serviceRules } }, 400);
    }
    await afterChange({ sessions, cookies }, request, reply, session);
    // A ticked checkbox sends its value; an unticked one sends nothing.
    if (body.forgetOtherDevices !== undefined) await forgetOtherDevices(request, session.account_id);
    if (myProfile) return away(reply, session, true);
    // Changed: the script signs in with the new password, and goes to the logout address when that fails.
    const location = await signInWith(request, reply, userId, input.newCredential).catch(() => null);
    return location ? reply.redirect(location, 303) : away(reply, session, false);
  };

  const post = {
    screen: SCREEN,
    operationId: 'changePasswordForm',
    summary: 'Change password from the form without the script: on to the next page, or the screen again',
    querystring: ChangeQuerySchema,
    body: ChangeFormSchema,
    throttle,
    audit: ['password.changed', 'password.change.failure'],
  } as const;
  screenPost(app, post, async (request, reply) => {
    const session = await sessions.find(cookies.sessionId(request), ['full', 'change_password']);
    const myProfile = request.query.dest === 'MyProfile';
    if (request.body.cancel !== undefined || !session)
      return away(reply, session ?? null, myProfile, request.query.cobrandHost);
    try {
      return await change(request, reply, session, request.body, myProfile);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      if (refusal.failure === 'busy') return page(request, reply, SCREEN, { values: {}, failure: 'busy' }, 503);
      // Any other failure sends the user away, as the script does.
      return away(reply, session, myProfile);
    }
  });
};
