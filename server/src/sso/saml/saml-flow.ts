/** SAML 2.0 sign-on: the AuthnRequest (HTTP-Redirect), the provider's answer (HTTP-POST), and single logout. */
import { randomBytes } from 'node:crypto';
import { LOCALE_COOKIE } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { CobrandRecord } from '../../cobrand/index.js';
import { originOf } from '../../http/origin.js';
import type { FlowCookies } from '../flow-cookie.js';
import { type Providers, SAML_REQUEST_MS, type SamlSettings } from '../providers.js';
import type { SsoReplies } from '../replies.js';
import type { SsoService } from '../sso-service.js';
import type { SsoStore } from '../sso-store.js';
import { UNSOLICITED, unsolicitedProblem, wayOf } from './idp-initiated.js';
import { SamlSubjects } from './saml-subjects.js';
import type { StartAtPortalPage } from './start-page.js';

export interface SamlFlowOptions {
  flows: FlowCookies;
  providers: Providers;
  service: SsoService;
  store: SsoStore;
  clock: Clock;
  replies: SsoReplies;
  startPage: StartAtPortalPage;
  /** How long a session may last: the NameID of its sign-on is kept that long, for the provider's single logout. */
  sessionAbsoluteSeconds: number;
}

export interface SamlAnswer {
  SAMLResponse: string;
  /** Absent or another in an IdP-initiated answer. */
  RelayState?: string | undefined;
}

export class SamlFlow {
  private readonly subjects: SamlSubjects;

  constructor(private readonly o: SamlFlowOptions) {
    this.subjects = new SamlSubjects(o.store, o.clock);
  }

  /** The provider's sign-on address with a signed AuthnRequest; the RelayState goes in the flow cookie. */
  async start(name: string, idp: SamlSettings, reply: FastifyReply): Promise<string> {
    const relayState = randomBytes(24).toString('base64url');
    const url = await this.o.providers.saml(name, idp).getAuthorizeUrlAsync(relayState, undefined, {});
    this.o.flows.start(reply, { cobrand: name, state: relayState }, this.o.clock());
    return url;
  }

  async answer(
    found: { record: CobrandRecord; idp: SamlSettings } | null,
    name: string,
    body: SamlAnswer,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { replies } = this.o;
    const now = this.o.clock();
    const flow = this.o.flows.take(request, reply, name, now);
    if (!found) return replies.refuse(reply, name, 'no SAML provider for this cobrand');
    const { record, idp } = found;
    const way = wayOf(idp, flow, body);
    if (way.check === 'refuse') return replies.refuse(reply, name, way.reason);
    if (way.check === 'start at portal') return this.startAtPortal(found.record, name, way.reason, request, reply);
    let profile;
    try {
      const saml = this.o.providers.saml(name, idp, way.check === 'unsolicited' ? UNSOLICITED : {});
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }));
    } catch (error) {
      return replies.refuse(reply, name, `answer refused: ${(error as Error).message}`);
    }
    const callbackUrl = this.o.providers.callbackUrl(name);
    const unsolicited = way.check === 'unsolicited' && profile && unsolicitedProblem(profile, callbackUrl, now);
    if (unsolicited) return replies.refuse(reply, name, `IdP-initiated answer refused: ${unsolicited}`);
    const assertionId = /<(?:\w+:)?Assertion\b[^>]*\sID="([^"]+)"/.exec(profile?.getAssertionXml?.() ?? '')?.[1];
    if (!profile || !assertionId) return replies.refuse(reply, name, 'no assertion');
    // node-saml checks the issuer of logout messages only; an assertion must come from the provider named too.
    if (profile.issuer !== idp.idpEntityId)
      return replies.refuse(reply, name, 'another issuer', { issuer: profile.issuer });
    if (!(await this.o.store.once(`saml-assertion:${assertionId}`, name, now + SAML_REQUEST_MS, now)))
      return replies.refuse(reply, name, 'assertion used before');
    const subject = idp.userAttribute === 'nameID' ? profile.nameID : profile[idp.userAttribute];
    if (typeof subject !== 'string' || !subject) return replies.refuse(reply, name, `no ${idp.userAttribute}`);
    const decision = await this.o.service.signIn(record, subject, request.cookies[LOCALE_COOKIE], originOf(request));
    const { nameID, nameIDFormat, sessionIndex = '' } = profile;
    if (decision.open && nameID)
      await this.subjects.remember(name, nameID, decision.open.accountId, this.o.sessionAbsoluteSeconds * 1000);
    return replies.finish(request, reply, decision, { nameID, nameIDFormat, sessionIndex });
  }

  /** An answer this portal did not ask for and does not take: logged and audited, and the user offered a fresh start. */
  private async startAtPortal(
    record: CobrandRecord,
    name: string,
    reason: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    reply.log.warn({ cobrand: name, reason }, 'single sign-on answer not taken: the sign-on must start at the portal');
    await this.o.service.refuse(name, reason, originOf(request));
    return this.o.startPage.send(request, reply, name, Object.keys(record.locales));
  }

  /** The provider's single logout address with a signed LogoutRequest, or null when it has none or nothing was kept. */
  async logoutUrl(name: string, idp: SamlSettings, kept: Record<string, string> | null): Promise<string | null> {
    if (!idp.sloUrl || !kept?.nameID) return null;
    const user = { issuer: idp.idpEntityId, nameID: kept.nameID, nameIDFormat: kept.nameIDFormat ?? '' };
    return this.o.providers.saml(name, idp).getLogoutUrlAsync({ ...user, sessionIndex: kept.sessionIndex }, '', {});
  }
}
