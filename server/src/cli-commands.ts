/** The admin commands, one small function each, keyed by what the administrator types (`users add`, ...). */
import {
  type AccountRow,
  createAccount,
  generateTemporaryPassword,
  importUsers,
  normaliseAnswer,
  userIdKey,
} from './account/index.js';
import { importCatalogue } from './bootstrap.js';
import { DeviceStore } from './device/index.js';
import { CobrandDirectory, CobrandStore } from './cobrand/index.js';
import type { Transaction } from 'kysely';
import { readFile } from 'node:fs/promises';
import { type AuditKind, AuditLog } from './db/audit-log.js';
import { migrateToLatest } from './db/database.js';
import { exportAudit, listAudit } from './cli-audit.js';
import { type CommandContext, UsageError } from './cli-context.js';
import type { Database } from './db/tables.js';
import { hashSecret } from './security/passwords.js';
import { SessionStore } from './session/index.js';
import { SsoStore } from './sso/index.js';
import { assignToken, currentCode, TokenStore } from './token/index.js';

export { type CommandContext, UsageError } from './cli-context.js';

type Command = (ctx: CommandContext) => Promise<string>;

function userIdOf(ctx: CommandContext): string {
  if (!ctx.subject) throw new UsageError('a user ID is required');
  return ctx.subject;
}

async function existingUser(ctx: CommandContext): Promise<AccountRow> {
  const account = await ctx.accounts.findByUserId(userIdKey(userIdOf(ctx)));
  if (!account) throw new UsageError(`no user "${ctx.subject}"`);
  return account;
}

const auditLog = (ctx: CommandContext) => new AuditLog(ctx.database.db, () => ctx.now, undefined, ctx.forward);

/**
 * Makes a change and records its audit event, with who made it, in one transaction: both land or neither does. The
 * event is written when `change` answers true (or anything but false).
 */
async function audited<T>(
  ctx: CommandContext,
  event: { kind: AuditKind; accountId: string | null; detail?: Record<string, string | number | boolean> },
  change: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return auditLog(ctx).recordWith(event, ctx.origin, async (trx) => {
    const result = await change(trx);
    return (result === false ? false : (result ?? true)) as T;
  });
}

/** `what` when the change found its user, else a usage error naming the user. */
function done(ctx: CommandContext, found: boolean, what: string): string {
  if (!found) throw new UsageError(`no user "${ctx.subject}"`);
  return what;
}

async function addUser(ctx: CommandContext): Promise<string> {
  const userId = userIdOf(ctx);
  const { email, cobrand, password: given, name } = ctx.options;
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new UsageError('--email <address> is required');
  if (!cobrand) throw new UsageError('--cobrand <name> is required');
  if (!(await new CobrandStore(ctx.database.db).find(cobrand))) throw new UsageError(`no cobrand "${cobrand}"`);
  if (await ctx.accounts.findByUserId(userIdKey(userId))) throw new UsageError(`user "${userId}" already exists`);
  const password = given ?? generateTemporaryPassword(userId);
  const passwordState = given ? 'current' : 'temporary';
  const input = { userId, email, name: nameOf(ctx, name), cobrand, password, passwordState } as const;
  const identity = ctx.keys().userIdentity;
  await ctx.database.db.transaction().execute(async (trx) => {
    const id = await createAccount(ctx.accounts, identity, input, ctx.now, trx);
    const detail = { cobrand, password: passwordState };
    await auditLog(ctx).record('account.added', id, detail, { origin: ctx.origin, trx });
  });
  return given
    ? `Added user ${userId}.`
    : `Added user ${userId} with temporary password ${password} (to be changed at first sign-in).`;
}

/** Users with the hashes the old directory held, one JSON object a line (docs/operations.md, "Importing users"). */
async function importUserFile(ctx: CommandContext): Promise<string> {
  if (!ctx.options.file) throw new UsageError('--file <users.jsonl> is required');
  const text = await readFile(ctx.options.file, 'utf8').catch(() => {
    throw new UsageError(`cannot read ${ctx.options.file}`);
  });
  const cobrands = new CobrandStore(ctx.database.db);
  const { imported, refused } = await importUsers(text, {
    ...{ accounts: ctx.accounts, identityKey: ctx.keys().userIdentity, now: ctx.now },
    cobrandExists: async (name) => (await cobrands.find(name)) !== null,
    addAudited: (write, detail) =>
      ctx.database.db.transaction().execute(async (trx) => {
        await auditLog(ctx).record('account.added', await write(trx), detail, { origin: ctx.origin, trx });
      }),
  });
  const lines = refused.map(({ line, problem }) => `line ${line}: ${problem}`);
  return [...lines, `Imported ${imported} users; ${refused.length} lines refused.`].join('\n');
}

async function listUsers(ctx: CommandContext): Promise<string> {
  const rows = await ctx.accounts.list();
  const line = (r: AccountRow) =>
    `${r.user_id.padEnd(20)} ${r.status.padEnd(9)} ${r.login_type.padEnd(9)} password ${r.password_state.padEnd(10)} ${r.cobrand.padEnd(12)} ${r.display_name ?? ''}`.trimEnd();
  return rows.map(line).join('\n') || 'No users.';
}

