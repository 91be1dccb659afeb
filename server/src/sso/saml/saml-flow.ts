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

export interface SamlFlowOptions {
  flows: FlowCookies;
  providers: Providers;
  service: SsoService;
  store: SsoStore;
  clock: Clock;
  replies: SsoReplies;
}

export interface SamlAnswer {
  SAMLResponse: string;
  RelayState: string;
}

export class SamlFlow {
  constructor(private readonly o: SamlFlowOptions) {}

  /**
   * The provider's sign-on address with a signed AuthnRequest; the RelayState goes in the flow cookie. `fresh`: the
   * provider must ask for the password again, whatever session it holds (ForceAuthn="true").
   */
  async start(name: string, idp: SamlSettings, reply: FastifyReply, fresh = false): Promise<string> {
    const relayState = randomBytes(24).toString('base64url');
    const saml = this.o.providers.saml(name, idp);
    // providers.saml makes an instance per call, so the setting goes with this request only (were instances ever
    // shared, this would have to become a setting passed to providers.saml).
    if (fresh) saml.options.forceAuthn = true;
    const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
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
    if (!found || !flow || flow.state !== body.RelayState)
      return replies.refuse(reply, name, 'no sign-on in progress in this browser, or another RelayState');
    const { record, idp } = found;
    let profile;
    try {
      const saml = this.o.providers.saml(name, idp);
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }));
    } catch (error) {
      return replies.refuse(reply, name, `answer refused: ${(error as Error).message}`);
    }
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
    return replies.finish(request, reply, decision, { nameID, nameIDFormat, sessionIndex });
  }

  /** The provider's single logout address with a signed LogoutRequest, or null when it has none or nothing was kept. */
  async logoutUrl(name: string, idp: SamlSettings, kept: Record<string, string> | null): Promise<string | null> {
    if (!idp.sloUrl || !kept?.nameID) return null;
    const user = { issuer: idp.idpEntityId, nameID: kept.nameID, nameIDFormat: kept.nameIDFormat ?? '' };
    return this.o.providers.saml(name, idp).getLogoutUrlAsync({ ...user, sessionIndex: kept.sessionIndex }, '', {});
  }
}
