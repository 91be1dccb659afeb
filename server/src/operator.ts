/**
 * The operator's services, composed once from the capabilities for the command line (cli-commands.ts) and the admin
 * API (admin/): one code path and one audit trail whichever an operator uses.
 */
import { AccountAdmin, type AccountRow, emailOf, externalIdOf, nameOf } from './account/index.js';
import { type AdminOperations, ApiKeys, type UserView } from './admin/index.js';
import { importCatalogue } from './bootstrap.js';
import type { Clock } from './clock.js';
import { CobrandDirectory, type CobrandStore, readCatalogue, signsInAtProvider } from './cobrand/index.js';
import { CATALOGUE_DIR } from './paths.js';
import { type AuditForwarder, type AuditListener, AuditLog, type Origin } from './db/audit-log.js';
import { auditPage, auditStream, type AuditFilter } from './db/audit-query.js';
import type { PortalDatabase } from './db/database.js';
import type { PortalKeys } from './security/portal-secret.js';
import { inScope, type OperatorScope, Refusal } from './refusal.js';
import type { Messages } from './i18n/messages.js';
import { passkeyOperations } from './operator-passkeys.js';
import { SessionAdmin } from './session/index.js';
import { TEMPORARY_PASSWORD_MINUTES } from './config.js';
import { deviceOperations } from './operator-devices.js';
import { operatorMailing } from './operator-mailing.js';
import { accessOperations } from './operator-access.js';
import { approvalOperations } from './operator-approvals.js';
import { helpDeskOperations } from './operator-help-desk.js';
import { staffServices } from './staff-services.js';
import { SsoAdmin } from './sso/index.js';
import { storesOf } from './stores.js';
import { TokenAdmin } from './token/index.js';

export interface OperatorOptions {
  database: PortalDatabase;
  keys: PortalKeys;
  clock: Clock;
  /** Where `cobrands import` reads the catalogue; the deployment's own folder when not given. */
  catalogueDir?: string | undefined;
  /** Told of each audit event (the admin listener logs the security events among them). */
  auditListener?: AuditListener | undefined;
  /** Queues each audit event for the bank's SIEM, in the event's transaction. */
  forward?: AuditForwarder | undefined;
  /** The portal's public origin, which the mail to a user links to (PUBLIC_ORIGIN); localhost when not given. */
  publicOrigin?: string | undefined;
  /** The texts of the mail to a user; read from the deployment's folder when not given. */
  messages?: Messages | undefined;
  /** How long a mailed temporary password works (TEMPORARY_PASSWORD_MINUTES); its default when not given. */
  temporaryPasswordMinutes?: number | undefined;
}

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

export const userView = (a: AccountRow): UserView => ({
  userId: a.user_id,
  email: a.email,
  name: a.display_name,
  cobrand: a.cobrand,
  status: a.status,
  loginType: a.login_type,
  passwordState: a.password_state,
  securityQuestion: a.security_question,
  failedAttempts: Number(a.failed_attempts),
  lockedAt: iso(a.locked_at),
  lastSignInAt: iso(a.last_signin_at),
  createdAt: iso(a.created_at)!,
  updatedAt: iso(a.updated_at)!,
  externalId: a.external_id,
  deletedAt: iso(a.deleted_at),
});

export type Operator = ReturnType<typeof createOperator>;