/**
 * Lifts every lock of the account: the lock for unknown devices (or an administrator's) and each trusted device's,
 * and every count with them (docs/decisions.md, "Device trust"). A usage error when nothing was locked or counted.
 */
async function unlockUser(ctx: CommandContext): Promise<string> {
  const key = userIdKey(userIdOf(ctx));
  const account = await ctx.accounts.findByUserId(key);
  if (!account) throw new UsageError(`no user "${ctx.subject}"`);
  const devices = new DeviceStore(ctx.database.db);
  const unlocked = await audited(ctx, { kind: 'account.unlocked', accountId: account.id }, (trx) =>
    ctx.accounts.unlock(key, ctx.now, trx),
  );
  const event = { kind: 'device.unlocked' as const, accountId: account.id };
  const cleared = await audited(ctx, event, async (trx) => (await devices.clearAllFor(account.id, trx)) || false);
  if (unlocked || cleared) {
    const devicesPart = cleared ? ` and cleared the tries of ${cleared} of their devices` : '';
    return `Unlocked ${ctx.subject}${devicesPart}.`;
  }
  throw new UsageError(`user "${ctx.subject}" is not locked (${account.status})`);
}

async function deactivateUser(ctx: CommandContext): Promise<string> {
  const account = await existingUser(ctx);
  await ctx.database.db.transaction().execute(async (trx) => {
    await ctx.accounts.setStatus(account.user_id_key, 'inactive', ctx.now, trx);
    const ended = await new SessionStore(ctx.database.db).deleteForAccount(account.id, trx);
    // Its browsers are trusted no more: were it made active again, each would be an unknown device.
    const forgotten = await new DeviceStore(ctx.database.db).forgetAllFor(account.id, undefined, trx);
    const detail = { sessionsEnded: ended, devicesForgotten: forgotten };
    await auditLog(ctx).record('account.deactivated', account.id, detail, { origin: ctx.origin, trx });
  });
  return `Deactivated ${ctx.subject}, ended their sessions and forgot their devices.`;
}

async function expirePassword(ctx: CommandContext): Promise<string> {
  const account = await existingUser(ctx);
  const event = { kind: 'account.password.expired' as const, accountId: account.id };
  const found = await audited(ctx, event, (trx) => ctx.accounts.expirePassword(account.user_id_key, ctx.now, trx));
  return done(ctx, found, `Expired the password of ${ctx.subject}; the next sign-in leads to change password.`);
}

async function setQuestion(ctx: CommandContext): Promise<string> {
  const key = userIdKey(userIdOf(ctx));
  const question = ctx.options.question?.trim();
  const answer = ctx.options.answer?.trim();
  if (!question || !answer) throw new UsageError('--question <text> and --answer <answer> are required');
  if (answer.length < 4) throw new UsageError('the answer must be at least 4 characters');
  const answerHash = await hashSecret(normaliseAnswer(answer));
  const account = await ctx.accounts.findByUserId(key);
  const event = { kind: 'account.question.set' as const, accountId: account?.id ?? null };
  const found =
    !!account &&
    (await audited(ctx, event, (trx) => ctx.accounts.setSecurityQuestion(key, question, answerHash, ctx.now, trx)));
  return done(ctx, found, `Set the security question of ${ctx.subject}.`);
}

/** A name mails can greet by: printable, one line, at most the column's 200 characters. */
function nameOf(ctx: CommandContext, given: string | undefined): string | null {
  if (given === undefined) return null;
  const name = given.trim().replace(/\s+/g, ' ');
  if (!name || name.length > 200 || /\p{Cc}/u.test(name))
    throw new UsageError('--name must be 1 to 200 printable characters');
  return name;
}

async function setName(ctx: CommandContext): Promise<string> {
  const name = nameOf(ctx, ctx.options.name ?? '');
  const account = await existingUser(ctx);
  const event = { kind: 'account.name.set' as const, accountId: account.id };
  const found = await audited(ctx, event, (trx) => ctx.accounts.setName(account.user_id_key, name!, ctx.now, trx));
  return done(ctx, found, `Set the name of ${ctx.subject}: mails greet them as "${name}".`);
}

/** Links the subject a cobrand's identity provider names a user by to that portal user of the cobrand. */
async function linkSso(ctx: CommandContext): Promise<string> {
  const account = await existingUser(ctx);
  const { cobrand, subject } = ctx.options;
  if (!cobrand || !subject?.trim()) throw new UsageError('--cobrand <name> and --subject <subject> are required');
  const stored = await new CobrandStore(ctx.database.db).find(cobrand);
  if (!stored) throw new UsageError(`no cobrand "${cobrand}"`);
  if (!stored.record.identityProvider) throw new UsageError(`cobrand "${cobrand}" has no identity provider`);
  if (account.cobrand !== cobrand)
    throw new UsageError(`user "${ctx.subject}" belongs to cobrand "${account.cobrand}"`);
  const event = { kind: 'account.sso.linked' as const, accountId: account.id, detail: { cobrand } };
  await audited(ctx, event, (trx) =>
    new SsoStore(ctx.database.db).link(cobrand, subject.trim(), account.id, ctx.now, trx),
  );
  return `Linked ${ctx.subject} to "${subject.trim()}" at the identity provider of ${cobrand}.`;
}

