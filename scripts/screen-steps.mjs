// What the shots of `npm run screens` do on the way to a screen, as a person would: sign in, add a user or a token with
// the admin CLI, hold a passkey in Chromium's virtual authenticator. Field ids, not labels, so a shot in any language
// signs in the same way; the steps the browser tests take too are theirs (e2e/support/steps.mjs).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { generateSync } from 'otplib';
import { signInAs } from '../e2e/support/steps.mjs';
import { root } from './portal-process.mjs';

export { setNewPin, signInAs, signInAtProvider, virtualAuthenticator } from '../e2e/support/steps.mjs';

export const PASSWORD = 'Portal-Demo-2026';
export const ANSWER = 'harbor';
/** The demo token user's PIN (server/src/demo-users.ts). */
export const DEMO_PIN = '2468';
export const signIn = (query) => `/public-portal-ui/login-signin-component?${query}`;
export const security = (query) => `/public-portal-ui/security-component?${query}`;
export const HOME = /\/sdportal\/platform\/home\?/;

/** The admin CLI against the drawn portal (its data folder and secret). */
export function cli(portal, ...args) {
  return execFileSync(process.execPath, ['server/dist/cli.js', ...args], {
    cwd: root,
    env: portal.environment,
    encoding: 'utf8',
  }).trim();
}

/** A demo token's code now (demo mode only). */
export const tokenCode = (portal, userId) => cli(portal, 'tokens', 'code', userId);

/** A new active password user of the cobrand: each shot that changes what an account holds has its own. */
export function addUser(portal, userId, cobrand = 'skerrymoor') {
  cli(portal, 'users', 'add', userId, '--email', `${userId}@example.com`, '--cobrand', cobrand, '--password', PASSWORD);
  return userId;
}

/** A new user with a token in new-PIN mode; `code(offset)` is what the token shows `offset` minutes from now. */
export function addTokenUser(portal, userId) {
  addUser(portal, userId);
  const secret = /secret=([A-Z2-7]+)/.exec(cli(portal, 'tokens', 'assign', userId))[1];
  const base = Math.floor(Date.now() / 60_000);
  return (offset = 0) => generateSync({ strategy: 'hotp', secret, counter: base + offset, digits: 8 });
}

/** From the cobrand's sign-in page to the platform's home page. */
export async function signedIn(p, userId, { cobrand = 'skerrymoor', password = PASSWORD, page = p.page } = {}) {
  await p.go(signIn(`cobrandHost=${cobrand}`), '.portal-footer', page);
  await signInAs(page, userId, password);
  await page.waitForURL(HOME);
}

/**
 * The user's sessions began `minutes` earlier, as a session kept alive that long would have: the five minutes within
 * which a change to how the user signs in needs no fresh sign-in cannot be waited out by a script.
 */
export function signedInEarlier(portal, userId, minutes) {
  const db = new SQLite(join(portal.environment.DATA_DIR, 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'UPDATE session SET created_at = created_at - ? WHERE account_id = (SELECT id FROM account WHERE user_id = ?)',
    ).run(minutes * 60_000, userId);
  } finally {
    db.close();
  }
}
