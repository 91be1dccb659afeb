/** Paths of every call the portal makes, as §7 of the spec names them (ours where §7 leaves them open). */
export const PORTAL_UI_BASE = '/public-portal-ui/';
/** Where each cobrand's logo and theme are served from: `<base><cobrand>/logo.png`, `<base><cobrand>/theme.css`. */
export const COBRAND_ASSETS_BASE = '/sdportal/cobrands/';
/** Where the footer variants' shared images (authorization-warning and powered-by logos) are served from. */
export const FOOTER_ASSETS_BASE = '/sdportal/footers/assets/';
/** The portal context path (§2) that three footer variants put before the cookie-notice link. */
export const PORTAL_CONTEXT_PATH = '/sdportal';

export const Paths = {
  logout: '/sdportal/logout',
  loginInfo: '/sdportal/rest/login/info',
  sendLogin: '/pkmslogin.form',
  loginSignin: '/sdportal/rest/user/loginSignin',
  session: '/sdportal/rest/session',
  /** The signed-in account's trusted devices (ours): listed, and forgotten one by one or all but this browser. */
  devices: '/sdportal/rest/devices',
  device: (id: string) => `/sdportal/rest/devices/${encodeURIComponent(id)}`,
  sessionPing: '/sdportal/rest/sessionExpire/pingPortal.json',
  sessionWarningContent: '/sdportal/rest/sessionExpire/sessionExpireWarningBoxContent.json',
  logErrorStatement: '/sdportal/rest/log/logErrorStatement.json',
  securityQuestions: '/cpae/public/users/securityquestions',
  temporaryPasswords: '/cpae/public/users/temporarypasswords',
  forgotPassword: '/services/authentication-service/public/forgotPassword',
  changePassword: '/services/authentication-service/public/changePassword',
  changePasswordServiceUrls: '/sdportal/rest/changepasswordserviceurls',
  tokenUserInformation: '/sdportal/rest/rsapin/information',
  tokenPin: (ldapId: string) => `/services/twofactortoken-service/protected/tokens/${encodeURIComponent(ldapId)}`,
  uiLogEntries: '/sdportal/rest/log/uiLogEntries',
  cobrand: (name: string) => `/sdportal/rest/cobrand/${encodeURIComponent(name)}`,
  cobrandLocales: (name: string) => `/sdportal/rest/cobrands/${encodeURIComponent(name)}/locales`,
  cobrandStylesheet: (name: string) => `/sdportal/rest/cobrands/${encodeURIComponent(name)}/stylesheet`,
  cobrandAssets: (id: string) => `${COBRAND_ASSETS_BASE}${encodeURIComponent(id)}/`,
  cobrandByAbbreviation: (abbreviation: string) =>
    `/sdportal/rest/cobrandhostabbreviation?cobrandAbbr=${encodeURIComponent(abbreviation)}`,
  logoutLabels: '/sdportal/rest/logoutrest/logoutLabelsAndReturnLink',
  externalLogoutUrl: '/sdportal/rest/logoutrest/externalLogoutUrl',
  logoutReturn: '/sdportal/login.view',
  platformHome: '/sdportal/platform/home',
  /** The security page's calls (ours, issue 34): the user's own sessions and recent sign-in tries. */
  securitySessions: '/sdportal/rest/security/sessions',
  securitySessionEnd: '/sdportal/rest/security/sessions/end',
  securitySessionsEndOthers: '/sdportal/rest/security/sessions/end-others',
  securitySignIns: '/sdportal/rest/security/signins',
  /** Single sign-on (ours): a cobrand's fssoRedirectUrl starts here; the provider answers at `ServicePaths`' callback. */
  ssoStart: (cobrand: string) => `/sdportal/sso/${encodeURIComponent(cobrand)}/start`,
  i18nBundle: (locale: string, bundle: 'Messages' | 'PortalLabels') =>
    bundle === 'Messages'
      ? `${PORTAL_UI_BASE}assets/i18n/${locale}/commercial-common-translations/com/mastercard/cp/sdng/common/resources/Messages.json`
      : `${PORTAL_UI_BASE}assets/i18n/${locale}/user-ux/PortalLabels.json`,
} as const;

/**
 * Addresses no page's script asks for (ours): the bank's identity provider's, the browser's own reports, the pages
 * the service sends a browser to. Kept out of `Paths`, which every page's script carries whole.
 */
