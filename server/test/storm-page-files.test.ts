/**
 * The login storm (docs/operations.md, "Login storms"): a sign-in page's own files (scripts, stylesheet, the
 * cobrand's logo and theme, the footer's images) do not wait behind password verifies. Not timed: the files must
 * answer before half of the verifies queued ahead of them have finished. They used to wait in libuv's pool, behind
 * every argon2 call, until nearly all had run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyDummy } from '../src/security/passwords.js';
import { WEB_DIST_DIR } from '../src/paths.js';
import { type TestApp, useFreshTestApp } from './harness.js';

const VERIFIES = 40;
const built = readdirSync(join(WEB_DIST_DIR, 'static'));
const builtFile = (pattern: RegExp) => `/public-portal-ui/static/${built.find((name) => pattern.test(name))}`;
const PAGE_FILES = [
  builtFile(/^login-signin-component-.*\.js$/),
  builtFile(/^portal-.*\.css$/),
  '/sdportal/cobrands/skerrymoor/logo.jpg',
  '/sdportal/cobrands/skerrymoor/theme.css',
  '/sdportal/footers/assets/powered-dark.png',
];

describe('the page files in a login storm', () => {
  let t: TestApp;
  useFreshTestApp('sqlite', {}, (app) => (t = app));

  it('answers every file of the sign-in page while password verifies fill the hash queue', async () => {
    // The dummy hash is made once per process: made first, every verify below is queued at once.
    await verifyDummy('warm-up');
    let verified = 0;
    const verifies = Array.from({ length: VERIFIES }, () => verifyDummy('storm').then(() => (verified += 1)));
    const answered: { file: string; status: number; verifiesDoneBefore: number }[] = [];
    for (const file of PAGE_FILES) {
      const response = await t.client().get(file, { headers: { 'accept-encoding': 'br, gzip' } });
      answered.push({ file, status: response.statusCode, verifiesDoneBefore: verified });
    }
    await Promise.all(verifies);
    expect(answered.map(({ file, status }) => ({ file, status }))).toEqual(
      PAGE_FILES.map((file) => ({ file, status: 200 })),
    );
    expect(answered.filter((a) => a.verifiesDoneBefore >= VERIFIES / 2)).toEqual([]);
  });
});
