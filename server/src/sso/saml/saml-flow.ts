/** SAML 2.0 sign-on: the AuthnRequest (HTTP-Redirect), the provider's answer (HTTP-POST), and single logout. */
import { randomBytes } from 'node:crypto';
import { LOCALE_COOKIE, PORTAL_UI_BASE, SSO_START_AT_PORTAL_SCREEN } from '@portal/contract';
import type { Profile } from '@node-saml/node-saml';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import type { CobrandRecord } from '../../cobrand/index.js';
import { originOf } from '../../http/origin.js';
import type { FlowCookies } from '../flow-cookie.js';
import { CLOCK_SKEW_SECONDS, type Providers, SAML_REQUEST_MS, type SamlSettings } from '../providers.js';
import type { SsoReplies } from '../replies.js';
import type { Received, SsoService } from '../sso-service.js';
import type { SsoStore } from '../sso-store.js';
import { refusalOf } from './saml-checks.js';
import { receivedOf } from './saml-received.js';
import { readResponse, type ResponseFacts } from './saml-response.js';
import { subjectOf } from './saml-subject.js';
import { UNSOLICITED, unsolicitedProblem, wayOf } from './idp-initiated.js';
import { SamlSubjects } from './saml-subjects.js';

export interface SamlFlowOptions {
  flows: FlowCookies;
  providers: Providers;
  service: SsoService;
  store: SsoStore;
  clock: Clock;
  replies: SsoReplies;
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

