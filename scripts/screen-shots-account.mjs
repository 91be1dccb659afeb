// The shots of `npm run screens` on the way in and once signed in: change password, the token steps, the passkey offer,
// the signed-in page, every state of the security page, the session warning. A shot that changes what an account
// holds signs in as a user of its own, added with the admin CLI, so no shot depends on another.
import {
  addTokenUser,
  addUser,
  DEMO_PIN,
  PASSWORD,
  security,
  setNewPin,
  signedIn,
  signedInEarlier,
  signIn,
  signInAs,
  tokenCode,
  virtualAuthenticator,
} from './screen-steps.mjs';

const PHONE = { width: 320, height: 800 };
const region = (page, name) => page.getByRole('region', { name });

/** A token user's PIN set on the new-PIN screen after a sign-in with the tokencode alone: the logout screen follows. */
async function setPin(p, userId, code, pin) {
  await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
  await signInAs(p.page, userId, code(0));
  await setNewPin(p.page, pin, code(1));
  await p.page.waitForURL(/\/logout-component\?/);
}

/**
 * The security page of a new user of the cobrand, signed in from another browser too (after a wrong password there),
 * so each list has more than this browser's line.
 */
async function securityPage(p, userId, { cobrand = 'skerrymoor', locale = 'en_US' } = {}) {
  addUser(p.portal, userId, cobrand);
  const other = await p.other();
  await p.go(signIn(`cobrandHost=${cobrand}`), '.portal-footer', other);
  await signInAs(other, userId, 'Not-The-Password-1');
  await other.locator('.portal-error-summary').waitFor();
  await signedIn(p, userId, { cobrand, page: other });
  await signedIn(p, userId, { cobrand });
  await p.go(security(`cobrandHost=${cobrand}&locale=${locale}`), '.portal-security__item');
}

/** A new user on the security page with a passkey made there (Chromium's virtual authenticator). */
async function withPasskey(p, userId) {
  addUser(p.portal, userId);
  await virtualAuthenticator(p.page);
  await signedIn(p, userId);
  await p.go(security('cobrandHost=skerrymoor&locale=en_US'));
  await p.page.getByRole('button', { name: 'Add a passkey' }).click();
  await region(p.page, 'Passkeys').getByRole('listitem').first().waitFor();
}

/** The security page in words, below its first picture in docs/screens.md. */
const SECURITY_PAGE_NOTES =
  '`/public-portal-ui/security-component`, reached from the signed-in page ("Security and sessions") and as change\npassword\'s MyProfile destination. It lists where the user is signed in (device from the user agent, address, started,\nlast active; this session marked), with "End session" on each other one and "End all other sessions", which asks\nfirst in its place ("End all your other sessions? …", "Yes, end all other sessions", Cancel); and the last ten\nsign-in tries, refused ones included, with method, device and address. Rendered on the service with the user\'s lists,\nso it shows and its buttons work without the script (a form post, then back with "The session has been ended."; "End\nall other sessions" comes back with its question open); with\nthe script, the buttons call the JSON calls, the list is read again, the outcome is announced, and focus returns to\nthe list\'s heading. Times show in UTC (labelled) as rendered, then in the browser\'s time zone. Its sections are a\nlist (`web/src/screens/security-component/sections.ts`): passkeys, trusted devices and recovery codes are one line each.\n\nBelow the sessions, two sections the page\'s script loads (without it they say "This part of the page needs\nJavaScript."):\n\n- **Passkeys**, only where the cobrand offers them: each passkey\'s name, when it was created and last used ("Not used\n  yet"); "Add a passkey" (the browser\'s own passkey dialog, shown where the browser has WebAuthn), "Rename" (a field\n  that takes focus, 1 to 64 characters, "Save name" or "Cancel") and "Remove". Each result is announced ("The passkey\n  has been added/renamed/removed.") and focus returns to the section\'s heading.\n- **Trusted devices**: the browsers the account signed in from, this one marked "(this browser)", with address, first\n  and last used, and "Locked after too many wrong passwords" where that device is locked; "Forget device" on each.\n  After forgetting, "The device has been forgotten." is announced and focus returns to the heading.\n\n"Remove", "Forget device", "Create new recovery codes" and "End all other sessions" ask first, in place of the button:\na question that takes focus ("Remove passkey “Work laptop”? You will no longer be able to sign in with it."), an\nexplicit "Yes, …" and "Cancel"; Cancel or Esc changes nothing and puts focus back on the button. Each item\'s buttons\nname it in one message of the language ("Remove passkey “Work laptop”", "Forget device “Firefox on Linux”", "End\nsession on Firefox 133 on Windows") while they show their short word.\n\nAdding or removing a passkey, forgetting a device and making new recovery codes need a sign-in within the last five\nminutes. Otherwise the section says "To change how you sign in, you must have signed in within the last five minutes.\nSign in again, and you will come back here." (announced) with a "Sign in again" link; after signing in, by any way,\nthe user is back on the security page at that section, focus on its heading, and makes the change again. The links\nbelow the sections offer "Change password" only to users who sign in with a portal password: not where the bank\'s\nidentity provider signs them in (the signed-in page likewise).\n\nChange password has a checkbox, "Also forget my other trusted devices" (off by default), sent by the script and by the\nform without it; when ticked, every trusted device but this browser is forgotten once the change succeeds.';

