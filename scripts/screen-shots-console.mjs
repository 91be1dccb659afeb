// The shots of `npm run screens` of the help-desk console, on the drawn portal's admin listener: the sign-in, the
// operator's own passkeys, a search, a locked user's page and its unlock, the audit trail, the administrators'
// operators, API keys and cobrands, and a user's and the operators' page on a phone in a Latin, a Cyrillic and a CJK
// language. Each signs in as an operator of its own (a code of the authenticator app opens one sign-in) and locks a
// user of its own.
import { addUser, cli, PASSWORD, signIn, signInAs, virtualAuthenticator } from './screen-steps.mjs';

const PHONE = { width: 320, height: 800 };
// By name, as ADMIN_ORIGIN says (screens.mjs): a relying party for the operators' passkeys is a host, not an address.
const consoleAt = (p, query = '') => `http://localhost:${p.portal.environment.ADMIN_PORT}/console/${query}`;

async function signedInToConsole(p, role = 'helpdesk') {
  const name = `screens.${role}.${Date.now()}${Math.floor(Math.random() * 1000)}`;
  cli(p.portal, 'operators', 'add', name, '--role', role, '--password', PASSWORD);
  await p.page.goto(consoleAt(p));
  await p.page.locator('#console-name').fill(name);
  await p.page.locator('#console-password').fill(PASSWORD);
  await p.page.locator('#console-code').fill(cli(p.portal, 'operators', 'code', name));
  await p.page.locator('form button[type=submit]').click();
  await p.page.locator('#console-query').waitFor();
}

/** A new user locked by six wrong passwords from another browser. */
async function lockedUser(p, userId) {
  addUser(p.portal, userId);
  const other = await p.other();
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    await other.goto(`${p.portal.baseUrl}${signIn('cobrandHost=skerrymoor')}`);
    await signInAs(other, userId, `Not-The-Password-${attempt}`);
    await other.locator('.portal-error-summary').waitFor();
  }
  return userId;
}

async function lockedUserPage(p, userId) {
  await lockedUser(p, userId);
  await signedInToConsole(p);
  await p.page.goto(consoleAt(p, `?user=${userId}`));
  await p.page.locator('.console-why button').waitFor();
}

async function unlockDialog(p, userId) {
  await lockedUserPage(p, userId);
  await p.page.locator('.console-why button').click();
  await p.page.locator('#console-reason').fill('Caller verified by the security question, ticket 4711');
}

/** An administrator's dialog confirmed with a reason, and what it did shown. */
async function confirmed(p) {
  await p.page.locator('#console-reason').fill('New starter at the help desk, ticket 6001');
  await p.page.locator('dialog button[type=submit]').click();
  await p.page.locator('.portal-notice').waitFor();
}

/** The operators page after an operator was added: the password and authenticator key shown once. */
async function operatorAdded(p) {
  await signedInToConsole(p, 'admin');
  await p.page.goto(consoleAt(p, '?view=operators'));
  await p.page.locator('#console-operator-name').fill(`grace.desk.${Date.now() % 100000}`);
  await p.page.locator('#console-operator-cobrands').fill('skerrymoor, larchmere');
  await p.page.locator('.console-admin-form button[type=submit]').click();
  await confirmed(p);
}

