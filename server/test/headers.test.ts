/** ARCHITECTURE §6 and §9: security headers, no-store on API answers, the JSON 404, health and readiness. */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DIALECTS, expectErrorShape, useSharedTestApp, type RequestOptions } from './harness.js';

function cspDirectives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!.toLowerCase(), values] as const;
      }),
  );
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    // Every call here only reads, so one service serves the whole block.
    const app = useSharedTestApp(dialect);
    const client = {
      get: (url: string, options?: RequestOptions) => app().client().get(url, options),
    };

    const answers = {
      'an API answer': () => client.get(Paths.cobrand('skerrymoor')),
      'an error answer': () => client.get('/sdportal/rest/no-such-call'),
      'a redirect': () => client.get(`${Paths.logoutReturn}?cobrandHost=skerrymoor`, { browser: true }),
      'a translation bundle': () => client.get('/public-portal-ui/assets/i18n/fr/user-ux/PortalLabels.json'),
      'a refused post': () => app().client().post(Paths.logout, { json: {} }),
      'an address the router cannot decode': () => client.get('/sdportal/rest/cobrand/%zz'),
      'a parameter over the router limit': () => client.get(`/sdportal/rest/cobrand/${'a'.repeat(201)}`),
    };

    it.each(Object.keys(answers))('sends the framing, isolation and sniffing headers on %s', async (kind) => {
      const response = await answers[kind as keyof typeof answers]();
      expect(response.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-permitted-cross-domain-policies': 'none',
        'referrer-policy': 'same-origin',
      });
    });

    it.each(Object.keys(answers))('sends a strict Content-Security-Policy on %s', async (kind) => {
      const response = await answers[kind as keyof typeof answers]();
      const header = response.headers['content-security-policy'];
      const csp = cspDirectives(header);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(header).not.toContain("'unsafe-inline'");
      expect(header).not.toContain("'unsafe-eval'");
    });

    it('sends HSTS, nosniff and a strict referrer policy', async () => {
      const response = await client.get(Paths.cobrand('skerrymoor'));
      expect(response.headers['strict-transport-security']).toMatch(/max-age=(\d+)/);
      const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers['strict-transport-security']))![1]);
      expect(maxAge).toBeGreaterThanOrEqual(15_552_000);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
        response.headers['referrer-policy'],
      );
    });

    it.each([
      ['login info', `${Paths.loginInfo}?username=demopass`, 200],
      ['the cobrand record', Paths.cobrand('skerrymoor'), 200],
      ['the cobrand languages', Paths.cobrandLocales('skerrymoor'), 200],
      ['the stylesheet lookup', Paths.cobrandStylesheet('skerrymoor'), 200],
      ['the logout labels', `${Paths.logoutLabels}?cobrandHost=skerrymoor`, 200],
      ['the external logout URL', Paths.externalLogoutUrl, 200],
      ['the session without one', Paths.session, 401],
      ['an unknown cobrand', Paths.cobrand('no-such-bank'), 404],
    ])('marks %s as no-store', async (_name, url, status) => {
      const response = await client.get(url);
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toContain('no-store');
    });

    it('answers an unknown API path with a JSON 404 in the error shape', async () => {
      const response = await client.get('/sdportal/rest/no-such-call');
      expectErrorShape(response, 404, 'not.found');
      expect(response.headers['cache-control']).toContain('no-store');
      const browser = app().client();
      await browser.get(Paths.loginInfo + '?username=demopass');
      expectErrorShape(await browser.post('/sdportal/rest/no-such-call', { json: {} }), 404, 'not.found');
    });

    it('answers /healthz with 200, and issues probes no anti-forgery token', async () => {
      const response = await client.get('/healthz');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', version: 'dev' });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await client.get('/readyz')).headers['set-cookie']).toBeUndefined();
    });

    it('answers /readyz with 200 while the database answers', async () => {
      const response = await client.get('/readyz');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready' });
    });
  });

  describe(`${dialect} without a database`, () => {
    const app = useSharedTestApp(dialect);

    it('answers /readyz with 503 once the database is gone, while /healthz still answers', async () => {
      const t = app();
      await t.database.close();
      const client = t.client();
      const ready = await client.get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await client.get('/healthz')).statusCode).toBe(200);
    });
  });
}
