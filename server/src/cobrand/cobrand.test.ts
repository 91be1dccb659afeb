/** §7 cobrand calls: the record, its languages, its stylesheet (and the file it names), the abbreviation lookup. */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DIALECTS, expectErrorShape, useSharedTestApp, type RequestOptions } from '../../test/harness.js';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    // Every call here only reads, so one service serves the whole file.
    const app = useSharedTestApp(dialect);
    const client = { get: (url: string, options?: RequestOptions) => app().client().get(url, options) };

    it('answers the cobrand record with an ETag', async () => {
      const response = await client.get(Paths.cobrand('skerrymoor'));
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toMatch(/^"[^"]+"$/);
      const cobrand = response.json();
      expect(cobrand).toMatchObject({
        name: 'skerrymoor',
        abbreviation: 'SKM',
        signInToLabel: 'Sign in to',
        appName: 'Skerrymoor Bank Commercial Card',
        fssoRedirectUrl: null,
        companySelfRegisterSupported: true,
        prospectiveAccountApplicationSupported: true,
        // §3's flat footer fields, as the catalogue holds them
        footerVariant: 'harbor-complete',
        privacyPolicy: 'Privacy Policy',
        privacyPolicyUrl: 'https://www.skerrymoor.example/privacy',
        disclaimer: 'Disclaimer',
        disclaimerUrl: 'https://www.skerrymoor.example/disclaimer',
        poweredBy: 'Card and Expense Platform',
      });
      // ... and the footer the page renders, resolved from the variant
      expect(cobrand.footer.layout).toBe('inline');
      expect(cobrand.footer.links.map((l: { key: string }) => l.key)).toEqual([
        'privacyPolicy',
        'termsOfUse',
        'cookieNotice',
        'security',
        'accessibility',
        'managerWebsite',
        'groupWebsite',
        'disclaimer',
      ]);
      expect(cobrand.footer.links[0]).toEqual({
        key: 'privacyPolicy',
        text: 'Privacy Policy',
        url: 'https://www.skerrymoor.example/privacy',
      });
      expect(cobrand.footer.copyrightMessage).toBe('© 2026 Skerrymoor Bank.');
      expect(cobrand.footer.footerMessage).toBe('Card services are provided by Skerrymoor Bank under license.');
      // Footer images by versioned addresses, with their own size, so nothing moves when they arrive.
      expect(cobrand.footer.authorizationWarning).toEqual({
        text: 'This system is for authorized users only. Activity may be monitored and recorded.',
        logoUrl: expect.stringMatching(/^\/sdportal\/footers\/assets\/warning-shield\.png\?v=[\w-]{16}$/),
        logoName: 'Sentrel Access Assurance',
        logoWidth: 341,
        logoHeight: 64,
      });
      expect(cobrand.footer.poweredBy).toEqual({
        text: 'Card and Expense Platform',
        logoUrl: expect.stringMatching(/^\/sdportal\/footers\/assets\/powered-light\.png\?v=[\w-]{16}$/),
        logoName: 'Card and Expense Platform',
        logoWidth: 540,
        logoHeight: 64,
      });
      // Only the public record leaves the service.
      expect(cobrand).not.toHaveProperty('allowedOrigins');
      expect(cobrand).not.toHaveProperty('platformHomeUrl');
    });

    it('answers 304 with no body when If-None-Match carries the current ETag', async () => {
      const first = await client.get(Paths.cobrand('skerrymoor'));
      const etag = first.headers.etag as string;

      const again = await client.get(Paths.cobrand('skerrymoor'), { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const stale = await client.get(Paths.cobrand('skerrymoor'), { headers: { 'if-none-match': '"something-else"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toMatchObject({ name: 'skerrymoor' });
    });

    it('gives each cobrand its own ETag', async () => {
      const harbor = await client.get(Paths.cobrand('skerrymoor'));
      const cedar = await client.get(Paths.cobrand('larchmere'));
      expect(cedar.statusCode).toBe(200);
      expect(cedar.json()).toMatchObject({ name: 'larchmere', signInButtonLabel: 'Log in securely' });
      expect(cedar.headers.etag).not.toBe(harbor.headers.etag);
    });

    it('answers the default footer (copyright and privacy link only) for the default brand', async () => {
      const { footer } = (await client.get(Paths.cobrand('default'))).json();
      expect(footer).toEqual({
        layout: 'inline',
        links: [{ key: 'privacyPolicy', text: 'Privacy policy', url: 'https://platform.example/privacy' }],
        copyrightMessage: '© 2026 Card and Expense Platform. All rights reserved.',
        footerMessage: null,
        authorizationWarning: null,
        poweredBy: null,
      });
    });

    it('serves the footer images the records name, and nothing else from their folder', async () => {
      const { footer } = (await client.get(Paths.cobrand('skerrymoor'))).json();
      for (const url of [footer.authorizationWarning.logoUrl, footer.poweredBy.logoUrl]) {
        const image = await client.get(url, { headers: { accept: 'image/*' } });
        expect(image.statusCode, url).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
        // The version the record names is the file's own: the browser keeps it for good; without it, for an hour.
        expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const plain = await client.get(url.split('?')[0]!, { headers: { accept: 'image/*' } });
        expect(plain.headers['cache-control']).toBe('public, max-age=3600');
        const stale = await client.get(`${url.split('?')[0]!}?v=AAAAAAAAAAAAAAAA`, { headers: { accept: 'image/*' } });
        expect(stale.headers['cache-control']).toBe('public, max-age=3600');
      }
      for (const path of ['assets.json', '../default.json', '..%2fdefault.json', 'no-such-image.png']) {
        expect((await client.get(`/sdportal/footers/assets/${path}`)).statusCode, path).toBe(404);
      }
    });

    it('answers an unknown cobrand with 404 in the error shape', async () => {
      expectErrorShape(await client.get(Paths.cobrand('no-such-bank')), 404, 'not.found');
    });

    it.each(['bad$name', 'bad name', 'a'.repeat(65)])('refuses the cobrand name %j with 400', async (name) => {
      expectErrorShape(await client.get(Paths.cobrand(name)), 400);
    });

    it('answers the languages as a locale-to-name map', async () => {
      const response = await client.get(Paths.cobrandLocales('skerrymoor'));
      expect(response.statusCode).toBe(200);
      // Each language named in its own language, the cobrand's default first.
      expect(Object.entries(response.json())).toEqual([
        ['en_US', 'English (United States)'],
        ['es', 'Español (Latinoamérica)'],
        ['fr_CA', 'Français (Canada)'],
        ['zh_CN', '简体中文'],
      ]);
      expectErrorShape(await client.get(Paths.cobrandLocales('no-such-bank')), 404, 'not.found');
    });

    it('answers the stylesheet lookup with the cobrand theme address', async () => {
      const response = await client.get(Paths.cobrandStylesheet('skerrymoor'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ url: '/sdportal/cobrands/skerrymoor/theme.css' });
    });

    it('answers the stylesheet lookup for an unknown cobrand with 404', async () => {
      expectErrorShape(await client.get(Paths.cobrandStylesheet('no-such-bank')), 404, 'not.found');
    });

    it('serves the stylesheet the lookup names as text/css', async () => {
      const { url } = (await client.get(Paths.cobrandStylesheet('skerrymoor'))).json<{ url: string }>();
      const response = await client.get(url, { headers: { accept: 'text/css,*/*;q=0.1' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/css/);
      expect(response.body.length).toBeGreaterThan(0);
    });

    it('does not serve the catalogue record file', async () => {
      const response = await client.get('/sdportal/cobrands/skerrymoor/cobrand.json');
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('allowedOrigins');
    });

    it('answers a cobrand abbreviation with the cobrand name as text', async () => {
      const response = await client.get('/sdportal/rest/cobrandhostabbreviation?cobrandAbbr=SKM');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe('skerrymoor');
    });

    it('finds an abbreviation whatever its case', async () => {
      expect((await client.get('/sdportal/rest/cobrandhostabbreviation?cobrandAbbr=skm')).body).toBe('skerrymoor');
    });

    it('refuses an abbreviation lookup without an abbreviation', async () => {
      expectErrorShape(await client.get('/sdportal/rest/cobrandhostabbreviation'), 400);
    });

    it('answers an unknown abbreviation with 404 in the error shape', async () => {
      expectErrorShape(await client.get('/sdportal/rest/cobrandhostabbreviation?cobrandAbbr=ZZZ'), 404, 'not.found');
    });
  });
}