/** Signed in as demopass on a fake clock, run on until the session warning is open (80 s before the end). */
async function sessionWarningOpen(p) {
  await p.page.clock.install();
  await signedIn(p, 'demopass');
  await p.page.getByText('Signed in as demopass').waitFor();
  await p.page.clock.fastForward('03:45');
  await p.page.locator('dialog.portal-session-warning').waitFor();
}

export const SIGNED_IN = [
  [
    'change-expired',
    'Change password after the password expired, with the six rule lines',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demoexpired', PASSWORD);
      await p.page.locator('.portal-rules__item').first().waitFor();
    },
  ],
  [
    'change-errors',
    'Change password with errors on each field',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demoexpired', PASSWORD);
      await p.page.getByLabel('New password', { exact: true }).fill('short');
      await p.page.getByRole('button', { name: 'Save new password' }).click();
      await p.page.locator('.portal-error-summary').waitFor();
    },
  ],
  [
    'change-from-security',
    'Change password from the security page, with “Also forget my other trusted devices”',
    async (p) => {
      await signedIn(p, addUser(p.portal, 'ola.berg'));
      await p.go(security('cobrandHost=skerrymoor&locale=en_US'));
      await p.page.getByRole('link', { name: 'Change password' }).click();
      await p.page.getByLabel('Also forget my other trusted devices').waitFor();
    },
  ],
  [
    'new-pin',
    'New token PIN',
    async (p) => {
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'demonewpin', tokenCode(p.portal, 'demonewpin'));
      await p.page.getByRole('heading', { name: 'Create a new token PIN' }).waitFor();
    },
  ],
  [
    'next-token',
    'Next passcode: the token server asks for the next code after a wrong PIN',
    async (p) => {
      const code = addTokenUser(p.portal, 'max.weber');
      await setPin(p, 'max.weber', code, '2580');
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, 'max.weber', `9999${code(2)}`);
      await p.page.locator('.portal-error-summary').waitFor();
      await signInAs(p.page, 'max.weber', `2580${code(2)}`);
      await p.page.getByRole('heading', { name: 'Enter the next passcode' }).waitFor();
    },
  ],
  [
    'passkey-offer',
    'The passkey offer after a password sign-in (the cobrand offers passkeys, the user has none)',
    async (p) => {
      // A device that can make a passkey: the sign-in page tells the service so, which then offers one.
      await virtualAuthenticator(p.page);
      await p.go(signIn('cobrandHost=skerrymoor&locale=en_US'));
      await signInAs(p.page, addUser(p.portal, 'ana.silva'), PASSWORD);
      await p.page.getByRole('button', { name: 'Create a passkey' }).waitFor();
    },
    { offer: true },
  ],
  [
    'passkey-offer-zh-cn-320',
    'The passkey offer at 320 px in Simplified Chinese (a browser set to Chinese)',
    async (p) => {
      await virtualAuthenticator(p.page);
      await p.go(signIn('cobrandHost=skerrymoor'));
      await signInAs(p.page, addUser(p.portal, 'mei.lin'), PASSWORD);
      await p.page.locator('#passkey-create').waitFor();
    },
    { ...PHONE, offer: true, locale: 'zh-CN' },
  ],
  [
    'home',
    'The platform stand-in after a sign-in',
    async (p) => {
      await signedIn(p, 'demopass');
      await p.page.getByText('Signed in as demopass').waitFor();
    },
  ],
  [
    'security',
    'Security page: two sessions, no passkey yet, two trusted devices, recent sign-ins with a failed one',
    (p) => securityPage(p, 'rowan.hale'),
    SECURITY_PAGE_NOTES,
  ],
  ['security-passkey', 'Security page: a passkey just added', (p) => withPasskey(p, 'sam.okafor')],
  [
    'security-passkey-rename',
    'Security page: renaming a passkey, the empty name refused',
    async (p) => {
      await withPasskey(p, 'lee.moreau');
      await p.page.getByRole('button', { name: /^Rename/ }).click();
      await p.page.getByLabel('New name for the passkey').fill('   ');
      await p.page.keyboard.press('Enter');
      await p.page.getByText('Enter a name of 1 to 64 characters.').first().waitFor();
    },
  ],
  [
    'security-sign-in-again',
    'Security page: adding a passkey from a sign-in older than five minutes asks to sign in again',
    async (p) => {
      addUser(p.portal, 'kit.varga');
      await virtualAuthenticator(p.page);
      await signedIn(p, 'kit.varga');
      await p.go(security('cobrandHost=skerrymoor&locale=en_US'));
      await p.page.getByText('You have no passkeys yet.').waitFor();
      signedInEarlier(p.portal, 'kit.varga', 6);
      await p.page.getByRole('button', { name: 'Add a passkey' }).click();
      await p.page.getByRole('link', { name: 'Sign in again' }).waitFor();
    },
  ],
  [
    'security-recovery-codes',
    'Security page of a token user: a new set of recovery codes, shown this once',
    async (p) => {
      await signedIn(p, 'demotoken', { password: `${DEMO_PIN}${tokenCode(p.portal, 'demotoken')}` });
      await p.go(security('cobrandHost=skerrymoor&locale=en_US'));
      await region(p.page, 'Recovery codes').getByRole('button', { name: 'Create new recovery codes' }).click();
      // Replacing codes is confirmed first: the codes the user holds stop working.
      await region(p.page, 'Recovery codes').getByRole('button', { name: 'Yes, create new recovery codes' }).click();
      await region(p.page, 'Recovery codes').getByText('Recovery codes left: 10').waitFor();
    },
  ],
  ['security-320', 'Security page at 320 px, Latin script (US English)', (p) => securityPage(p, 'jo.park'), PHONE],
  [
    'security-ru-320',
    'Security page at 320 px, Cyrillic script (Russian, the platform’s own page)',
    (p) => securityPage(p, 'ivan.petrov', { cobrand: 'default', locale: 'ru' }),
    PHONE,
  ],
  [
    'security-ja-320',
    'Security page at 320 px, CJK (Japanese, the platform’s own page)',
    (p) => securityPage(p, 'yuki.sato', { cobrand: 'default', locale: 'ja' }),
    PHONE,
  ],
  [
    'session-warning',
    'The session warning, 80 s before the session ends',
    async (p) => {
      await sessionWarningOpen(p);
    },
  ],
  [
    'session-banner',
    'The session warning hidden with Esc: the time left stays at the window’s foot, with Continue (the window scrolled to the end)',
    async (p) => {
      await sessionWarningOpen(p);
      await p.page.keyboard.press('Escape');
      await p.page.locator('dialog.portal-session-warning').waitFor({ state: 'hidden' });
      // Fixed to the window's foot, the banner is drawn in the window scrolled to the page's end, which clears it.
      await p.page.mouse.wheel(0, 10_000);
      await p.page.waitForFunction(() => scrollY + innerHeight >= document.documentElement.scrollHeight - 1);
    },
    { window: true },
  ],
  [
    'logout-inactivity',
    'Logged out because the session warning’s countdown ran out',
    async (p) => {
      await sessionWarningOpen(p);
      await p.page.clock.fastForward('01:20');
      await p.page.waitForURL(/\/logout-component\?/);
      await p.page.getByText('you were logged out because you were inactive').waitFor();
    },
  ],
  [
    'logout-pin-saved',
    'Logged out after a new token PIN was saved, saying how to sign in next',
    async (p) => {
      await setPin(p, 'pat.nguyen', addTokenUser(p.portal, 'pat.nguyen'), '1357');
      await p.page.getByText('Your new PIN is saved.').waitFor();
    },
  ],
];