export function createOperator(options: OperatorOptions) {
  const { database, keys, clock, catalogueDir, auditListener, forward } = options;
  const db = database.db;
  const audit = new AuditLog(db, clock, auditListener, forward);
  const stores = storesOf(database);
  const { accounts: accountStore, cobrands: cobrandStore, sessions: sessionStore, devices: deviceStore } = stores;
  const directory = new CobrandDirectory(cobrandStore, clock);
  const publicOrigin = options.publicOrigin ?? 'http://localhost:8080';
  const mailing = operatorMailing({
    database,
    directory,
    audit,
    clock,
    publicOrigin,
    catalogueDir,
    messages: options.messages,
  });
  const accounts = new AccountAdmin({
    db,
    accounts: accountStore,
    audit,
    identityKey: keys.userIdentity,
    clock,
    endSessions: (accountId, trx) => sessionStore.deleteForAccount(accountId, trx),
    devices: {
      clearAll: (accountId, trx) => deviceStore.clearAllFor(accountId, trx),
      forgetAll: (accountId, trx) => deviceStore.forgetAllFor(accountId, undefined, trx),
    },
    cobrandExists: async (name) => (await cobrandStore.find(name)) !== null,
  });
  const tokens = new TokenAdmin({ tokens: stores.tokens, audit, sealKey: keys.seal, clock });
  const find = (scope: OperatorScope, userId: string) => accounts.find(scope, userId);
  const operations = {
    users: {
      ...userOperations(accounts),
      ...helpDeskOperations({
        find,
        stores,
        audit,
        clock,
        mailing,
        temporaryPasswordKey: keys.temporaryPassword,
        temporaryPasswordMinutes: options.temporaryPasswordMinutes ?? TEMPORARY_PASSWORD_MINUTES,
        signsInAtProvider: async (cobrand) => signsInAtProvider((await directory.resolve(cobrand)).record),
      }),
    },
    tokens: {
      assign: async (scope, userId, origin) => {
        const account = await find(scope, userId);
        const { record } = await directory.resolve(account.cobrand);
        return tokens.assign(account, record.cobrand.appName, origin);
      },
      atServer: async (scope, userId, origin) => tokens.atServer(await find(scope, userId), origin),
      resetPin: async (scope, userId, origin) => tokens.resetPin(await find(scope, userId), origin),
      unassign: async (scope, userId, origin) => tokens.unassign(await find(scope, userId), origin),
    },
    sso: ssoOperations(new SsoAdmin({ store: stores.sso, audit, clock, hasProvider: hasProvider(cobrandStore) }), find),
    sessions: sessionOperations(new SessionAdmin(sessionStore, audit, clock), find),
    passkeys: passkeyOperations({ database, directory, devices: deviceStore, find, publicOrigin, mailing }),
    devices: deviceOperations({ devices: deviceStore, audit, find }),
    audit: auditOperations(db, find, clock),
    cobrands: cobrandOperations({ database, store: cobrandStore, directory, audit, clock, catalogueDir }),
    access: accessOperations({
      ...{ staff: staffServices(database, keys, clock, audit).admin, keys: new ApiKeys(db, keys.apiKey, clock), audit },
    }),
  } satisfies Omit<AdminOperations, 'approvals'>;
  const approvals = approvalOperations({ database, stores, audit, clock, find, operations });
  return { ...operations, approvals, auditLog: audit } satisfies AdminOperations & { auditLog: AuditLog };
}

/** Whether the cobrand names an identity provider; null when there is no such cobrand. */
const hasProvider = (store: CobrandStore) => async (name: string) => {
  const stored = await store.find(name);
  return stored ? Boolean(stored.record.identityProvider) : null;
};

function ssoOperations(sso: SsoAdmin, find: Find): AdminOperations['sso'] {
  return {
    links: async (scope, userId) => sso.links(await find(scope, userId)),
    link: async (scope, userId, subject, origin) => {
      const account = await find(scope, userId);
      await sso.link(account, account.cobrand, subject, origin);
    },
  };
}

function sessionOperations(sessions: SessionAdmin, find: Find): AdminOperations['sessions'] {
  return {
    list: async (scope, userId) => sessions.list((await find(scope, userId)).id),
    endAll: async (scope, userId, origin) => sessions.endAll((await find(scope, userId)).id, origin),
    endOne: async (scope, userId, sessionId, origin) => {
      if (!(await sessions.endOne((await find(scope, userId)).id, sessionId, origin)))
        throw new Refusal('not-found', `no session "${sessionId}"`);
    },
  };
}

/** The cobrands a call may see: the one it asks for if its scope covers it (else none), or all its scope covers. */
const cobrandsOf = (scope: OperatorScope, cobrand: string | undefined) =>
  cobrand ? (inScope(scope, cobrand) ? [cobrand] : []) : scope.cobrands;

