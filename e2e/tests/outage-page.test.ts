/**
 * The outage page haproxy answers when every instance is out (docs/operations.md, "Behind a proxy"), as a visitor's
 * browser shows it: in the browser's language, as the portal's pages would be, accessible, and within its own strict
 * Content-Security-Policy. haproxy is Debian's, as server/test/haproxy-outage.test.ts runs it; no instance answers.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { Haproxy } from '../../server/test/haproxy';
import { expectAccessible, useChromium } from '../support/browser';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the outage page behind haproxy', () => {
  const { withPage } = useChromium();
  const dir = mkdtempSync(join(tmpdir(), 'portal-outage-page-'));
  let haproxy: Haproxy;

  beforeAll(async () => {
    const outagePage = join(dir, 'portal-503.http');
    // The built command, as an operator runs it (`npm run portal -- outage-page --file ...`).
    const written = spawnSync(process.execPath, ['server/dist/cli.js', 'outage-page', '--file', outagePage], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(written.status, written.stderr).toBe(0);
    // An instance nobody listens for: every instance is out.
    haproxy = await new Haproxy().start([(await freePort()) as number], { outagePage });
  });
  afterAll(() => {
    haproxy?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['de-DE', 'de', 'Systemfehler', 'Ein Systemfehler ist aufgetreten. Bitte versuchen Sie es später erneut'],
    ['fr-CA', 'fr-CA', 'Erreur système', 'Une erreur système est survenue. Veuillez réessayer plus tard'],
    ['en-US', 'en-US', 'System error', 'A system error occurred. Please try again later'],
  ])('shows a browser in %s the system error in its language', async (locale, lang, title, message) => {
    await withPage(
      async ({ page }) => {
        const answer = await page.goto(`${haproxy.base}/public-portal-ui/login-signin-component?cobrandHost=larchmere`);
        expect(answer?.status()).toBe(503);
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
        expect(await page.getByRole('alert').textContent()).toBe(message);
        expect(await page.title()).toBe(title);
        await expectAccessible(page, `the outage page in ${locale}`);
      },
      { locale },
    );
  });
});
