// `npm run screens`: every screen and state of the portal as a person sees it, screenshotted in Chromium from the built
// portal with its demo data, into docs/screens/ and listed in docs/screens.md. Redraw after changing a screen.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { launchChromium } from './chromium.mjs';
import { startDemoProviders } from './demo-idp/demo.mjs';
import { freePort } from './free-port.mjs';
import { root, startPortal } from './portal-process.mjs';
import { SIGNED_OUT } from './screen-shots.mjs';
import { SIGNED_IN } from './screen-shots-account.mjs';
import { SSO_AND_LOGOUT } from './screen-shots-sso.mjs';
import { CONSOLE } from './screen-shots-console.mjs';

// The passkey offer's "Not now" (contract's PASSKEY_SKIP_COOKIE): every sign-in but the offer's own shots goes on.
const PASSKEY_SKIP_COOKIE = 'passkey-offer-skipped';
const SHOTS = [...SIGNED_OUT, ...SIGNED_IN, ...SSO_AND_LOGOUT, ...CONSOLE];
const out = join(root, 'docs', 'screens');

/**
 * One shot in a browser of its own. `p.go` opens a page and answers once `ready` shows; `p.other()` is a second
 * browser (its own cookies) for a shot that needs the user signed in twice. Options: `width`/`height`, `locale` (the
 * browser's language), `offer` (the passkey offer not skipped), `script: false`, `providers` (signs in at a demo
 * identity provider), `window` (the window as it shows, not the whole page: for what is fixed to it), `newDevice`
 * (drawn on the portal that asks a new browser for the mailed code), `notes` (what docs/screens.md says under it).
 */
async function shoot(browser, portal, [name, , steps, options = {}]) {
  const { width = 1280, height = 900, locale, offer = false, script = true, window = false } = options;
  const contexts = [];
  const open = async () => {
    const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: script, locale });
    contexts.push(context);
    if (!offer) await context.addCookies([{ name: PASSKEY_SKIP_COOKIE, value: '1', url: portal.baseUrl }]);
    return context.newPage();
  };
  try {
    const page = await open();
    const go = async (path, ready = '.portal-footer', on = page) => {
      await on.goto(`${portal.baseUrl}${path}`);
      await on.locator(ready).first().waitFor();
    };
    await steps({ page, portal, go, other: open });
    if (script) await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    // A fade caught half way would draw the page paler than anyone sees it settled.
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) {
        try {
          animation.finish();
        } catch {
          // An endless one (a spinner) has no end to jump to.
        }
      }
    });
    await page.screenshot({ path: join(out, `${name}.png`), fullPage: !window });
  } catch (error) {
    throw new Error(`Screen ${name}: ${error.message}`, { cause: error });
  } finally {
    for (const context of contexts) await context.close();
  }
}

/**
 * Chromium draws CJK pages in the system's fonts: without a face for each language the shots would show boxes. Each
 * is asked for, as a fallback face may cover Japanese and not Hangul (Droid Sans Fallback does).
 */
function requireCjkFonts() {
  const missing = ['ja', 'ko', 'zh-cn', 'zh-tw'].filter((lang) => {
    try {
      return !execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' }).trim();
    } catch {
      return true; // No fontconfig: reported like a missing font.
    }
  });
  if (missing.length)
    throw new Error(`No font for ${missing.join(', ')} is installed: apt-get install fonts-noto-cjk, then redraw`);
}

// `npm run screens -- <name>...` redraws those shots only, leaving the others and docs/screens.md as they are.
const only = process.argv.slice(2);
const drawn = only.length ? SHOTS.filter(([name]) => only.includes(name)) : SHOTS;
if (drawn.length < only.length) throw new Error(`No such shot among: ${SHOTS.map(([name]) => name).join(', ')}`);
requireCjkFonts();
buildIfStale();
// The single sign-on shots go through the demo providers, at the fixed addresses the catalogue names, as `npm start`;
// asked for before anything drawn is removed.
const port = await freePort();
// The help-desk console's shots on its admin listener (`ADMIN_PORT`), as `npm start` runs it.
const adminPort = await freePort();
const env = {
  ...{ PORTAL_DEMO: 'true', PUBLIC_ORIGIN: `http://localhost:${port}`, ADMIN_PORT: String(adminPort) },
  // By name: the operators' passkeys need a host (docs/operations.md, "Passkeys").
  ADMIN_ORIGIN: `http://localhost:${adminPort}`,
};
const providers = await startDemoProviders(env);
if (drawn.some(([, , , options]) => options?.providers) && /not started/.test(providers.banner)) {
  await providers.close();
  throw new Error(
    `${providers.banner}\nPorts 4011 and 4012 are taken (the browser tests?): redraw once they are free.`,
  );
}
if (!only.length) rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'portal-screens-'));
const portal = await startPortal(join(work, 'data'), env, { port });
// The new-device code's shots on a portal of their own that asks for it (NEW_DEVICE_VERIFICATION's default), its mail
// written to its outbox: on the other, every password sign-in drawn goes where it leads, as it does from a known browser.
let codePortal;
const portalOf = async ([, , , options]) =>
  options?.newDevice
    ? (codePortal ??= await startPortal(join(work, 'code'), { PORTAL_DEMO: 'true', NEW_DEVICE_VERIFICATION: 'email' }))
    : portal;
const browser = await launchChromium();
try {
  for (const shot of drawn) await shoot(browser, await portalOf(shot), shot);
} finally {
  await browser.close();
  await portal.stop();
  await codePortal?.stop();
  await providers.close();
  rmSync(work, { recursive: true, force: true });
}
if (only.length) process.exit(0);
const lines = [
  '# Screens',
  '',
  'Every screen and state, drawn from the built portal and its demo data in Chromium by `npm run screens`; redraw it after changing a screen. 1280 px wide unless the caption says otherwise.',
  '',
  // A shot's notes (its fourth part, or its options' `notes`) say in words what the picture cannot (what the buttons do,
  // focus); its other options are not for the page.
  ...SHOTS.map(([name, caption, , fourth]) => [
    name,
    caption,
    typeof fourth === 'string' ? fourth : fourth?.notes,
  ]).flatMap(([name, caption, notes]) => [
    `## ${caption}`,
    '',
    `![${caption}](screens/${name}.png)`,
    '',
    ...(notes ? [notes, ''] : []),
  ]),
];
writeFileSync(join(root, 'docs', 'screens.md'), lines.join('\n'));
console.log(`Wrote docs/screens.md and ${SHOTS.length} screenshots in docs/screens/`);
