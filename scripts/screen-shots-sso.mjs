// The shots of `npm run screens` of single sign-on, through the demo identity providers `npm start` runs (the screens
// script starts them too), and of the logout screen with each thing it can have to say.
import { HOME, signIn, signInAtProvider } from './screen-steps.mjs';

const DEMO_PASSWORD = 'Portal-Demo-2026';
/** The shot signs in at a demo provider: they must be running. */
const PROVIDER = { providers: true };

/** From the cobrand's sign-in page to its provider's login page, and signed in there as `user`. */
async function signOn(p, cobrand, user) {
  await p.page.goto(`${p.portal.baseUrl}${signIn(`cobrandHost=${cobrand}&locale=en_US`)}`);
  await signInAtProvider(p.page, user, DEMO_PASSWORD);
}

export const SSO_AND_LOGOUT = [
  [
    'sso-passcode',
    'Single sign-on, then the passcode step: a token user back from the bank’s provider (Veltmoor, OpenID Connect)',
    async (p) => {
      await signOn(p, 'veltmoor', 'demossotoken');
      await p.page.getByRole('heading', { name: 'Enter your passcode' }).waitFor();
    },
    PROVIDER,
  ],
  [
    'sso-passcode-required',
    'The passcode step after single sign-on, submitted empty',
    async (p) => {
      await signOn(p, 'veltmoor', 'demossotoken');
      await p.page.getByRole('heading', { name: 'Enter your passcode' }).waitFor();
      await p.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await p.page.locator('.portal-error-summary').waitFor();
    },
    PROVIDER,
  ],
  [
    'sso-no-account',
    'Single sign-on with no portal account: the provider knows the user, no portal user is linked',
    async (p) => {
      await signOn(p, 'veltmoor', 'demonoaccount');
      await p.page.getByRole('heading', { name: 'No account for this sign-in' }).waitFor();
    },
    PROVIDER,
  ],
  [
    'sso-refused',
    'Single sign-on refused: the sign-in page of an SSO cobrand with Invalid Login and the way back to the provider',
    (p) => p.go(signIn('cobrandHost=veltmoor&locale=en_US&invalidLogin=true'), '.portal-error-summary'),
  ],
  [
    'sso-start-at-portal',
    'A SAML answer the portal did not ask for (a tile in the bank’s portal): the sign-on starts at the portal (Kestrelmark)',
    // Where the service sends the browser that posted such an answer (server/src/sso/saml/saml-flow.ts).
    (p) => p.go('/public-portal-ui/sso-start-at-portal?cobrandHost=kestrelmark&locale=en_US', '.portal-sso-start'),
  ],
  [
    'home-sso',
    'The platform stand-in after single sign-on (no password to change at the portal)',
    async (p) => {
      await signOn(p, 'veltmoor', 'demosso');
      await p.page.waitForURL(HOME);
      await p.page.getByText('Signed in as demosso').waitFor();
    },
    PROVIDER,
  ],
  [
    'logout',
    'Logged out',
    (p) => p.go('/public-portal-ui/logout-component?cobrandHost=skerrymoor&locale=en_US', '.portal-logout__message'),
  ],
  [
    'logout-confirm',
    'Logout opened from another site: the screen asks before it ends the session',
    (p) =>
      p.go(
        '/public-portal-ui/logout-component?cobrandHost=skerrymoor&locale=en_US&confirm=1',
        '.portal-logout__confirm',
      ),
  ],
  [
    'logout-sso',
    'Logged out after single sign-on: the next sign-in asks at the provider again, and how to sign out there too',
    async (p) => {
      await signOn(p, 'veltmoor', 'demosso');
      await p.page.waitForURL(HOME);
      await p.page.getByRole('link', { name: 'Log out' }).click();
      await p.page.locator('.portal-logout__sso').waitFor();
    },
    PROVIDER,
  ],
];