export const ServicePaths = {
  /** Where browsers send Content-Security-Policy violation reports (ours: `report-uri` and `report-to`). */
  cspReports: '/sdportal/rest/log/cspReports',
  /**
   * The page a user the provider signed in, but whom no active portal user of the cobrand is linked to, ends on
   * (ours): it says so, offers a fresh sign-on as someone else and whom to ask; `?cobrandHost=<name>`.
   */
  ssoNoAccount: `${PORTAL_UI_BASE}sso-no-account`,
  /** The provider answers a sign-on here. */
  ssoCallback: (cobrand: string) => `/sdportal/sso/${encodeURIComponent(cobrand)}/callback`,
  /** A cobrand's fssoLogoutUrl: ends the provider's session too, then back to the cobrand's sign-in. */
  ssoLogout: (cobrand: string) => `/sdportal/sso/${encodeURIComponent(cobrand)}/logout`,
  /** The portal's SAML service provider metadata for a cobrand (entity ID, endpoints, certificates). */
  ssoMetadata: (cobrand: string) => `/sdportal/sso/${encodeURIComponent(cobrand)}/metadata`,
  /** SAML single logout service: the provider's LogoutRequest and LogoutResponse (HTTP-Redirect or HTTP-POST). */
  ssoSingleLogout: (cobrand: string) => `/sdportal/sso/${encodeURIComponent(cobrand)}/slo`,
  /** OpenID Connect Back-Channel Logout: the provider posts a logout token here. */
  ssoBackChannelLogout: (cobrand: string) => `/sdportal/sso/${encodeURIComponent(cobrand)}/backchannel-logout`,
  /** OpenID Connect Front-Channel Logout: the provider's page loads this in an iframe, with `iss` and `sid`. */
  ssoFrontChannelLogout: (cobrand: string) => `/sdportal/sso/${encodeURIComponent(cobrand)}/frontchannel-logout`,
} as const;

/** The portal's screens (§2), each served at `/public-portal-ui/<route>`. */
export const ROUTES = [
  'login-signin-component',
  'forgot-password-component',
  'change-password-component',
  'new-rsa-pin-component',
  'next-token-component',
  'logout-component',
  // Ours (issue 34): the signed-in user's sessions and recent sign-ins; also change password's MyProfile destination.
  'security-component',
  // Ours (issue 35): a token user's sign-in with a recovery code in place of the tokencode.
  'recovery-code-component',
  // Ours (issue 47): the code mailed for a sign-in from a browser the account has not used.
  'device-code-component',
] as const;
export type RouteName = (typeof ROUTES)[number];

export const routePath = (route: RouteName) => `${PORTAL_UI_BASE}${route}`;

/**
 * The logout screen's query parameter that makes it ask "Do you want to log out?" before it ends the session: the
 * service adds it when the logout came from another site (docs/security.md).
 */
export const LOGOUT_CONFIRM_PARAM = 'confirm';

/** Route patterns of the parameterised paths above, for the service's router. */
export const PathPatterns = {
  cobrand: '/sdportal/rest/cobrand/:name',
  cobrandLocales: '/sdportal/rest/cobrands/:name/locales',
  cobrandStylesheet: '/sdportal/rest/cobrands/:name/stylesheet',
  cobrandAbbreviation: '/sdportal/rest/cobrandhostabbreviation',
  tokenPin: '/services/twofactortoken-service/protected/tokens/:ldapId',
  device: '/sdportal/rest/devices/:id',
  ssoStart: '/sdportal/sso/:name/start',
  ssoCallback: '/sdportal/sso/:name/callback',
  ssoLogout: '/sdportal/sso/:name/logout',
  ssoMetadata: '/sdportal/sso/:name/metadata',
  ssoSingleLogout: '/sdportal/sso/:name/slo',
  ssoBackChannelLogout: '/sdportal/sso/:name/backchannel-logout',
  ssoFrontChannelLogout: '/sdportal/sso/:name/frontchannel-logout',
} as const;

/** Outgoing links of §7; all carry cobrandHost and locale, all but the last also nwflow=1. */
export const OutgoingLinks = {
  forgotPassword: '/sdportal/forgotPassword.view',
  companyRegistration: '/sdng/register/company.do',
  cardholderSelfService: '/sdng/cardholderselfservice/cardholderSelfServiceFromSDPortalInit.do',
  newAccountApplication: '/sdram/prospectiveaccountcontroller/newAccountApplicationRequestForm.view',
} as const;

/**
 * Pages of the platform the portal links to: §7's registration and application links, and the cookie notice three
 * footer variants place under the portal context path. The portal stands in for each unless PLATFORM_ORIGIN is set.
 */
export const PLATFORM_PAGES = {
  companyRegistration: OutgoingLinks.companyRegistration,
  cardholderRegistration: OutgoingLinks.cardholderSelfService,
  newAccountApplication: OutgoingLinks.newAccountApplication,
  cookieNotice: `${PORTAL_CONTEXT_PATH}/cookie-notice.view`,
} as const;
export type PlatformPage = keyof typeof PLATFORM_PAGES;

/** Header names and values every request carries (§7). */
export const REQUEST_HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  Accept: 'application/json, text/plain, */*',
} as const;
export const CSRF_COOKIE = 'sec-token';
export const CSRF_HEADERS = ['x-xsrf-token', 'x-csrf-token'] as const;
export const LOCALE_COOKIE = 'user_locale';
/** §3's `user_id` cookie: the user ID a user asked the sign-in page to remember on this device (an opt-in). */
export const USER_ID_COOKIE = 'user_id';
/** §3's SSO user cookie: set when a session came through single sign-on, read by the logout screen's call. */
export const SSO_USER_COOKIE = 'sso_user';

/**
 * The page a SAML answer the portal does not take sends the browser to (`PORTAL_UI_BASE` + it, `?cobrandHost=`): the
 * sign-on must start at the portal. A name rather than a member of `Paths`, which every page's script carries.
 */
export const SSO_START_AT_PORTAL_SCREEN = 'sso-start-at-portal';
