/**
 * The service's stores and services, each given what it needs: made once per app by app.ts, in parts by
 * responsibility (what every request uses, the mail, the sign-in and its factors, passwords and tokens, single
 * sign-on), each part taking what the earlier parts made.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { breachedPasswords } from './account/index.js';
import { signInReturn } from './account-security/index.js';
import { systemClock, type Clock } from './clock.js';
import { CobrandDirectory, logoUrlFinder, mailBrand } from './cobrand/index.js';
import type { Config } from './config.js';
import { type AuditForwarder, AuditLog } from './db/audit-log.js';
import type { PortalDatabase } from './db/database.js';
import { DeviceCodes } from './device-code/index.js';
import { approximateAddress, DeviceCookies, DeviceNotices, deviceOfAgent } from './device/index.js';
import { Readiness } from './health/index.js';
import { outageLog } from './http/outage-log.js';
import { securityEventLog } from './http/security-events.js';
import { cookiePolicy, SessionCookies } from './http/session-cookies.js';
import type { Messages } from './i18n/messages.js';
import { CspReportCounts } from './logging/index.js';
import { createTransport, MailWorker } from './mail/index.js';
import { PasskeyService, relyingPartyOf } from './passkey/index.js';
import { ChangePasswordService, QuestionPool, RecoveryService } from './password/index.js';
import { CATALOGUE_DIR } from './paths.js';
import { RecoveryCodeService } from './recovery-code/index.js';
import { hashQueue } from './security/hash-queue.js';
import { deriveKeys, loadPortalSecret } from './security/portal-secret.js';
import { routeThrottle } from './security/throttle.js';
import { FreshSignIn, SessionManager } from './session/index.js';
import { signInGates, signInMethods } from './sign-in-modules.js';
import { claimByAccountId, type Onward, SignInService } from './signin/index.js';
import { FlowCookies, Providers, SAML_REQUEST_MS, SsoService } from './sso/index.js';
import { storesOf } from './stores.js';
import { pinMatches, TokenPinService, TokenServers } from './token/index.js';

export interface AppOptions {
  config: Config;
  database: PortalDatabase;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  catalogueDir?: string;
  webDistDir?: string;
  /** The outbox worker runs unless a test wants to drive it (it is still nudged after each enqueue). */
  startMailWorker?: boolean;
  /** Tests: hears of an answer whose status the route's OpenAPI description does not declare. */
  onUndeclaredStatus?: (route: string, status: number) => void;
  /** Where the identity providers' secrets are read (the environment variables the catalogue names). */
  env?: Record<string, string | undefined>;
  /** What /readyz answers besides the database: main.ts drains it on SIGTERM. */
  readiness?: Readiness;
}

/** The app's options, and what feeds the SIEM outbox in each audit event's transaction. */
type ServiceOptions = AppOptions & { forward: AuditForwarder };

export type Services = ReturnType<typeof createServices>;

/** Every store and service of the app. */
export function createServices(app: FastifyInstance, options: ServiceOptions, messages: Messages) {
  const base = baseServices(app, options, messages);
  const mail = mailServices(app, options, base);
  const factors = factorServices(app, options, base, mail);
  const signIn = signInService(options, base, mail, factors);
  return {
    ...base,
    ...mail,
    ...factors,
    ...passwordServices(options, base, mail, factors),
    signIn,
    sso: ssoServices(options, base),
    readiness: readinessOf(app, options),
    cspReports: new CspReportCounts(),
  };
}

