/**
 * SAML single logout both ways against a real SimpleSAMLphp 1.19: the portal's logout goes through SimpleSAMLphp's
 * single logout and its signed LogoutResponse comes back and is read; SimpleSAMLphp's own logout (another application
 * logged the user out) ends every portal session of that user, and a LogoutRequest that is not signed by it changes
 * nothing. Both ways work too with the SAML record of docs/operations.md copied as it stands.
 */
import { createSign } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Paths, SSO_USER_COOKIE, ServicePaths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsSamlRecord } from './docs-records.js';
import { DIALECTS } from './harness.js';
import { NAMEID } from './simplesamlphp.js';
import { hiddenInputs } from './simplesamlphp/browser.js';
import { BANK, pathOf, portalSp, SLO_URL, startBank, TwoSidedBrowser, type Bank } from './sso-saml-slo-support.js';

const HOME = `${Paths.platformHome}?cobrandHost=${BANK}`;
const SIGN_IN = `/public-portal-ui/login-signin-component?cobrandHost=${BANK}`;
const HTTP_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

let bank: Bank;

/** SimpleSAMLphp's filter that makes a persistent NameID from `uid`, used when a request asks for that format. */
const PERSISTENT_FROM_UID = {
  authproc: { 10: { class: 'saml:AttributeNameID', attribute: 'uid', Format: NAMEID.persistent } },
};

const signedIn = async (browser: TwoSidedBrowser) => (await browser.portal.get(Paths.session)).statusCode === 200;
const logLine = (message: string) => bank.log.filter((line) => line.msg === message).at(-1);

/** SimpleSAMLphp's own logout of its session (its SingleLogoutService with ReturnTo): the LogoutRequest it sends. */
async function providerLogout(browser: TwoSidedBrowser): Promise<string> {
  const returnTo = `${bank.ssp.base}/module.php/core/welcome`;
  const sent = await browser.atProvider(`${bank.ssp.sloUrl}?${new URLSearchParams({ ReturnTo: returnTo })}`);
  expect(sent.url.startsWith(`${SLO_URL}?SAMLRequest=`)).toBe(true);
  return sent.url;
}

