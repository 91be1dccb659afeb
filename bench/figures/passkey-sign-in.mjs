/**
 * Figure 10: time from opening the sign-in page to the signed-in page, with a passkey (the User ID field's autofill,
 * answered at once by Chromium's virtual authenticator) beside a password typed into the form, in fresh contexts.
 */
import { launchChromium, signInPath } from '../lib/chromium.mjs';
import { median, round } from '../lib/stats.mjs';

const HOME = /\/sdportal\/platform\/home\?/;
/** The cookie the passkey offer's "Not now" sets: a password sign-in then goes straight to the signed-in page. */
const SKIP_COOKIE = 'passkey-offer-skipped';

/** A platform authenticator with resident keys and user verification that answers at once (the user present). */
async function authenticatorIn(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function typePassword(page, userId, password) {
  await page.getByLabel('User ID', { exact: true }).fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A password sign-in that goes on to the offer and creates a passkey there; its credential, to copy. */
async function enrol(browser, url, userId, password) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const authenticator = await authenticatorIn(context, page);
    await page.goto(url);
    await typePassword(page, userId, password);
    await page.waitForURL(/\/passkey-offer-component\?/);
    await page.getByRole('button', { name: 'Create a passkey' }).click();
    await page.waitForURL(HOME);
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', authenticator);
    if (credentials.length !== 1) throw new Error(`the offer made ${credentials.length} passkeys`);
    return credentials[0];
  } finally {
    await context.close();
  }
}

/** One timed sign-in in a fresh context: from `goto` of the sign-in page until the signed-in page has loaded. */
async function oneSignIn(browser, url, { credential, userId, password }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (credential) {
      const { cdp, authenticatorId } = await authenticatorIn(context, page);
      // The same passkey in each context, its signature counter ahead of the last one the service saw (a copy
      // behind it is refused as a clone).
      credential.signCount += 10;
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    } else await context.addCookies([{ name: SKIP_COOKIE, value: '1', url: new URL(url).origin }]);
    const started = performance.now();
    await page.goto(url);
    if (!credential) await typePassword(page, userId, password);
    await page.waitForURL(HOME);
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

const row = (label, each) => [
  label,
  each.length,
  Math.round(median(each)),
  Math.round(Math.min(...each)),
  Math.round(Math.max(...each)),
  each.map(Math.round).join(', '),
];

export async function passkeySignInFigure({ portal, seed, users, loads }) {
  // The relying party is the public origin's host (localhost); an IP address cannot be one.
  const url = `http://localhost:${portal.port}${signInPath(seed.cobrand)}`;
  const browser = await launchChromium();
  try {
    const [passkeyUser, passwordUser] = users;
    const credential = await enrol(browser, url, passkeyUser, seed.password);
    const kinds = { passkey: { credential }, password: { userId: passwordUser, password: seed.password } };
    // Untimed: the service's caches and Chromium's first context.
    for (const kind of Object.values(kinds)) await oneSignIn(browser, url, kind);
    const times = { passkey: [], password: [] };
    // Alternating, so both see the same moments of a noisy machine.
    for (let i = 0; i < loads; i += 1)
      for (const [name, kind] of Object.entries(kinds)) times[name].push(await oneSignIn(browser, url, kind));
    const [passkey, password] = [median(times.passkey), median(times.password)];
    return {
      id: 10,
      title: 'Time from opening the sign-in page to the signed-in page: a passkey beside a password',
      goal: 'none set: reported beside a password sign-in',
      result: `median ${Math.round(passkey)} ms with a passkey (autofill), ${Math.round(password)} ms with a password typed by the test (${round(passkey / password, 2)}x)`,
      met: null,
      table: {
        head: ['sign-in', 'sign-ins', 'median (ms)', 'min (ms)', 'max (ms)', 'every sign-in (ms)'],
        rows: [
          row("passkey: the User ID field's autofill, answered at once", times.passkey),
          row('password: typed and sent as soon as the page has loaded', times.password),
        ],
      },
      method: [
        `Debian's Chromium ${browser.version()} headless through playwright-core (\`bench/lib/chromium.mjs\`); the service as \`npm start\` runs it, throttling off, on a database of ${seed.users} seeded users, at http://localhost (the relying party is the public origin's host).`,
        'One seeded user makes a passkey on the offer after a password sign-in (CDP `WebAuthn` virtual authenticator: CTAP2, internal, resident keys, user verification, presence answered at once); its credential is copied into the authenticator of each timed context. Another seeded user signs in with the password, in contexts that carry the offer-skipped cookie (as after "Not now"), so both go straight to the signed-in page.',
        `Each sign-in is a new browser context, timed from \`page.goto\` of \`${signInPath(seed.cobrand)}\` until the signed-in page (\`/sdportal/platform/home\`) has loaded. The passkey path is the page's own: its script offers the passkey in the field's autofill, the authenticator answers, the page asks the options, sends the assertion and goes where the service says. The password path fills both fields and presses Sign in once \`goto\` returns (the load event): no human time in either.`,
        `${loads} sign-ins of each, alternating, after one untimed sign-in of each; the median is the figure.`,
      ],
      data: { times, chromium: browser.version() },
    };
  } finally {
    await browser.close();
  }
}