/** What every request may use: the keys, the stores, the audit, the catalogue, sessions and their cookies. */
function baseServices(app: FastifyInstance, { config, database, ...options }: ServiceOptions, messages: Messages) {
  const clock = options.clock ?? systemClock;
  const keys = deriveKeys(loadPortalSecret(config.portalSecret, config.dataDir, (m) => app.log.warn(m)));
  const stores = storesOf(database);
  const audit = new AuditLog(database.db, clock, securityEventLog(app.log), options.forward);
  const sessions = new SessionManager(stores.sessions, sessionSettings(config), clock, (accountId, reason, count) =>
    audit.record('session.ended', accountId, { reason, count }),
  );
  return {
    stores,
    clock,
    keys,
    messages,
    audit,
    accounts: stores.accounts,
    cobrands: new CobrandDirectory(stores.cobrands, clock),
    sessions,
    cookies: new SessionCookies(cookiePolicy(config.secureCookies), keys.csrf),
    // The one rule for every change to how an account signs in: a sign-in within the last five minutes.
    fresh: new FreshSignIn(audit, clock),
    throttle: routeThrottle(config.rateLimitPerMinute),
    breached: breachedPasswords(config.breachedPasswords, (m) => app.log.warn(m)),
    outage: outageLog(app.log),
  };
}
type Base = ReturnType<typeof baseServices>;

/** The sessions' deadlines and the cap of sessions per user, from the configuration. */
const sessionSettings = (config: Config) => ({
  idleMs: config.sessionIdleSeconds * 1000,
  absoluteMs: config.sessionAbsoluteSeconds * 1000,
  maxPerAccount: config.maxSessionsPerUser,
});

/** The outbox, its worker and transport, and what every service that mails a user is given. */
function mailServices(app: FastifyInstance, { config, catalogueDir }: ServiceOptions, base: Base) {
  const { stores, clock, outage } = base;
  const transport = createTransport({
    smtpUrl: config.smtpUrl,
    smtpTls: config.smtpTls,
    smtpCaFile: config.smtpCaFile,
    dataDir: config.dataDir,
    from: config.mailFrom,
    replyTo: config.mailReplyTo,
    publicOrigin: config.publicOrigin,
    log: (m) => app.log.info(m),
  });
  const mailWorker = new MailWorker(stores.outbox, transport, clock, app.log, (err) => outage('mail outbox', err));
  const mailDeps = {
    accounts: stores.accounts,
    passwords: stores.passwords,
    outbox: stores.outbox,
    sessions: base.sessions,
    cobrands: base.cobrands,
    messages: base.messages,
    audit: base.audit,
    clock,
    mailWorker,
    brandOf: mailBrand(base.cobrands, logoUrlFinder(catalogueDir ?? CATALOGUE_DIR, config.publicOrigin)),
  };
  return { outbox: stores.outbox, mailWorker, mailDeps };
}
type Mail = ReturnType<typeof mailServices>;

/** What a user signs in with besides a password: trusted devices, tokens' servers, recovery codes, passkeys. */
function factorServices(app: FastifyInstance, { config, env }: ServiceOptions, base: Base, { mailDeps }: Mail) {
  const { stores, keys, cobrands } = base;
  const devices = stores.devices;
  const tokenServers = new TokenServers(config.tokenServer, config.radiusTiming, env ?? process.env, app.log);
  const relyingParty = relyingPartyOf(config.publicOrigin, () => cobrands.relatedOrigins());
  const passkeys = new PasskeyService({ ...mailDeps, store: stores.passkeys, relyingParty });
  return {
    devices,
    deviceNotices: new DeviceNotices({ ...mailDeps, devices }),
    deviceCookies: new DeviceCookies(keys.device, config.secureCookies),
    tokenServers,
    relyingParty,
    passkeys,
    recoveryCodes: new RecoveryCodeService({
      ...mailDeps,
      store: stores.recoveryCodes,
      key: keys.recoveryCode,
      tokenServerOf: (record) => tokenServers.for(record.tokenServer).kind,
    }),
    // New-device verification's codes, mailed now (not through the outbox: the user waits), naming the request's
    // browser and place as the device capability reads them.
    deviceCodes: new DeviceCodes({
      ...mailDeps,
      store: stores.deviceCodes,
      deviceCodeKey: keys.deviceCode,
      sendMailNow: (mail) => mailDeps.mailWorker.sendNow(mail),
      placeOf: (origin) => ({ device: deviceOfAgent(origin.userAgent), address: approximateAddress(origin.address) }),
    }),
    // After a full sign-in by any method or step (SSO's too): back to the security page where a change asked for it
    // (account-security/), else the offer of a passkey (passkey/) before the way on.
    onward: (async (open, location, cookies) =>
      signInReturn(open, cookies) ?? passkeys.onward(open, location, cookies)) satisfies Onward,
  };
}
type Factors = ReturnType<typeof factorServices>;

