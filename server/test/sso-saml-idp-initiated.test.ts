/**
 * IdP-initiated SAML sign-on against a real SimpleSAMLphp 1.19 (its IdP-first `SSOService.php?spentityid=`, as a tile
 * in a bank's portal does it): off by default, when the user gets a page in their language that starts the sign-on at
 * the portal; on as a cobrand's opt-in, single use, for this portal's address and audience only, and only fresh.
 */
import { Paths, ServicePaths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToPortal } from './simplesamlphp/browser.js';
import { BANK, pathOf, portalSp, startBank, TwoSidedBrowser, type Bank } from './sso-saml-slo-support.js';
import { PUBLIC_ORIGIN } from './sso-support.js';
import type { TestClient } from './harness.js';

const INVALID = `/public-portal-ui/login-signin-component?cobrandHost=${BANK}&invalidLogin=true`;
const HOME = `${Paths.platformHome}?cobrandHost=${BANK}`;

/**
 * An answer the portal does not take is sent on (303, so a reload posts nothing again) to the cobrand's page that
 * starts the sign-on at the portal; the page as the browser then gets it.
 */
async function startAtPortalPage(client: TestClient, answered: Awaited<ReturnType<TestClient['post']>>) {
  expect(answered.statusCode).toBe(303);
  expect(answered.headers.location).toBe(`/public-portal-ui/sso-start-at-portal?cobrandHost=${BANK}`);
  const page = await client.get(answered.headers.location as string, { browser: true });
  expect(page.statusCode).toBe(200);
  return page;
}

let bank: Bank;
beforeAll(async () => {
  bank = await startBank(['ana', 'ben', 'cy']);
}, 60_000);
afterAll(async () => {
  await bank?.close();
});

