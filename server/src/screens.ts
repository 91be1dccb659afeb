/**
 * The screens' routes: the pages capability renders every page; each capability answers its own screen's form posted
 * without the script (issue 33) and hands the screen back to the pages' `again` to show what went wrong
 * (docs/decisions.md, "Forms without the script"). No capability imports another for it: they meet here. The
 * security page, the signed-in user's own, is answered whole by its capability (account-security/).
 */
import { ErrorCodes, type RouteName } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountStore } from './account/index.js';
import { SecurityService, securityPageRoutes, securityRoutes } from './account-security/index.js';
import type { AuditLog } from './db/audit-log.js';
import type { CobrandDirectory, PageCobrandFor } from './cobrand/index.js';
import { ApiError } from './http/api-error.js';
import { eitherScreenData, type FormPage } from './http/form-post.js';
import type { DeviceCookies } from './device/index.js';
import type { SessionCookies } from './http/session-cookies.js';
import type { Messages } from './i18n/messages.js';
import { PAGE_NAMES, pageSender, webPagesRoutes } from './pages/index.js';
import {
  changeFormRoutes,
  type ChangePasswordService,
  recoveryFormRoutes,
  type RecoveryService,
} from './password/index.js';
import type { RouteThrottle } from './security/throttle.js';
import { signedInScreenData, type SessionManager } from './session/index.js';
import { type SignInOn, signInModuleForms, signInModuleScreenData } from './sign-in-modules.js';
import type { DeviceCodes } from './device-code/index.js';
import type { Clock } from './clock.js';
import {
  formSendLogin,
  formSignIn,
  nextTokenFormRoutes,
  signInFormRoutes,
  type SignInService,
} from './signin/index.js';
import { logoutFor, newPinFormRoutes, tokenScreenData, tokenUserOf, type TokenPinService } from './token/index.js';

export interface ScreenOptions {
  webDistDir: string;
  messages: Messages;
  pageCobrand: PageCobrandFor;
  /** The cobrands, for the signed-in page's offer of a password change. */
  cobrands: CobrandDirectory;
  secureCookies: boolean;
  platformOrigin: string | null;
  signIn: SignInService;
  recovery: RecoveryService;
  changePassword: ChangePasswordService;
  accounts: AccountStore;
  pins: TokenPinService;
  sessions: SessionManager;
  cookies: SessionCookies;
  deviceCookies: DeviceCookies;
  throttle: RouteThrottle;
  audit: AuditLog;
  /** Forgets the account's trusted devices but the asking browser's: a password change's checkbox. */
  forgetOtherDevices: (request: FastifyRequest, accountId: string) => Promise<number>;
  /** The sign-in on a method's own route, by its name (the signin capability's, made in app.ts). */
  signInOn: SignInOn;
  /** New-device verification's held sign-ins, for its screen's form and page. */
  deviceCodes: DeviceCodes;
  clock: Clock;
}

/** The screen a native post was made from: its address's last segment is the screen's route name. */
const screenOf = (request: FastifyRequest) => (request.routeOptions.url ?? '').split('/').pop() as RouteName;

/**
 * A native post whose anti-forgery token is missing or stale (a page left open past its session, a forged post) is
 * answered with its screen again, 403 as the call would answer, saying in the user's language that the page had
 * expired; the page carries a fresh token for the next try (docs/decisions.md, "Forms without the script"). One the
 * throttle held back is answered with its screen too, 429, saying so: nothing was tried.
 */
function expiredPages(page: FormPage) {
  return async (forms: FastifyInstance) => {
    forms.setErrorHandler(async (error, request, reply) => {
      const code = error instanceof ApiError ? error.items[0]?.code : undefined;
      if (code === ErrorCodes.csrf)
        return page(request, reply, screenOf(request), { values: {}, failure: 'expired' }, 403);
      if (code === ErrorCodes.throttled)
        return page(request, reply, screenOf(request), { values: {}, failure: 'throttled' }, 429);
      throw error;
    });
  };
}

/** Registered after every other route: the pages' not-found answer is the last resort. */
export async function registerScreens(app: FastifyInstance, options: ScreenOptions): Promise<void> {
  const { webDistDir, messages, pageCobrand, secureCookies, platformOrigin } = options;
  const { signIn, recovery, changePassword, accounts, pins, sessions, cookies, deviceCookies, throttle, audit } =
    options;
  const { forgetOtherDevices, cobrands } = options;
  // The token screens' pages carry their user (the token capability's), so they are drawn without the script.
  const userOf = tokenUserOf({ accounts, sessions, cookies });
  // And the signed-in page its user (the session capability's), so it names them and offers log out without the script.
  // The sign-in modules' forms and pages (sign-in-modules.ts) take what they declare of these.
  const moduleDeps = { accounts, sessions, cookies, throttle, deviceCodes: options.deviceCodes, clock: options.clock };
  const screenData = eitherScreenData(
    tokenScreenData(userOf),
    signedInScreenData({ sessions, cookies, accounts, cobrands }),
    ...signInModuleScreenData(moduleDeps),
  );
  const pages = pageSender(app.log, {
    webDistDir,
    names: PAGE_NAMES,
    messages,
    secureCookies,
    pageCobrand,
    screenData,
  });
  const page = pages.again;
  // What one capability's post needs of another's is handed over as a function: the sign-in sequence, send-login.
  const signInWith = formSignIn({ signIn, sessions, cookies, deviceCookies });
  const sendLogin = formSendLogin({ signIn, sessions, cookies, deviceCookies });
  await app.register(async (forms) => {
    await expiredPages(page)(forms);
    await forms.register(signInFormRoutes, {
      signIn,
      sessions,
      cookies,
      deviceCookies,
      throttle,
      secureCookies,
      page,
    });
    await forms.register(recoveryFormRoutes, { recovery, throttle, page });
    await forms.register(changeFormRoutes, {
      changePassword,
      sessions,
      cookies,
      throttle,
      page,
      signInWith,
      forgetOtherDevices,
      deviceIdOf: (request) => deviceCookies.deviceId(request),
    });
    await forms.register(nextTokenFormRoutes, { sendLogin, tokenUserOf: userOf, throttle, page, logoutFor });
    await forms.register(newPinFormRoutes, { accounts, sessions, cookies, pins, throttle, page, sendLogin });
    // The sign-in modules' own forms (sign-in-modules.ts): the recovery code's, the new-device code's.
    await signInModuleForms(forms, { ...moduleDeps, page }, options.signInOn);
  });
  // The security page is the signed-in user's own: its capability answers its calls, and the page with the user's
  // lists through the pages' `personal`.
  const security = new SecurityService({
    sessions,
    audit,
    passwordChange: (session) => changePassword.offered(session.cobrand),
  });
  await app.register(securityRoutes, { security, sessions, cookies, throttle });
  await app.register(securityPageRoutes, { security, sessions, cookies, throttle, page: pages.personal });
  await app.register(webPagesRoutes, { webDistDir, messages, platformOrigin, sendPage: pages.send });
}
