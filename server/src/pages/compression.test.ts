/**
 * Compressed answers: what a browser asks for in Accept-Encoding it gets (brotli, else gzip), a client that asks for
 * nothing gets plain bytes, every form carries the same ETag and `Vary: accept-encoding`, and revalidation answers 304.
 * Pages, bundles and cobrand answers are encoded by the service once; scripts and styles by the build.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Paths, routePath } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useSharedTestApp, type RequestOptions } from '../../test/harness.js';

const BUNDLE = '/public-portal-ui/assets/i18n/fr/user-ux/PortalLabels.json';

function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    const app = useSharedTestApp(dialect);
    const get = (url: string, options?: RequestOptions) => app().client().get(url, options);

    it.each([
      ['the cobrand record', Paths.cobrand('skerrymoor')],
      ['the cobrand languages', Paths.cobrandLocales('skerrymoor')],
      ['a translation bundle', BUNDLE],
      ['the sign-in page', `${routePath('login-signin-component')}?cobrandHost=skerrymoor`],
    ])('sends %s as asked: brotli, gzip or plain, all the same bytes and ETag', async (_name, url) => {
      // One browser: a page ends with the browser's own anti-forgery field (issue 33).
      const browser = app().client();
      const get = (url: string, options?: RequestOptions) => browser.get(url, options);
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const etag = plain.headers.etag;
      expect(etag).toMatch(/^"[^"]+"$/);

      const forms = [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip;q=1', 'gzip'],
        ['identity', undefined],
      ] as const;
      for (const [accept, expected] of forms) {
        const response = await get(url, { headers: { 'accept-encoding': accept } });
        expect(response.statusCode).toBe(200);
        expect(response.headers.etag).toBe(etag);
        // Below 1 KB compression saves less than its headers cost: such an answer is always sent plain.
        if (plain.rawPayload.length >= 1024) {
          expect(response.headers['content-encoding']).toBe(expected);
          expect(response.headers.vary).toContain('accept-encoding');
          if (expected) expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        } else {
          expect(response.headers['content-encoding']).toBeUndefined();
        }
        expect(decoded(response).equals(plain.rawPayload)).toBe(true);
      }
    });

    it('revalidates with a weak ETag or a list of them, and answers 304 with no body', async () => {
      const first = await get(BUNDLE, { headers: { 'accept-encoding': 'br' } });
      const etag = first.headers.etag as string;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"older", ${etag}`, '*']) {
        const again = await get(BUNDLE, { headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' } });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.vary).toContain('accept-encoding');
      }
      expect((await get(BUNDLE, { headers: { 'if-none-match': '"older"' } })).statusCode).toBe(200);
    });

    it('answers the not-found page 404 even to a request that names its ETag', async () => {
      const browser = app().client();
      const get = (url: string, options?: RequestOptions) => browser.get(url, options);
      const missing = await get('/public-portal-ui/no-such-page', { browser: true });
      expect(missing.statusCode).toBe(404);
      const again = await get('/public-portal-ui/no-such-page', {
        browser: true,
        headers: { 'if-none-match': missing.headers.etag as string },
      });
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe(missing.body);
    });

    it('sends the built scripts and styles of the sign-in page compressed by the build, with a year of caching', async () => {
      const page = (await get(routePath('login-signin-component'))).body;
      const assets = [...page.matchAll(/(?:src|href)="(\/public-portal-ui\/static\/[^"]+\.(?:js|css))"/g)].map(
        (m) => m[1]!,
      );
      expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
      expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
      for (const asset of assets) {
        const plain = await get(asset);
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['cache-control']).toContain('immutable');
        for (const [accept, expected] of [
          ['gzip, deflate, br', 'br'],
          ['gzip', 'gzip'],
        ] as const) {
          const response = await get(asset, { headers: { 'accept-encoding': accept } });
          if (plain.rawPayload.length < 1024) continue;
          expect(response.headers['content-encoding'], asset).toBe(expected);
          expect(decoded(response).equals(plain.rawPayload), asset).toBe(true);
        }
      }
    });
  });
}
