/**
 * SAML single logout at ServicePaths.ssoSingleLogout, by HTTP-Redirect (GET) and HTTP-POST. The provider's LogoutRequest
 * (the user logged out of another application) ends every portal session of that subject at the cobrand and is
 * answered with a signed LogoutResponse; the provider's LogoutResponse to a logout the portal started (SamlFlow's
 * logoutUrl) is read, its signature checked and its status logged, and the user goes to the cobrand's sign-in.
 * A message that is not signed by the provider's certificate, or not by a strong algorithm, changes nothing; a refused
 * LogoutRequest is audited `sso.logout.refused`, as the OpenID logouts are (oidc/back-channel-logout.ts).
 */
import { ErrorCodes, routePath } from '@portal/contract';
import type { Profile } from '@node-saml/node-saml';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { AuditLog } from '../../db/audit-log.js';
import { ApiError } from '../../http/api-error.js';
import { originOf } from '../../http/origin.js';
import type { SessionCookies } from '../../http/session-cookies.js';
import type { SessionManager } from '../../session/index.js';
import type { FlowCookies } from '../flow-cookie.js';
import { CLOCK_SKEW_SECONDS, SAML_REQUEST_MS, type Providers, type SamlSettings } from '../providers.js';
import type { SsoStore } from '../sso-store.js';
import { issueInstantOf, statusOf, verifiedLogout, type LogoutMessage } from './logout-message.js';
import { hashed, SamlSubjects } from './saml-subjects.js';

export interface SingleLogoutOptions {
  providers: Providers;
  store: SsoStore;
  sessions: SessionManager;
  cookies: SessionCookies;
  flows: FlowCookies;
  audit: AuditLog;
  clock: Clock;
}

const signInOf = (cobrand: string) =>
  `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand)}`;
const ANY_SESSION = ['full', 'change_password', 'new_pin', 'next_token', 'sso_token'] as const;
const refused = () => new ApiError(400, [{ code: ErrorCodes.invalid, messageKey: 'request.invalid' }]);

export class SamlSingleLogout {
  private readonly subjects: SamlSubjects;

  constructor(private readonly o: SingleLogoutOptions) {
    this.subjects = new SamlSubjects(o.store, o.clock);
  }

  /** `rawQuery`: the query string as sent (what an HTTP-Redirect signature covers), or null for HTTP-POST. */
  async handle(
    found: { idp: SamlSettings } | null,
    name: string,
    message: LogoutMessage,
    rawQuery: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const log = reply.log.child({ cobrand: name, binding: rawQuery === null ? 'HTTP-POST' : 'HTTP-Redirect' });
    if (!found) {
      log.warn('single logout message for a cobrand without a SAML provider');
      await this.audited(name, 'no SAML provider set up for this cobrand', request);
      throw new ApiError(404, [{ code: ErrorCodes.notFound, messageKey: 'request.notFound' }]);
    }
    if (message.SAMLRequest) return this.providerRequest(found.idp, name, message, rawQuery, request, reply);
    if (message.SAMLResponse) return this.providerResponse(found.idp, name, message, rawQuery, reply);
    log.warn('single logout refused: neither a SAMLRequest nor a SAMLResponse');
    await this.audited(name, 'neither a SAMLRequest nor a SAMLResponse', request);
    throw refused();
  }

  /** A logout message refused, in the trail: a forged or replayed one is what the bank's SIEM watches for. */
  private audited(name: string, reason: string, request: FastifyRequest) {
    const binding = request.method === 'GET' || request.method === 'HEAD' ? 'HTTP-Redirect' : 'HTTP-POST';
    const detail = { cobrand: name, channel: 'saml', binding, refused: reason };
    return this.o.audit.record('sso.logout.refused', null, detail, { origin: originOf(request) });
  }

  /** Another application logged the user out at the provider: the subject's portal sessions end here too. */
  private async providerRequest(
    idp: SamlSettings,
    name: string,
    message: LogoutMessage,
    rawQuery: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const now = this.o.clock();
    let saml: ReturnType<Providers['saml']>;
    let profile: Profile;
    try {
      saml = this.o.providers.saml(name, idp);
      profile = await this.checkedRequest(saml, name, message, rawQuery, now);
    } catch (error) {
      reply.log.warn({ cobrand: name, reason: (error as Error).message }, 'single logout request refused');
      await this.audited(name, `logout request refused: ${(error as Error).message}`, request);
      throw refused();
    }
    const accountId = await this.subjects.accountOf(name, idp, profile.nameID);
    const ended = accountId ? await this.o.sessions.endFederated(accountId, name) : 0;
    const details = {
      step: 'sso single logout',
      cobrand: name,
      issuer: profile.issuer,
      subject: profile.nameID,
      ended,
    };
    await this.o.audit.record('session.logout', accountId ?? null, details, { origin: originOf(request) });
    reply.log.info({ ...details, linked: Boolean(accountId) }, 'single logout by the provider');
    await this.forgetEnded(request, reply);
    if (!idp.sloUrl) return reply.redirect(signInOf(name), 303);
    return reply.redirect(await saml.getLogoutResponseUrlAsync(profile, message.RelayState ?? '', {}, true), 303);
  }

  /** This browser's cookies go where its session was one of those that ended; another user's stay as they are. */
  private async forgetEnded(request: FastifyRequest, reply: FastifyReply) {
    const rawId = this.o.cookies.sessionId(request);
    if (!rawId || (await this.o.sessions.find(rawId, ANY_SESSION))) return;
    this.o.cookies.close(reply);
    this.o.flows.takeLogout(request, reply);
  }

  /**
   * A signed LogoutRequest of the provider, recent, and never seen before: a captured one cannot end the user's
   * sessions again later. Its ID is kept as long as a request may be old.
   */
  private async checkedRequest(
    saml: ReturnType<Providers['saml']>,
    name: string,
    message: LogoutMessage,
    rawQuery: string | null,
    now: number,
  ): Promise<Profile> {
    const { profile } = await verifiedLogout(saml, message, rawQuery);
    if (!profile?.ID || !profile.nameID) throw new Error('not a LogoutRequest with an ID and a NameID');
    const issued = issueInstantOf(message, rawQuery);
    const skew = CLOCK_SKEW_SECONDS * 1000;
    if (Number.isNaN(issued) || issued > now + skew || now - issued > SAML_REQUEST_MS)
      throw new Error(`IssueInstant missing, ahead, or over ${SAML_REQUEST_MS / 60_000} minutes old`);
    if (
      !(await this.o.store.once(`saml-logout:${name}:${hashed(profile.ID)}`, name, now + SAML_REQUEST_MS + skew, now))
    )
      throw new Error(`LogoutRequest ${profile.ID} used before`);
    return profile;
  }

  /** The provider's answer to the portal's own LogoutRequest: logged, and the user sent to sign-in either way. */
  private async providerResponse(
    idp: SamlSettings,
    name: string,
    message: LogoutMessage,
    rawQuery: string | null,
    reply: FastifyReply,
  ) {
    const status = statusOf(message, rawQuery);
    try {
      await verifiedLogout(this.o.providers.saml(name, idp), message, rawQuery);
      reply.log.info({ cobrand: name, status }, 'single logout answered by the provider');
    } catch (error) {
      const reason = (error as Error).message;
      if (reason.startsWith('Bad status code'))
        reply.log.warn({ cobrand: name, status }, 'single logout: the provider did not end its session');
      else reply.log.warn({ cobrand: name, reason, status }, 'single logout answer refused');
    }
    return reply.redirect(signInOf(name), 303);
  }
}