describe('IdP-initiated sign-on off (the default)', () => {
  it('shows a page in the browser’s language that starts the sign-on at the portal, and that start signs in', async () => {
    const browser = new TwoSidedBrowser(bank, bank.t.client({ headers: { 'accept-language': 'es-MX,es;q=0.9' } }));
    const unsolicited = await browser.idpFirst('ana');
    const page = await startAtPortalPage(browser.portal, await postToPortal(browser.portal, unsolicited));
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toMatch(/<h1 class="portal-heading">Inicie sesión desde el portal<\/h1>/);
    // The cobrand's page: its name in the title, its logo and its footer, as every page of it has.
    expect(page.body).toMatch(/<title>Inicie sesión desde el portal – [^<]+<\/title>/);
    expect(page.body).toContain(`/sdportal/cobrands/${BANK}/logo.`);
    expect(page.body).toContain('portal-footer');
    expect(page.body).not.toContain('RelayState');
    expect(browser.portal.sessionCookie).toBeUndefined();
    const start = /<a class="[^"]*" href="([^"]+)">Iniciar sesión<\/a>/.exec(page.body)?.[1];
    expect(start).toBe(Paths.ssoStart(BANK));

    // The link starts the portal's own sign-on; SimpleSAMLphp knows the user already and answers at once.
    const started = await browser.portal.get(start!, { browser: true });
    expect(started.headers.location).toMatch(new RegExp(`^${bank.ssp.ssoUrl}\\?SAMLRequest=`));
    const answer = await browser.idp.signIn(started.headers.location as string, 'ana', 'unused');
    expect((await postToPortal(browser.portal, answer)).headers.location).toBe(HOME);
    expect((await browser.portal.get(Paths.session)).json()).toMatchObject({ userId: 'sso-ana' });
  });

  it('shows the same page for an answer to a sign-on this browser did not start (its flow cookie gone)', async () => {
    const browser = new TwoSidedBrowser(bank);
    const started = await browser.portal.get(Paths.ssoStart(BANK), { browser: true });
    const answer = await browser.idp.signIn(started.headers.location as string, 'ben', 'Bank-Pass-2026');
    browser.portal.cookies.delete('sso_flow');
    const page = await startAtPortalPage(browser.portal, await postToPortal(browser.portal, answer));
    expect(page.body).toContain(`href="${Paths.ssoStart(BANK)}"`);
    expect(page.body).toMatch(/<h1 class="portal-heading">Sign in through the portal<\/h1>/);
    expect(browser.portal.sessionCookie).toBeUndefined();
  });
});

describe('IdP-initiated sign-on on (idpInitiated: true)', () => {
  beforeAll(async () => {
    await bank.useRecord({ idpInitiated: true });
  });

  it('signs the linked user in from the tile, once: the same answer again opens nothing', async () => {
    const browser = new TwoSidedBrowser(bank);
    const unsolicited = await browser.idpFirst('ana');
    expect(unsolicited.action).toBe(`${PUBLIC_ORIGIN}${ServicePaths.ssoCallback(BANK)}`);
    const answer = await postToPortal(browser.portal, unsolicited);
    expect(answer.headers.location).toBe(HOME);
    expect((await browser.portal.get(Paths.session)).json()).toMatchObject({ userId: 'sso-ana' });

    const thief = bank.t.client();
    expect((await postToPortal(thief, unsolicited)).headers.location).toBe(INVALID);
    expect(thief.sessionCookie).toBeUndefined();
  });

  it('never follows the RelayState a tile sends: the user goes to the platform as from the portal', async () => {
    const browser = new TwoSidedBrowser(bank);
    const unsolicited = await browser.idpFirst('ben', undefined, 'https://attacker.example/phish');
    expect(unsolicited.RelayState).toBe('https://attacker.example/phish');
    expect((await postToPortal(browser.portal, unsolicited)).headers.location).toBe(HOME);
  });

  it('refuses an answer issued more than three minutes before it arrives', async () => {
    const browser = new TwoSidedBrowser(bank);
    const unsolicited = await browser.idpFirst('cy');
    bank.t.clock.advance(3 * 60_000 + 31_000);
    try {
      expect((await postToPortal(browser.portal, unsolicited)).headers.location).toBe(INVALID);
      expect(browser.portal.sessionCookie).toBeUndefined();
    } finally {
      bank.t.clock.advance(-(3 * 60_000 + 31_000));
    }
    const reason = bank.log.find((line) => String(line.reason).includes('IssueInstant'))?.reason;
    expect(reason).toMatch(
      /^IdP-initiated answer refused: the assertion's IssueInstant is 2\d\d s old, over the 180 s/,
    );
  });

  it('refuses an answer SimpleSAMLphp addressed to another recipient, even posted here', async () => {
    bank.ssp.configure({ serviceProviders: [portalSp(bank.sp, { acsUrl: 'https://elsewhere.example/acs' })] });
    try {
      const browser = new TwoSidedBrowser(bank);
      const unsolicited = await browser.idpFirst('cy');
      expect(unsolicited.action).toBe('https://elsewhere.example/acs');
      const answer = await browser.portal.post(ServicePaths.ssoCallback(BANK), {
        form: { SAMLResponse: unsolicited.SAMLResponse },
        csrf: false,
        browser: true,
      });
      expect(answer.headers.location).toBe(INVALID);
      expect(browser.portal.sessionCookie).toBeUndefined();
    } finally {
      bank.ssp.configure({ serviceProviders: [portalSp(bank.sp)] });
    }
    expect(bank.log.some((line) => String(line.reason).includes('Recipient https://elsewhere.example/acs'))).toBe(true);
  });

  it('refuses an answer for another audience (another service provider of the bank)', async () => {
    const other = portalSp(bank.sp, { entityId: 'https://other-portal.example/sp' });
    bank.ssp.configure({ serviceProviders: [portalSp(bank.sp), other] });
    try {
      const browser = new TwoSidedBrowser(bank);
      const unsolicited = await browser.idpFirst('cy', other.entityId);
      expect((await postToPortal(browser.portal, unsolicited)).headers.location).toBe(INVALID);
      expect(browser.portal.sessionCookie).toBeUndefined();
    } finally {
      bank.ssp.configure({ serviceProviders: [portalSp(bank.sp)] });
    }
  });

  it('still takes the portal’s own sign-on, and still refuses its answer in a browser that did not start it', async () => {
    const browser = new TwoSidedBrowser(bank);
    expect(await browser.signInFromPortal('ben')).toBe(HOME);

    const other = new TwoSidedBrowser(bank);
    const started = await other.portal.get(Paths.ssoStart(BANK), { browser: true });
    const answer = await other.idp.signIn(started.headers.location as string, 'cy', 'Bank-Pass-2026');
    const elsewhere = bank.t.client();
    const page = await startAtPortalPage(elsewhere, await postToPortal(elsewhere, answer));
    expect(page.body).toContain(`href="${Paths.ssoStart(BANK)}"`);
    expect(elsewhere.sessionCookie).toBeUndefined();
    expect(pathOf(answer.action)).toBe(ServicePaths.ssoCallback(BANK));
  });
});