export const CONSOLE = [
  [
    'console-sign-in',
    'The help-desk console’s sign-in, on the admin listener (/console/): operator name, password, authenticator code, or the bank’s staff sign-in',
    async (p) => {
      await p.page.goto(consoleAt(p));
      await p.page.locator('#console-name').waitFor();
    },
  ],
  [
    'console-passkeys',
    'The console: the operator’s own passkeys, one added (it stands in for the authenticator code at sign-in)',
    async (p) => {
      await signedInToConsole(p);
      await virtualAuthenticator(p.page);
      await p.page.goto(consoleAt(p, '?view=passkeys'));
      await p.page.locator('.console-add').click();
      await p.page.locator('#console-passkeys-heading + ul li').waitFor();
    },
  ],
  [
    'console-find',
    'The console: a user found by e-mail address',
    async (p) => {
      addUser(p.portal, 'grace.hopper');
      await signedInToConsole(p);
      await p.page.locator('#console-query').fill('grace.hopper@example.com');
      await p.page.locator('form[role=search] button[type=submit]').click();
      await p.page.locator('.console-results li').waitFor();
    },
  ],
  [
    'console-user-locked',
    'The console: a locked user’s page, why they cannot sign in first, with the action that fixes it',
    (p) => lockedUserPage(p, 'ada.lovelace'),
  ],
  [
    'console-unlock',
    'The console: unlocking asks why; the reason is kept in the audit under the operator’s name',
    (p) => unlockDialog(p, 'alan.turing'),
    { window: true },
  ],
  [
    'console-unlocked',
    'The console after the unlock: what was done takes the cursor, and nothing stands in the way any more',
    async (p) => {
      await unlockDialog(p, 'katherine.johnson');
      await p.page.locator('dialog button[type=submit]').click();
      await p.page.locator('.console-why__none').waitFor();
    },
  ],
  [
    'console-audit',
    'The console’s audit trail for an auditor: the unlocks of the last 24 hours, with who made each and why',
    async (p) => {
      await unlockDialog(p, 'grace.murray');
      await p.page.locator('dialog button[type=submit]').click();
      await p.page.locator('.console-why__none').waitFor();
      await p.page.locator('.console-header__sign-out').click();
      await p.page.locator('#console-name').waitFor();
      await signedInToConsole(p, 'auditor');
      await p.page.goto(consoleAt(p, '?view=audit'));
      await p.page.locator('#console-audit-kind').fill('account.unlocked');
      await p.page.locator('.console-audit button[type=submit]').click();
      await p.page.locator('.console-list__item').first().waitFor();
    },
  ],
  [
    'console-operators',
    'The console’s operators for an administrator: a new operator’s password and authenticator key, shown this once',
    operatorAdded,
  ],
  [
    'console-keys',
    'The console’s API keys: a new key limited to one cobrand, shown this once',
    async (p) => {
      await signedInToConsole(p, 'admin');
      await p.page.goto(consoleAt(p, '?view=keys'));
      await p.page.locator('#console-key-name').fill(`expense-sync-${Date.now() % 100000}`);
      await p.page.locator('input[name=scopes][value="users:read"]').check();
      await p.page.locator('#console-key-cobrands').fill('skerrymoor');
      await p.page.locator('.console-admin-form button[type=submit]').click();
      await confirmed(p);
    },
  ],
  [
    'console-cobrands',
    'The console’s cobrand catalog: the folder checked before an import, and a record shown',
    async (p) => {
      await signedInToConsole(p, 'admin');
      await p.page.goto(consoleAt(p, '?view=cobrands'));
      await p.page.locator('.console-actions .portal-button--secondary').click();
      await p.page.locator('.console-results .console-subheading').waitFor();
      await p.page.locator('.console-list__item button').first().click();
      await p.page.locator('.console-record').waitFor();
    },
  ],
  [
    'console-four-eyes',
    'The console’s four eyes: a new e-mail address one operator asked for, as the second operator sees it, to approve or decline',
    async (p) => {
      const userId = addUser(p.portal, `ada.byron.${Date.now() % 100000}`);
      await signedInToConsole(p);
      await p.page.goto(consoleAt(p, `?user=${userId}`));
      await p.page.locator('.console-actions button').last().waitFor();
      await p.page.locator('.console-actions button').nth(-2).click();
      await p.page.locator('#console-given').fill(`${userId}@example.org`);
      await p.page.locator('#console-reason').fill('Caller moved to a new mailbox, ticket 8101');
      await p.page.locator('dialog button[type=submit]').click();
      await p.page.locator('#console-approvals-heading').waitFor();
      await p.page.locator('.console-header__sign-out').click();
      await p.page.locator('#console-name').waitFor();
      await signedInToConsole(p);
      await p.page.goto(consoleAt(p, `?user=${userId}`));
      await p.page.locator('#console-approvals-heading').waitFor();
    },
  ],
  ...['ru', 'ja'].map((locale) => [
    `console-operators-${locale}-phone`,
    `The console’s operators page in ${locale} at 320 px, a new operator’s password shown once`,
    operatorAdded,
    { ...PHONE, locale },
  ]),
  ...[
    ['fr', 'marie.curie'],
    ['ru', 'sofia.kovalevskaya'],
    ['ja', 'hideki.yukawa'],
  ].map(([locale, userId]) => [
    `console-user-locked-${locale}-phone`,
    `The console’s locked user’s page in ${locale} at 320 px`,
    (p) => lockedUserPage(p, userId),
    { ...PHONE, locale },
  ]),
];
