/**
 * A SAML answer the portal did not ask for (a tile in the bank's portal, IdP-initiated sign-on, which the shipped
 * kestrelmark record leaves off) in Chromium: the page in the browser's language, accessible, whose button starts the
 * sign-on at the portal and, through npm start's demo SAML provider, signs the user in.
 */
import { Paths, REQUEST_HEADERS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, useChromium } from '../support/browser';

const chromium = useChromium();
const COBRAND = 'kestrelmark';
const DEMO_PASSWORD = 'Portal-Demo-2026';

/**
 * What a tile posts: a Response that answers no request. With IdP-initiated sign-on off the portal reads no further than
 * that, so its signature does not matter here (the server tests post SimpleSAMLphp's real ones).
 */
const unsolicited = Buffer.from(
  `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_tile" Version="2.0" ` +
    `IssueInstant="${new Date().toISOString()}"><saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">` +
    `http://localhost:4012/metadata</saml:Issuer></samlp:Response>`,
).toString('base64');

describe('a SAML answer the portal did not ask for', () => {
  it.each([
    ['es', 'Ingrese desde el portal', 'Ingresar'],
    ['en-US', 'Sign in through the portal', 'Sign in'],
  ])('shows a page in %s whose button signs the user in at the portal', async (language, title, button) => {
    await chromium.withPage(async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'accept-language': language });
      const callback = `${baseUrl()}${Paths.ssoCallback(COBRAND)}`;
      await page.setContent(
        `<form method="post" action="${callback}"><input type="hidden" name="SAMLResponse" value="${unsolicited}">` +
          '<button type="submit">Continue</button></form>',
      );
      await Promise.all([page.waitForURL(callback), page.getByRole('button', { name: 'Continue' }).click()]);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
      expect(await page.locator('html').getAttribute('lang')).toBe(language === 'es' ? 'es' : 'en-US');
      await expectAccessible(page, `the start-at-portal page (${language})`);

      await page.getByRole('link', { name: button }).click();
      await page.getByLabel('User name').fill('demosaml');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${baseUrl()}${Paths.platformHome}?cobrandHost=${COBRAND}`);
      const session = await page.request.get(`${baseUrl()}${Paths.session}`, { headers: REQUEST_HEADERS });
      expect(await session.json()).toMatchObject({ userId: 'demosaml', cobrand: COBRAND });
    });
  });
});
