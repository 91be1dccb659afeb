/**
 * The screens' routes: the pages capability renders every page; each capability answers its own screen's form posted
 * without the script (issue 33) and hands the screen back to the pages' `again` to show what went wrong
 * (docs/decisions.md, "Forms without the script"). No capability imports another for it: they meet here.
 */
import type { FastifyInstance } from 'fastify';
import type { PageCobrandFor } from './cobrand/index.js';
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
import type { SessionManager } from './session/index.js';
import { formSignIn, signInFormRoutes, type SignInService } from './signin/index.js';

export interface ScreenOptions {
  webDistDir: string;
  messages: Messages;
  pageCobrand: PageCobrandFor;
  secureCookies: boolean;
  platformOrigin: string | null;
  signIn: SignInService;
  recovery: RecoveryService;
  changePassword: ChangePasswordService;
  sessions: SessionManager;
  cookies: SessionCookies;
  deviceCookies: DeviceCookies;
  throttle: RouteThrottle;
}

/** Registered after every other route: the pages' not-found answer is the last resort. */
export async function registerScreens(app: FastifyInstance, options: ScreenOptions): Promise<void> {
  const { webDistDir, messages, pageCobrand, secureCookies, platformOrigin } = options;
  const { signIn, recovery, changePassword, sessions, cookies, deviceCookies, throttle } = options;
  const pages = pageSender(app.log, { webDistDir, names: PAGE_NAMES, messages, secureCookies, pageCobrand });
  await app.register(signInFormRoutes, {
    ...{ signIn, sessions, cookies, deviceCookies, throttle, secureCookies },
    page: pages.again,
  });
  await app.register(recoveryFormRoutes, { recovery, throttle, page: pages.again });
  // After a change, the script signs in with the new password: the sign-in capability's sequence, handed over.
  const signInWith = formSignIn({ signIn, sessions, cookies, deviceCookies });
  await app.register(changeFormRoutes, { changePassword, sessions, cookies, throttle, page: pages.again, signInWith });
  await app.register(webPagesRoutes, { webDistDir, messages, platformOrigin, sendPage: pages.send });
}
