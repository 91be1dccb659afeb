/**
 * The help-desk console's page on the admin listener: the built page under the portal's strict policy (its reports
 * left out: their address is the public listener's), with the console's anti-forgery cookie; the scripts it names
 * served from the same listener; its texts in the operator's language; and nothing of it on the public listener.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConsolePaths } from '@portal/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../src/paths.js';
import { startAdmin, type AdminListener } from './admin-support.js';
import { CONSOLE_COOKIES } from './console-support.js';
import { createTestApp, setCookies, TestClient, type TestApp } from './harness.js';

const english = JSON.parse(readFileSync(join(import.meta.dirname, '../../data/i18n/en_US/Console.json'), 'utf8'));
const japanese = JSON.parse(readFileSync(join(import.meta.dirname, '../../data/i18n/ja/Console.json'), 'utf8'));

describe('the console page', () => {
  let t: TestApp;
  let admin: AdminListener;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    admin = await startAdmin(t);
  });
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  it('is the built page under a strict policy with no inline code, and hands out the console’s token', async () => {
    const page = await new TestClient(admin.app).get('/console/', { browser: true });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(readFileSync(join(WEB_DIST_DIR, 'pages', 'console.html'), 'utf8'));
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/report-|unsafe/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(setCookies(page).get(CONSOLE_COOKIES.csrfCookie)).toMatchObject({ path: '/console/', sameSite: 'Strict' });
  });

  it('serves the scripts and stylesheets the page names, cached for good (their names carry their hash)', async () => {
    const page = await new TestClient(admin.app).get('/console/', { browser: true });
    const files = [...page.body.matchAll(/(?:src|href)="(\/public-portal-ui\/static\/[^"]+)"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const answer = await admin.app.inject({ url: file, headers: { 'accept-encoding': 'br' } });
      expect([file, answer.statusCode]).toEqual([file, 200]);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await admin.app.inject({ url: '/public-portal-ui/static/../pages/console.html' })).statusCode).toBe(404);
  });

  it('sends /console on to /console/', async () => {
    const answer = await admin.app.inject({ url: '/console' });
    expect([answer.statusCode, answer.headers.location]).toEqual([308, '/console/']);
  });

  it('answers its texts in the language asked, else the browser’s, else English; every key, and the common ones', async () => {
    const texts = async (query: string, language?: string) =>
      (
        await admin.app.inject({
          url: `${ConsolePaths.texts}${query}`,
          headers: language ? { 'accept-language': language } : {},
        })
      ).json() as { locale: string; lang: string; texts: Record<string, unknown> };
    const inJapanese = await texts('', 'ja-JP,ja;q=0.9,en;q=0.5');
    expect([inJapanese.locale, inJapanese.lang]).toEqual(['ja', 'ja']);
    expect(inJapanese.texts['console.title']).toBe(japanese['console.title']);
    expect(Object.keys(inJapanese.texts)).toEqual(expect.arrayContaining(Object.keys(english)));
    expect(inJapanese.texts['request.throttled']).toEqual(expect.any(String));
    expect((await texts('?locale=ru', 'ja')).locale).toBe('ru');
    expect((await texts('?locale=pt-BR')).lang).toBe('pt');
    const unknown = await texts('', 'xx-YY');
    expect([unknown.locale, unknown.texts['console.title']]).toEqual(['en_US', english['console.title']]);
  });

  it('refuses a malformed texts call in the error shape', async () => {
    const answer = await admin.app.inject({ url: `${ConsolePaths.texts}?locale=${'x'.repeat(50)}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ errors: [{ code: 'too.long', field: 'locale' }] });
  });

  it('is not on the public listener', async () => {
    const answer = await new TestClient(t.app).get('/console/', { browser: true });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('screens/console');
  });
});