/** The sign-in service, with the methods of sign-in-modules.ts given their deps. */
function signInService({ config }: ServiceOptions, base: Base, { mailDeps }: Mail, factors: Factors) {
  const { stores, keys } = base;
  const methodDeps = {
    ...mailDeps,
    tokens: stores.tokens,
    tokenServers: factors.tokenServers,
    breached: base.breached,
    passkeys: stores.passkeys,
    relyingParty: factors.relyingParty,
    passkeyClones: factors.passkeys,
    recoveryCodes: factors.recoveryCodes,
    tokenKeys: { seal: keys.seal, pin: keys.pin },
    pinMatches,
    importClasses: stores.importClasses,
    temporaryPasswordKey: keys.temporaryPassword,
    publicOrigin: config.publicOrigin,
    deviceCodes: factors.deviceCodes,
    deviceCodeStore: stores.deviceCodes,
    newDeviceVerification: config.newDeviceVerification,
  };
  return new SignInService({
    accounts: stores.accounts,
    cobrands: base.cobrands,
    audit: base.audit,
    clock: base.clock,
    devices: factors.devices,
    deviceNotices: factors.deviceNotices,
    publicOrigin: config.publicOrigin,
    identityKey: keys.userIdentity,
    methods: signInMethods(methodDeps),
    gates: signInGates(methodDeps),
    onward: factors.onward,
  });
}

/** Forgotten and changed passwords, and the tokens' PINs. */
function passwordServices({ config }: ServiceOptions, base: Base, mail: Mail, factors: Factors) {
  const { keys, stores, breached } = base;
  const { devices, deviceNotices } = factors;
  const recovery = new RecoveryService({
    ...mail.mailDeps,
    deviceNotices,
    questions: new QuestionPool(stores.accounts, base.clock),
    identityKey: keys.userIdentity,
    temporaryPasswordKey: keys.temporaryPassword,
    temporaryPasswordMinutes: config.temporaryPasswordMinutes,
  });
  // The current password's try, claimed as a sign-in claims it: on the browser's trusted device, or the account.
  const claimTry = claimByAccountId({ accounts: stores.accounts, devices });
  const changePassword = new ChangePasswordService({ ...mail.mailDeps, breached, devices, deviceNotices, claimTry });
  const pins = new TokenPinService({
    ...mail.mailDeps,
    tokens: stores.tokens,
    tokenServers: factors.tokenServers,
    pinKey: keys.pin,
    sealKey: keys.seal,
  });
  return { recovery, changePassword, pins };
}

/** Single sign-on's store, service, flow cookies and identity providers. */
function ssoServices({ config, env }: ServiceOptions, { stores, keys, audit, clock }: Base) {
  const store = stores.sso;
  return {
    store,
    service: new SsoService({ accounts: stores.accounts, store, audit, clock, publicOrigin: config.publicOrigin }),
    flows: new FlowCookies(keys.ssoFlow, config.secureCookies),
    providers: new Providers(env ?? process.env, config.publicOrigin, (cobrand) =>
      store.samlRequests(cobrand, clock, SAML_REQUEST_MS),
    ),
  };
}

/** The login storm (docs/operations.md): argon2's own bounded queue, its limit, and readiness failing while it refuses. */
function readinessOf(app: FastifyInstance, { config, database, readiness = new Readiness() }: ServiceOptions) {
  hashQueue.configure(config.hashQueue);
  readiness.busyWhen(() => hashQueue.saturated());
  const stopHearing = database.onFailure((error) => readiness.heard(error));
  app.addHook('onClose', async () => stopHearing());
  return readiness;
}
