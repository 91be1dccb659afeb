/**
 * The screens' routes: the pages capability renders every page; each capability answers its own screen's form posted
 * without the script (issue 33) and hands the screen back to the pages' `again` to show what went wrong
 * (docs/decisions.md, "Forms without the script"). No capability imports another for it: they meet here. The
 * security page, the signed-in user's own, is answered whole by its capability (account-security/).
 */
import type { FastifyInstance } from 'fastify';
import { SecurityService, securityPageRoutes, securityRoutes } from './account-security/index.js';
import type { AuditLog } from './db/audit-log.js';
import type { PageCobrandFor } from './cobrand/index.js';
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
  throttle: RouteThrottle;
  audit: AuditLog;
}

/** Registered after every other route: the pages' not-found answer is the last resort. */
export async function registerScreens(app: FastifyInstance, options: ScreenOptions): Promise<void> {
  const { webDistDir, messages, pageCobrand, secureCookies, platformOrigin } = options;
  const { signIn, recovery, changePassword, sessions, cookies, throttle, audit } = options;
  const pages = pageSender(app.log, { webDistDir, names: PAGE_NAMES, messages, secureCookies, pageCobrand });
  await app.register(signInFormRoutes, { signIn, sessions, cookies, throttle, secureCookies, page: pages.again });
  await app.register(recoveryFormRoutes, { recovery, throttle, page: pages.again });
  // After a change, the script signs in with the new password: the sign-in capability's sequence, handed over.
  const signInWith = formSignIn({ signIn, sessions, cookies });
  await app.register(changeFormRoutes, { changePassword, sessions, cookies, throttle, page: pages.again, signInWith });
  // The security page is the signed-in user's own: its capability answers its calls, and the page with the user's
  // lists through the pages' `personal`.
  const security = new SecurityService({ sessions, audit });
  await app.register(securityRoutes, { security, sessions, cookies, throttle });
  await app.register(securityPageRoutes, { security, sessions, cookies, throttle, page: pages.personal });
  await app.register(webPagesRoutes, { webDistDir, messages, platformOrigin, sendPage: pages.send });
}
