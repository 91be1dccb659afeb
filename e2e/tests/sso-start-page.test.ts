/**
 * A SAML answer the portal did not ask for (a tile in the bank's portal, IdP-initiated sign-on, which the shipped
 * kestrelmark record leaves off) in Chromium: the page in the browser's language, accessible, whose button starts the
 * sign-on at the portal and, through npm start's demo SAML provider, signs the user in.
 */
import { Paths, REQUEST_HEADERS, ServicePaths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, useChromium } from '../support/browser';
import { signInAtProvider } from '../support/steps.mjs';

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
    [
      'es',
      'Inicie sesión desde el portal',
      'Iniciar sesión',
      'Tarjeta Comercial Kestrelmark',
      'Logo: Tarjeta Comercial Kestrelmark',
    ],
    [
      'en-US',
      'Sign in through the portal',
      'Sign in',
      'Kestrelmark Commercial Card',
      'Kestrelmark Commercial Card logo',
    ],
  ])(
    'shows a page in %s whose button signs the user in at the portal',
    async (language, title, button, appName, logo) => {
      await chromium.withPage(async ({ page }) => {
        await page.setExtraHTTPHeaders({ 'accept-language': language });
        const callback = `${baseUrl()}${ServicePaths.ssoCallback(COBRAND)}`;
        await page.setContent(
          `<form method="post" action="${callback}"><input type="hidden" name="SAMLResponse" value="${unsolicited}">` +
            '<button type="submit">Continue</button></form>',
        );
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(language === 'es' ? 'es' : 'en-US');
        // The cobrand's own page: its logo, theme and footer, and its name in the title.
        expect(await page.title()).toContain(appName);
        expect(await page.getByRole('img', { name: logo }).getAttribute('src')).toMatch(
          /^\/sdportal\/cobrands\/kestrelmark\/logo\.png\?v=/,
        );
        expect(await page.locator('link[rel="stylesheet"][href*="/sdportal/cobrands/kestrelmark/"]').count()).toBe(1);
        expect(await page.locator('.portal-footer__copyright').textContent()).toContain('Kestrelmark');
        // A reload asks for the page again, not for the provider's answer to be posted twice.
        expect(new URL(page.url()).pathname).not.toBe(new URL(callback).pathname);
        await expectAccessible(page, `the start-at-portal page (${language})`);

        await page.getByRole('link', { name: button }).click();
        await signInAtProvider(page, 'demosaml', DEMO_PASSWORD);
        await page.waitForURL(`${baseUrl()}${Paths.platformHome}?cobrandHost=${COBRAND}`);
        const session = await page.request.get(`${baseUrl()}${Paths.session}`, { headers: REQUEST_HEADERS });
        expect(await session.json()).toMatchObject({ userId: 'demosaml', cobrand: COBRAND });
      });
    },
  );
});