async function assignUserToken(ctx: CommandContext): Promise<string> {
  const account = await existingUser(ctx);
  const { record } = await new CobrandDirectory(new CobrandStore(ctx.database.db), Date.now).resolve(account.cobrand);
  const tokens = new TokenStore(ctx.database.db);
  const { seal } = ctx.keys();
  const event = { kind: 'token.assigned' as const, accountId: account.id };
  const uri = await audited(ctx, event, (trx) =>
    assignToken(tokens, seal, account, record.cobrand.appName, ctx.now, trx),
  );
  return `Assigned a new token to ${ctx.subject}, in new-PIN mode.\nLoad it into an authenticator app: ${uri}\n${await qrCode(uri)}`;
}

/**
 * The URI as a QR code for a terminal. The package is the CLI's alone, so it is a development dependency, kept out
 * of the service's runtime closure: an install without it prints the URI only.
 */
async function qrCode(uri: string): Promise<string> {
  try {
    const { default: QRCode } = await import('qrcode');
    return await QRCode.toString(uri, { type: 'terminal', small: true });
  } catch {
    return '(install the development dependencies for a QR code)';
  }
}

async function resetPin(ctx: CommandContext): Promise<string> {
  const account = await existingUser(ctx);
  const event = { kind: 'token.pin.reset' as const, accountId: account.id };
  if (!(await audited(ctx, event, (trx) => new TokenStore(ctx.database.db).resetPin(account.id, ctx.now, trx)))) {
    throw new UsageError(`user "${ctx.subject}" has no token`);
  }
  return `Reset the PIN of ${ctx.subject}: the next sign-in with a tokencode alone sets a new one.`;
}

async function tokenAtServer(ctx: CommandContext): Promise<string> {
  const account = await existingUser(ctx);
  const event = { kind: 'token.at.server' as const, accountId: account.id };
  await audited(ctx, event, (trx) => new TokenStore(ctx.database.db).assignAtServer(account.id, ctx.now, trx));
  return `${ctx.subject} now signs in with the PIN and tokencode of the token the bank's token server holds (RADIUS).`;
}

async function unassignToken(ctx: CommandContext): Promise<string> {
  const account = await existingUser(ctx);
  const event = { kind: 'token.unassigned' as const, accountId: account.id };
  await audited(ctx, event, (trx) => new TokenStore(ctx.database.db).unassign(account.id, ctx.now, trx));
  return `Removed the token of ${ctx.subject}; they sign in with their password again.`;
}

async function tokenCode(ctx: CommandContext): Promise<string> {
  if (!ctx.demo) throw new UsageError('tokens code is for demo mode only (PORTAL_DEMO=true)');
  const account = await existingUser(ctx);
  const code = await currentCode(new TokenStore(ctx.database.db), ctx.keys().seal, account.id, ctx.now);
  if (!code) throw new UsageError(`user "${ctx.subject}" has no token`);
  return code;
}

async function exportCobrand(ctx: CommandContext): Promise<string> {
  if (!ctx.subject) throw new UsageError('a cobrand name is required');
  const stored = await new CobrandStore(ctx.database.db).find(ctx.subject);
  if (!stored) throw new UsageError(`no cobrand "${ctx.subject}"`);
  return JSON.stringify(stored.record, null, 2);
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  'db migrate': async ({ database }) => {
    const applied = await migrateToLatest(database.db);
    return applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.';
  },
  'users add': addUser,
  'users list': listUsers,
  'users import': importUserFile,
  'users unlock': unlockUser,
  'users deactivate': deactivateUser,
  'users expire-password': expirePassword,
  'users set-question': setQuestion,
  'users set-name': setName,
  'users link-sso': linkSso,
  'audit list': listAudit,
  'audit export': exportAudit,
  'tokens assign': assignUserToken,
  'tokens at-server': tokenAtServer,
  'tokens reset-pin': resetPin,
  'tokens unassign': unassignToken,
  'tokens code': tokenCode,
  'cobrands list': async ({ database }) => {
    const rows = await new CobrandStore(database.db).list();
    return rows.map((r) => `${r.name.padEnd(20)} ${r.abbreviation}`).join('\n') || 'No cobrands.';
  },
  'cobrands import': async (ctx) => {
    const names = await importCatalogue(ctx.database, ctx.subject, {
      alongside: (trx, imported) =>
        auditLog(ctx).record('cobrands.imported', null, { cobrands: imported.join(', ') }, { origin: ctx.origin, trx }),
    });
    return `Imported ${names.length} cobrands: ${names.join(', ')}`;
  },
  'cobrands export': exportCobrand,
};