  /**
   * The provider's sign-on address with a signed AuthnRequest; the RelayState goes in the flow cookie. `fresh`: the
   * provider must ask for the password again, whatever session it holds (ForceAuthn="true").
   */
  async start(name: string, idp: SamlSettings, reply: FastifyReply, fresh = false): Promise<string> {
    const relayState = randomBytes(24).toString('base64url');
    // An XML ID starts with a letter or underscore; this one is the browser's own, kept in its flow cookie.
    const requestId = `_${randomBytes(20).toString('hex')}`;
    // ForceAuthn goes with this request only: providers.saml makes an instance per call.
    const saml = this.o.providers.saml(name, idp, { requestId, ...(fresh ? { forceAuthn: true } : {}) });
    const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
    this.o.flows.start(reply, { cobrand: name, state: relayState, requestId }, this.o.clock());
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
    if (way.check === 'start at portal') return this.startAtPortal(record, name, way.reason, request, reply);
    const unsolicited = way.check === 'unsolicited';
    const expected = unsolicited ? { unsolicited } : { unsolicited, requestId: flow?.requestId };
    const checked = await this.check(name, idp, body.SAMLResponse, expected);
    if ('refusal' in checked) return replies.refuse(reply, name, checked.refusal, checked.received);
    const { profile, received } = checked;
    const problem = unsolicited && unsolicitedProblem(profile, this.o.providers.callbackUrl(name), now);
    if (problem) return replies.refuse(reply, name, `IdP-initiated answer refused: ${problem}`, received);
    const assertionId = /<(?:\w+:)?Assertion\b[^>]*\sID="([^"]+)"/.exec(profile.getAssertionXml?.() ?? '')?.[1];
    if (!assertionId) return replies.refuse(reply, name, 'no assertion', received);
    if (!(await this.o.store.once(`saml-assertion:${assertionId}`, name, now + SAML_REQUEST_MS, now)))
      return replies.refuse(reply, name, 'assertion used before', received);
    const named = subjectOf(profile, idp.userAttribute);
    if ('refusal' in named) return replies.refuse(reply, name, named.refusal, received);
    const { subject } = named;
    const decision = await this.o.service.signIn(record, subject, request.cookies[LOCALE_COOKIE], originOf(request));
    const { nameID, nameIDFormat, sessionIndex = '' } = profile;
    if (decision.open && nameID)
      await this.subjects.remember(name, nameID, decision.open.accountId, this.o.sessionAbsoluteSeconds * 1000);
    // The NameID's qualifiers too: a LogoutRequest must name it as it was issued, and Lasso (LemonLDAP::NG) finds
    // the session by the whole NameID.
    const qualifiers = Object.fromEntries(
      (['nameQualifier', 'spNameQualifier'] as const).flatMap((k) => (profile[k] ? [[k, String(profile[k])]] : [])),
    );
    return replies.finish(request, reply, decision, { nameID, nameIDFormat, sessionIndex, ...qualifiers });
  }

  /**
   * The answer read and held to the portal's rules (saml-checks.ts), then validated by node-saml; a refusal says why,
   * with what the provider sent.
   */
  private async check(
    name: string,
    idp: SamlSettings,
    samlResponse: string,
    /** The request this browser started, or an IdP-initiated answer (which must answer none). */
    expected: { requestId?: string | undefined; unsolicited: boolean },
  ): Promise<{ profile: Profile; received: Received } | { refusal: string; received?: Received }> {
    const facts = await this.read(name, idp, samlResponse);
    if ('refusal' in facts) return facts;
    const received = receivedOf(facts);
    const rules = {
      idpEntityId: idp.idpEntityId,
      signatures: idp.signatures ?? 'either',
      allowSha1: idp.allowSha1 ?? false,
      requestId: expected.requestId,
      unsolicited: expected.unsolicited,
      skewMs: CLOCK_SKEW_SECONDS * 1000,
      // The clock node-saml checks the same times by.
      now: Date.now(),
    };
    const refusal = refusalOf(facts, rules);
    if (refusal) return { refusal, received };
    try {
      const { profile } = await this.o.providers
        .saml(name, idp, expected.unsolicited ? UNSOLICITED : {})
        .validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) return { refusal: 'no assertion', received };
      // node-saml checks the issuer of logout messages only; an assertion must come from the provider named too.
      if (profile.issuer !== idp.idpEntityId) return { refusal: 'another issuer', received };
      return { profile, received };
    } catch (error) {
      return { refusal: `answer refused: ${(error as Error).message}`, received };
    }
  }

  private async read(
    name: string,
    idp: SamlSettings,
    samlResponse: string,
  ): Promise<ResponseFacts | { refusal: string }> {
    let keys;
    try {
      keys = this.o.providers.samlKeys(name, idp);
    } catch (error) {
      return { refusal: `provider not set up: ${(error as Error).message}` };
    }
    try {
      return await readResponse(samlResponse, keys.idpCertificates, keys.decryptionKey);
    } catch (error) {
      return { refusal: `answer not readable: ${(error as Error).message}` };
    }
  }

  /**
   * An answer this portal did not ask for and does not take: logged and audited, and the browser sent (303, so a reload
   * posts nothing again) to the cobrand's page that offers a fresh start at the portal, in the cobrand's look.
   */
  private async startAtPortal(
    record: CobrandRecord,
    name: string,
    reason: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    reply.log.warn({ cobrand: name, reason }, 'single sign-on answer not taken: the sign-on must start at the portal');
    await this.o.service.refuse(name, reason, originOf(request));
    const page = `${PORTAL_UI_BASE}${SSO_START_AT_PORTAL_SCREEN}`;
    return reply.redirect(`${page}?cobrandHost=${encodeURIComponent(record.cobrand.name)}`, 303);
  }

  /** The provider's single logout address with a signed LogoutRequest, or null when it has none or nothing was kept. */
  async logoutUrl(name: string, idp: SamlSettings, kept: Record<string, string> | null): Promise<string | null> {
    if (!idp.sloUrl || !kept?.nameID) return null;
    const { nameQualifier, spNameQualifier } = kept;
    const user = {
      issuer: idp.idpEntityId,
      nameID: kept.nameID,
      nameIDFormat: kept.nameIDFormat ?? '',
      ...(nameQualifier ? { nameQualifier } : {}),
      ...(spNameQualifier ? { spNameQualifier } : {}),
    };
    return this.o.providers.saml(name, idp).getLogoutUrlAsync({ ...user, sessionIndex: kept.sessionIndex }, '', {});
  }
}