function userOperations(
  accounts: AccountAdmin,
): Omit<AdminOperations['users'], keyof ReturnType<typeof helpDeskOperations>> {
  return {
    get: async (scope, userId) => userView(await accounts.find(scope, userId)),
    list: async (scope, filter) => {
      const cobrands = cobrandsOf(scope, filter.cobrand);
      const { rows, next } = await accounts.list({ ...filter, cobrands, after: filter.cursor });
      return { users: rows.map(userView), next };
    },
    search: async (scope, { cobrand, ...search }) => {
      const { rows, last } = await accounts.slice({ ...search, cobrands: cobrandsOf(scope, cobrand) });
      return { users: rows.map(userView), last };
    },
    count: async (scope, { cobrand, ...criteria }) =>
      accounts.total({ ...criteria, cobrands: cobrandsOf(scope, cobrand) }),
    create: async (scope, input, origin) => {
      const { account, temporaryPassword } = await accounts.create(scope, input, origin);
      return { user: userView(account), temporaryPassword };
    },
    change: async (scope, userId, change, origin) => {
      // Every value is checked before any is written: a bad one changes nothing.
      if (change.name !== undefined) nameOf(change.name);
      if (change.email !== undefined) emailOf(change.email);
      if (change.externalId !== undefined) externalIdOf(change.externalId);
      let account: AccountRow | undefined;
      if (change.name !== undefined) account = await accounts.setName(scope, userId, change.name, origin);
      if (change.email !== undefined) account = await accounts.setEmail(scope, userId, change.email, origin);
      if (change.externalId !== undefined)
        account = await accounts.setExternalId(scope, userId, change.externalId ?? undefined, origin);
      return userView(account ?? (await accounts.find(scope, userId)));
    },
    setQuestion: async (scope, userId, given, origin) =>
      userView(await accounts.setQuestion(scope, userId, given, origin)),
    deactivate: async (scope, userId, origin) => {
      const sessionsEnded = await accounts.deactivate(scope, userId, origin);
      return { user: userView(await accounts.find(scope, userId)), sessionsEnded };
    },
    delete: async (scope, userId, origin) => void (await accounts.delete(scope, userId, origin)),
    reactivate: async (scope, userId, origin) => userView(await accounts.reactivate(scope, userId, origin)),
    unlock: async (scope, userId, origin) => userView(await accounts.unlock(scope, userId, origin)),
    expirePassword: async (scope, userId, origin) => userView(await accounts.expirePassword(scope, userId, origin)),
    resetPassword: async (scope, userId, origin) => {
      const { user, temporaryPassword } = await accounts.resetPassword(scope, userId, origin);
      return { user: userView(user), temporaryPassword };
    },
  };
}

type Find = (scope: OperatorScope, userId: string) => Promise<AccountRow>;

function auditOperations(db: PortalDatabase['db'], find: Find, clock: Clock): AdminOperations['audit'] {
  /** The query's user must be one the scope covers; the cobrands of the scope bound the events. */
  async function filterOf(scope: OperatorScope, query: Parameters<AdminOperations['audit']['page']>[1]) {
    const account = query.userId ? await find(scope, query.userId) : undefined;
    const filter: AuditFilter = {
      since: query.since ? Date.parse(query.since) : clock() - 86_400_000,
      until: query.until ? Date.parse(query.until) : undefined,
      accountId: account?.id,
      kind: query.kind,
      actor: query.actor,
      cobrands: scope.cobrands,
      after: query.cursor,
    };
    return filter;
  }
  return {
    page: async (scope, query) => auditPage(db, await filterOf(scope, query), query.limit ?? 100),
    stream: async (scope, query) => auditStream(db, await filterOf(scope, query)),
  };
}

interface CobrandParts {
  database: PortalDatabase;
  store: CobrandStore;
  directory: CobrandDirectory;
  audit: AuditLog;
  clock: Clock;
  catalogueDir: string | undefined;
}

function cobrandOperations({ database, store, directory, audit, clock, catalogueDir }: CobrandParts) {
  return {
    list: async (scope: OperatorScope) => (await store.list()).filter((c) => inScope(scope, c.name)),
    get: async (scope: OperatorScope, name: string) => {
      const stored = inScope(scope, name) ? await store.find(name) : null;
      if (!stored) throw new Refusal('not-found', `no cobrand "${name}"`);
      return stored.record;
    },
    // The command line may name another folder (`cobrands import <dir>`); the admin API loads the deployment's. The
    // catalogue is read once to list its problems as a refusal, then again by the import itself.
    checkCatalogue: async () => {
      const { cobrands, problems } = readCatalogue(catalogueDir ?? CATALOGUE_DIR);
      return { cobrands: cobrands.map((c) => c.record.cobrand.name), problems };
    },
    importCatalogue: async (origin: Origin, dir = catalogueDir) => {
      const { problems } = readCatalogue(dir ?? CATALOGUE_DIR);
      if (problems.length) {
        const said = `The cobrand catalogue has problems (${problems.length}); nothing was imported`;
        throw new Refusal('invalid', said, undefined, problems);
      }
      return importCatalogue(database, dir, {
        now: clock(),
        directory,
        alongside: (trx, imported) =>
          audit.record('cobrands.imported', null, { cobrands: imported.join(', ') }, { origin, trx }),
      });
    },
  } satisfies AdminOperations['cobrands'];
}