describe.each(DIALECTS)('on %s', (dialect) => {
  beforeAll(async () => {
    bank = await startBank(['ana', 'ben', 'cy', 'dee', 'eve', 'fay'], dialect);
  }, 60_000);
  afterAll(async () => {
    await bank?.close();
  });

  describe("the portal's logout, through SimpleSAMLphp's single logout", () => {
    it('ends the provider session and reads its signed LogoutResponse, then the user is at sign-in', async () => {
      const browser = new TwoSidedBrowser(bank);
      expect(await browser.signInFromPortal('ana')).toBe(HOME);
      await browser.portal.get(Paths.logout);
      const logout = await browser.portal.get(ServicePaths.ssoLogout(BANK), {
        browser: true,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(logout.headers.location).toMatch(new RegExp(`^${bank.ssp.sloUrl}\\?SAMLRequest=`));

      const answered = await browser.atProvider(logout.headers.location as string);
      expect(answered.url.startsWith(`${SLO_URL}?SAMLResponse=`)).toBe(true);
      const back = await browser.portal.get(pathOf(answered.url), { browser: true });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(SIGN_IN);
      expect(logLine('single logout answered by the provider')).toMatchObject({ cobrand: BANK, status: SUCCESS });

      // SimpleSAMLphp asks for the password again: its session ended too.
      const again = await browser.portal.get(Paths.ssoStart(BANK), { browser: true });
      expect((await browser.atProvider(again.headers.location as string)).page).toMatch(/name=["']password["']/);
    });

    it('logs a LogoutResponse whose signature does not hold as refused, and still sends the user to sign-in', async () => {
      const browser = new TwoSidedBrowser(bank);
      await browser.signInFromPortal('ben');
      await browser.portal.get(Paths.logout);
      const logout = await browser.portal.get(ServicePaths.ssoLogout(BANK), {
        browser: true,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      const answered = new URL((await browser.atProvider(logout.headers.location as string)).url);
      answered.searchParams.set('Signature', Buffer.alloc(256, 7).toString('base64'));
      const back = await browser.portal.get(pathOf(answered.href), { browser: true });
      expect(back.headers.location).toBe(SIGN_IN);
      expect(logLine('single logout answer refused')).toMatchObject({ reason: 'Invalid query signature' });
    });

    it("logs the provider's status when it did not end its session, once its signature holds", async () => {
      const status = (code: string) => `<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:${code}"`;
      const xml =
        '<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ' +
        `xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_partial" Version="2.0" ` +
        `IssueInstant="${new Date().toISOString()}" Destination="${SLO_URL}">` +
        `<saml:Issuer>${bank.ssp.entityId}</saml:Issuer><samlp:Status>${status('Responder')}>` +
        `${status('PartialLogout')}/></samlp:StatusCode></samlp:Status></samlp:LogoutResponse>`;
      const byProvider = await bank.t.client().get(pathOf(signedRedirect('SAMLResponse', xml, bank.ssp.signing.key)));
      expect(byProvider.headers.location).toBe(SIGN_IN);
      expect(logLine('single logout: the provider did not end its session')).toMatchObject({
        status: 'urn:oasis:names:tc:SAML:2.0:status:Responder / urn:oasis:names:tc:SAML:2.0:status:PartialLogout',
      });
      const byAnother = await bank.t.client().get(pathOf(signedRedirect('SAMLResponse', xml, bank.sp.key)));
      expect(byAnother.headers.location).toBe(SIGN_IN);
      expect(logLine('single logout answer refused')).toMatchObject({ reason: 'Invalid query signature' });
    });
  });

  describe("SimpleSAMLphp's logout (another application logged the user out)", () => {
    it('ends every portal session of that user, answers with a signed LogoutResponse SimpleSAMLphp takes', async () => {
      const first = new TwoSidedBrowser(bank);
      expect(await first.signInFromPortal('cy')).toBe(HOME);
      // The same user in another browser of the portal, signed on by SimpleSAMLphp's session without a password.
      const second = new TwoSidedBrowser(bank);
      await second.portal.get(Paths.ssoStart(BANK), { browser: true }).then(async (started) => {
        const form = await first.idp.signIn(started.headers.location as string, 'cy', 'unused');
        await second.portal.post(pathOf(form.action), {
          form: { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState },
          csrf: false,
          browser: true,
        });
      });
      const bystander = new TwoSidedBrowser(bank);
      await bystander.signInFromPortal('dee');
      expect([await signedIn(first), await signedIn(second), await signedIn(bystander)]).toEqual([true, true, true]);

      const request = await providerLogout(first);
      const answer = await bank.t.client().get(pathOf(request), { browser: true });
      expect(answer.statusCode).toBe(303);
      const response = new URL(answer.headers.location as string);
      expect(response.origin + response.pathname).toBe(bank.ssp.sloUrl);
      expect(response.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      const xml = inflateRawSync(Buffer.from(response.searchParams.get('SAMLResponse')!, 'base64')).toString();
      expect(xml).toContain(SUCCESS);
      // SimpleSAMLphp checks the answer and finishes its logout at the ReturnTo address.
      const done = await first.atProvider(response.href);
      expect(done.url).toBe(`${bank.ssp.base}/module.php/core/welcome`);

      expect([await signedIn(first), await signedIn(second), await signedIn(bystander)]).toEqual([false, false, true]);
      expect(logLine('single logout by the provider')).toMatchObject({ cobrand: BANK, ended: 2, linked: true });
      const audit = await bank.t.database.db
        .selectFrom('audit_event')
        .innerJoin('account', 'account.id', 'audit_event.account_id')
        .select(['audit_event.detail', 'audit_event.client_address'])
        .where('account.user_id', '=', 'sso-cy')
        .where('audit_event.kind', '=', 'session.logout')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.detail)).toMatchObject({
        step: 'sso single logout',
        issuer: bank.ssp.entityId,
        ended: 2,
      });
      expect(audit[0]!.client_address).toBeTruthy();
    });

    it('refuses a LogoutRequest unsigned, signed by another key, or seen before, and ends nothing', async () => {
      const browser = new TwoSidedBrowser(bank);
      await browser.signInFromPortal('ana');
      const request = new URL(await providerLogout(browser));
      const unsigned = new URL(request);
      unsigned.searchParams.delete('Signature');
      unsigned.searchParams.delete('SigAlg');
      // A LogoutRequest as SimpleSAMLphp would send it, but signed with the portal's own key (a key the bank never had).
      const xml = inflateRawSync(Buffer.from(request.searchParams.get('SAMLRequest')!, 'base64'));
      const forged = signedRedirect('SAMLRequest', xml, bank.sp.key);
      const sha1 = new URL(request);
      sha1.searchParams.set('SigAlg', 'http://www.w3.org/2000/09/xmldsig#rsa-sha1');
      for (const refused of [unsigned.href, forged, sha1.href]) {
        const answer = await bank.t.client().get(pathOf(refused), { browser: true });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ errors: [{ code: 'invalid' }] });
        expect(await signedIn(browser)).toBe(true);
      }
      expect((await bank.t.client().get(pathOf(request.href), { browser: true })).statusCode).toBe(303);
      expect(await signedIn(browser)).toBe(false);
      // The same request again: refused, nothing more happens.
      expect((await bank.t.client().get(pathOf(request.href), { browser: true })).statusCode).toBe(400);
      // Each refusal is in the trail, for the bank's SIEM, as the OpenID logouts' are.
      const refusals = await bank.t.database.db
        .selectFrom('audit_event')
        .select('detail')
        .where('kind', '=', 'sso.logout.refused')
        .execute();
      const reasons = refusals.map((row) => (JSON.parse(row.detail) as { refused: string }).refused);
      expect(reasons.slice(-4)).toEqual([
        expect.stringMatching(/^logout request refused: not signed/),
        expect.stringMatching(/^logout request refused: /),
        expect.stringMatching(/^logout request refused: /),
        expect.stringMatching(/used before$/),
      ]);
    });

    it("refuses SimpleSAMLphp's LogoutRequest unsigned as it sends them by default, and logs why", async () => {
      bank.ssp.configure({ serviceProviders: [portalSp(bank.sp, { extra: { 'sign.logout': false } })] });
      try {
        const browser = new TwoSidedBrowser(bank);
        await browser.signInFromPortal('dee');
        const refused = await browser.portal.get(pathOf(await providerLogout(browser)), { browser: true });
        expect(refused.statusCode).toBe(400);
        expect(await signedIn(browser)).toBe(true);
        expect(logLine('single logout request refused')).toMatchObject({
          reason: 'not signed (no Signature in the query)',
        });
      } finally {
        bank.ssp.configure({ serviceProviders: [portalSp(bank.sp)] });
      }
    });

    it('takes the LogoutRequest by HTTP-POST too, where the portal is registered so', async () => {
      const post = { SingleLogoutService: [{ Binding: HTTP_POST, Location: SLO_URL }] };
      bank.ssp.configure({ serviceProviders: [portalSp(bank.sp, { extra: post })] });
      try {
        const browser = new TwoSidedBrowser(bank);
        await browser.signInFromPortal('ben');
        const returnTo = `${bank.ssp.base}/module.php/core/welcome`;
        const page = await browser.atProvider(`${bank.ssp.sloUrl}?${new URLSearchParams({ ReturnTo: returnTo })}`);
        const form = hiddenInputs(page.page);
        expect(form.SAMLRequest).toBeTruthy();
        const xml = Buffer.from(form.SAMLRequest!, 'base64').toString();
        const tampered = xml.replace(/(<saml:NameID\b[^>]*>)[^<]+/, '$1_another-subject');
        expect(tampered).not.toBe(xml);
        const forged = await bank.t.client().post(ServicePaths.ssoSingleLogout(BANK), {
          form: { ...form, SAMLRequest: Buffer.from(tampered).toString('base64') },
          csrf: false,
          browser: true,
        });
        expect(forged.statusCode).toBe(400);
        expect(await signedIn(browser)).toBe(true);
        const answer = await browser.portal.post(ServicePaths.ssoSingleLogout(BANK), {
          form,
          csrf: false,
          browser: true,
        });
        expect(answer.statusCode).toBe(303);
        expect(answer.headers.location).toMatch(new RegExp(`^${bank.ssp.sloUrl}\\?SAMLResponse=`));
        expect(await signedIn(browser)).toBe(false);
        // The browser that carried it keeps no cookie of the ended session.
        expect(browser.portal.sessionCookie).toBeUndefined();
        expect(browser.portal.cookie(SSO_USER_COOKIE)).toBeUndefined();
        expect((await browser.atProvider(answer.headers.location as string)).url).toBe(returnTo);
      } finally {
        bank.ssp.configure({ serviceProviders: [portalSp(bank.sp)] });
      }
    });
  });

  describe("the docs' SAML record as it stands (docs/operations.md): SimpleSAMLphp's metadata, a persistent NameID", () => {
    beforeAll(async () => {
      // The portal registered at SimpleSAMLphp as the docs say (logout messages signed), able to make the persistent
      // NameID the record asks for; the record copied from the docs with only the provider's metadata address changed.
      bank.ssp.configure({ serviceProviders: [portalSp(bank.sp, { extra: PERSISTENT_FROM_UID })] });
      await bank.replaceRecord({ ...docsSamlRecord(), idpMetadataUrl: bank.ssp.metadataUrl });
    });
    afterAll(async () => {
      bank.ssp.configure({ serviceProviders: [portalSp(bank.sp)] });
      await bank.useRecord({});
    });

    it("signs in, and the portal's logout ends SimpleSAMLphp's session by single logout, its answer read", async () => {
      const browser = new TwoSidedBrowser(bank);
      expect(await browser.signInFromPortal('eve')).toBe(HOME);
      expect((await browser.portal.get(Paths.session)).json()).toMatchObject({ userId: 'sso-eve' });
      await browser.portal.get(Paths.logout);
      const logout = await browser.portal.get(ServicePaths.ssoLogout(BANK), {
        browser: true,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      // The logout address comes from SimpleSAMLphp's metadata: the record names none.
      expect(logout.headers.location).toMatch(new RegExp(`^${bank.ssp.sloUrl}\\?SAMLRequest=`));
      const request = inflateRawSync(
        Buffer.from(new URL(logout.headers.location as string).searchParams.get('SAMLRequest')!, 'base64'),
      ).toString();
      expect(request).toContain(`Format="${NAMEID.persistent}"`);

      const answered = await browser.atProvider(logout.headers.location as string);
      expect(answered.url.startsWith(`${SLO_URL}?SAMLResponse=`)).toBe(true);
      const back = await browser.portal.get(pathOf(answered.url), { browser: true });
      expect(back.headers.location).toBe(SIGN_IN);
      expect(logLine('single logout answered by the provider')).toMatchObject({ cobrand: BANK, status: SUCCESS });
      const again = await browser.portal.get(Paths.ssoStart(BANK), { browser: true });
      expect((await browser.atProvider(again.headers.location as string)).page).toMatch(/name=["']password["']/);
    });

    it("SimpleSAMLphp's logout ends the user's portal session, and it takes the portal's signed LogoutResponse", async () => {
      const browser = new TwoSidedBrowser(bank);
      expect(await browser.signInFromPortal('fay')).toBe(HOME);
      const bystander = new TwoSidedBrowser(bank);
      expect(await bystander.signInFromPortal('dee')).toBe(HOME);

      const answer = await browser.portal.get(pathOf(await providerLogout(browser)), { browser: true });
      expect(answer.statusCode).toBe(303);
      expect([await signedIn(browser), await signedIn(bystander)]).toEqual([false, true]);
      expect(logLine('single logout by the provider')).toMatchObject({
        cobrand: BANK,
        subject: 'fay',
        linked: true,
        ended: 1,
      });
      // SimpleSAMLphp checks the answer and finishes its logout at the ReturnTo address.
      const done = await browser.atProvider(answer.headers.location as string);
      expect(done.url).toBe(`${bank.ssp.base}/module.php/core/welcome`);
    });
  });
});

/** An HTTP-Redirect message (`xml`) signed with `key` (RSA-SHA256), as a provider holding that key would send it. */
function signedRedirect(kind: 'SAMLRequest' | 'SAMLResponse', xml: Buffer | string, key: string): string {
  const query = new URLSearchParams({
    [kind]: deflateRawSync(xml).toString('base64'),
    SigAlg: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  }).toString();
  const signature = createSign('RSA-SHA256').update(query).sign(key, 'base64');
  return `${SLO_URL}?${query}&${new URLSearchParams({ Signature: signature })}`;
}
