/**
 * The service's routes, each capability's registered with what it needs of the services (app-services.ts); the
 * screens' routes last (screens.ts), with the pages' not-found answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppOptions, Services } from './app-services.js';
import { cobrandRoutes, pageCobrandFinder } from './cobrand/index.js';
import { deviceRoutes, forgetOtherDevices } from './device/index.js';
import { healthRoutes } from './health/index.js';
import { clientLoggingRoutes, cspReportRoutes } from './logging/index.js';
import { passwordRoutes } from './password/index.js';
import { CATALOGUE_DIR, WEB_DIST_DIR } from './paths.js';
import { registerScreens } from './screens.js';
import { routeThrottle } from './security/throttle.js';
import { sessionRoutes } from './session/index.js';
import { signInModuleRoutes } from './sign-in-modules.js';
import { routeSignIn, signInRoutes } from './signin/index.js';
import { ssoRoutes } from './sso/index.js';
import { tokenRoutes } from './token/index.js';
import { wellKnownRoutes } from './well-known/index.js';

/**
 * What the routes are given: the services and a few settings, each under the name the routes' options use, so that
 * each capability's routes take from one object what they declare.
 */
function routeParts({ config, database, catalogueDir, webDistDir }: AppOptions, services: Services) {
  const { signIn, sessions, cookies, deviceCookies, devices, audit, cobrands, messages } = services;
  return {
    ...services,
    ...services.sso,
    db: database.db,
    report: services.outage,
    counts: services.cspReports,
    publicOrigin: config.publicOrigin,
    secureCookies: config.secureCookies,
    platformOrigin: config.platformOrigin,
    securityTxt: config.securityTxt,
    sessionAbsoluteSeconds: config.sessionAbsoluteSeconds,
    catalogueDir: catalogueDir ?? CATALOGUE_DIR,
    webDistDir: webDistDir ?? WEB_DIST_DIR,
    pageCobrand: pageCobrandFinder(cobrands, catalogueDir ?? CATALOGUE_DIR),
    relatedOrigins: () => cobrands.relatedOrigins(),
    afterLogout: services.sso.flows.afterLogout,
    // The one body every refused sign-in gets (§8): no cause can be told apart.
    refusedBody: () => messages.text('en_US', 'login.failed'),
    // A passkey sign-in's options are asked as the page loads: a budget of their own (PASSKEY_OPTIONS_PER_MINUTE).
    optionsThrottle: routeThrottle(config.passkeyOptionsPerMinute),
    // A password change's `forgetOtherDevices`, by the script's call or the form without it (the device capability's).
    forgetOtherDevices: (request: FastifyRequest, accountId: string) =>
      forgetOtherDevices({ devices, deviceCookies, audit }, request, accountId),
    deviceIdOf: (request: FastifyRequest) => deviceCookies.deviceId(request),
    // A try on a sign-in module's own route, signed in as every sign-in is.
    signInOn: (route: string) => routeSignIn({ signIn, sessions, cookies, deviceCookies }, route),
  };
}

export async function registerRoutes(app: FastifyInstance, options: AppOptions, services: Services): Promise<void> {
  const parts = routeParts(options, services);
  await app.register(healthRoutes, parts);
  await app.register(signInRoutes, parts);
  await app.register(deviceRoutes, parts);
  await app.register(sessionRoutes, parts);
  await app.register(clientLoggingRoutes, parts);
  await app.register(cspReportRoutes, parts);
  await app.register(wellKnownRoutes, parts);
  await app.register(passwordRoutes, parts);
  await app.register(tokenRoutes, parts);
  // Each sign-in module's own routes (sign-in-modules.ts): a passkey's and a recovery code's.
  await signInModuleRoutes(app, parts, parts.signInOn);
  await app.register(cobrandRoutes, parts);
  await app.register(ssoRoutes, parts);
  await registerScreens(app, parts);
}
