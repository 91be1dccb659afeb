/**
 * Every instance out behind a real haproxy (Debian's), configured as docs/operations.md says: the visitor gets the
 * portal's outage page that `npm run portal -- outage-page` wrote (503, Retry-After), never haproxy's bare "No server
 * is available". The page's language is the browser's: e2e/tests/outage-page.test.ts shows it in Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routePath } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { Haproxy } from './haproxy.js';
import { createTestApp, portalCli, type TestApp } from './harness.js';

describe('behind haproxy with every instance out', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-outage-page-'));
  let haproxy: Haproxy | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    haproxy?.stop();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the portal’s outage page, 503 with Retry-After, from the first refused request on', async () => {
    const outagePage = join(dir, 'portal-503.http');
    const written = portalCli(dir, ['outage-page', '--file', outagePage]);
    expect(written.status, written.stderr).toBe(0);
    t = await createTestApp('sqlite');
    const instance = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    haproxy = await new Haproxy().start([Number(instance.port)], { outagePage });
    const page = `${haproxy.base}${routePath('login-signin-component')}?cobrandHost=skerrymoor`;
    expect((await fetch(page)).status).toBe(200);

    await t.close();
    t = undefined;
    // While haproxy's checks still think the instance up it tries it in vain, then all are down: the same page.
    for (let i = 0; i < 6; i += 1) {
      const answer = await fetch(page, { headers: { accept: 'text/html' } });
      const body = await answer.text();
      expect(answer.status).toBe(503);
      expect(body).not.toContain('No server is available');
      expect(body).toContain('<h1 id="title">System error</h1>');
      expect(body).toContain('A system error occurred. Please try again later');
      expect(body).toContain('Ein Systemfehler ist aufgetreten');
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-/);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  });
});
