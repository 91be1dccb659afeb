/**
 * The admin commands, one small function each, keyed by what the administrator types (`users add`, ...). Each is a
 * client of the operator's services (operator.ts), the same the admin API calls: this file reads the arguments and
 * prints the answer; the services check, change and audit.
 */
import { type AccountStore, importUsers } from './account/index.js';
import { ApiKeys, type UserView } from './admin/index.js';
import type { AuditEntry, AuditForwarder, Origin } from './db/audit-log.js';
import { readFile } from 'node:fs/promises';
import { prepareDatabase } from './bootstrap.js';
import type { PortalDatabase } from './db/database.js';
import type { Operator } from './operator.js';
import { fromLine, importTracker } from './cli-import.js';
import { ALL_COBRANDS, type Refusal } from './refusal.js';
import type { PortalKeys } from './security/portal-secret.js';
import { currentCode } from './token/index.js';
import { storesOf } from './stores.js';

export class UsageError extends Error {}

export interface CommandContext {
  database: PortalDatabase;
  accounts: AccountStore;
  keys: () => PortalKeys;
  /** The operator's services, made when a command first needs them (they need the portal's keys). */
  operator: () => Operator;
  demo: boolean;
  /** Queues each audit event for the bank's SIEM, in the event's transaction. */
  forward?: AuditForwarder;
  now: number;
  /** Who runs the command (`cli:<login>`), recorded with every change it makes. */
  origin: Origin;
  /** The positional argument after the command (a user ID, a cobrand name, a folder, a key's name). */
  subject: string | undefined;
  options: {
    email?: string;
    name?: string;
    subject?: string;
    user?: string;
    since?: string;
    cobrand?: string[];
    password?: string;
    question?: string;
    answer?: string;
    scopes?: string;
    file?: string;
    'from-line'?: string;
    role?: string;
  };
  /** Where a long command says how far it got: standard error, when that is a terminal. */
  progress?: ((message: string) => void) | undefined;
}

type Command = (ctx: CommandContext) => Promise<string>;
const all = ALL_COBRANDS;

function userIdOf(ctx: CommandContext): string {
  if (!ctx.subject) throw new UsageError('a user ID is required');
  return ctx.subject;
}

/** One `--cobrand` (the commands about one user take one; `api-keys create` takes several). */
const cobrandOf = (ctx: CommandContext) => ctx.options.cobrand?.at(-1);

const ARGUMENTS: Record<string, string> = { userId: 'the user ID', operator: "the operator's name" };

/** A service's refusal as the command line says it: a bad value names its option. */
export function usageOf(refusal: Refusal): Error {
  if (refusal.problems.length) return new Error(`${refusal.message}:\n${refusal.problems.join('\n')}`);
  // The user ID and the operator's name are the command's argument, not an option.
  const name = ARGUMENTS[refusal.field ?? ''] ?? `--${refusal.field}`;
  return new UsageError(
    refusal.field && refusal.message.startsWith('must') ? `${name} ${refusal.message}` : refusal.message,
  );
}

async function addUser(ctx: CommandContext): Promise<string> {
  const userId = userIdOf(ctx);
  const { email, password, name } = ctx.options;
  const cobrand = cobrandOf(ctx);
  if (!email) throw new UsageError('--email <address> is required');
  if (!cobrand) throw new UsageError('--cobrand <name> is required');
  const { user, temporaryPassword } = await ctx
    .operator()
    .users.create(all, { userId, email, cobrand, name, password }, ctx.origin);
  // The user ID as kept (in its one form: full-width letters typed are plain ones).
  return temporaryPassword
    ? `Added user ${user.userId} with temporary password ${temporaryPassword} (to be changed at first sign-in).`
    : `Added user ${user.userId}.`;
}

async function listUsers(ctx: CommandContext): Promise<string> {
  const lines: string[] = [];
  const line = (u: UserView) =>
    `${u.userId.padEnd(20)} ${u.status.padEnd(9)} ${u.loginType.padEnd(9)} password ${u.passwordState.padEnd(10)} ${u.cobrand.padEnd(12)} ${u.name ?? ''}`.trimEnd();
  for (let cursor: string | undefined; ;) {
    const { users, next } = await ctx.operator().users.list(all, { limit: 500, cursor });
    lines.push(...users.map(line));
    if (!next) break;
    cursor = next;
  }
  return lines.join('\n') || 'No users.';
}

async function setQuestion(ctx: CommandContext): Promise<string> {
  const { question, answer } = ctx.options;
  if (!question?.trim() || !answer?.trim())
    throw new UsageError('--question <text> and --answer <answer> are required');
  await ctx.operator().users.setQuestion(all, userIdOf(ctx), { question, answer }, ctx.origin);
  return `Set the security question of ${ctx.subject}.`;
}

async function setName(ctx: CommandContext): Promise<string> {
  const user = await ctx.operator().users.change(all, userIdOf(ctx), { name: ctx.options.name ?? '' }, ctx.origin);
  return `Set the name of ${ctx.subject}: mails greet them as "${user.name}".`;
}

/** Links the subject a cobrand's identity provider names a user by to that portal user of the cobrand. */
async function linkSso(ctx: CommandContext): Promise<string> {
  const cobrand = cobrandOf(ctx);
  const subject = ctx.options.subject?.trim();
  if (!cobrand || !subject) throw new UsageError('--cobrand <name> and --subject <subject> are required');
  const operator = ctx.operator();
  const user = await operator.users.get(all, userIdOf(ctx));
  if (!(await storesOf(ctx.database).cobrands.find(cobrand))) throw new UsageError(`no cobrand "${cobrand}"`);
  // The service links at the user's own cobrand: the one named here must be it.
  if (user.cobrand !== cobrand) throw new UsageError(`user "${user.userId}" belongs to cobrand "${user.cobrand}"`);
  await operator.sso.link(all, user.userId, subject, ctx.origin);
  return `Linked ${ctx.subject} to "${subject}" at the identity provider of ${cobrand}.`;
}

/** `--since`: an ISO 8601 time, or a span back from now (`90m`, `24h`, `7d`); the last 24 hours by default. */
function sinceOf(ctx: CommandContext): string {
  const given = ctx.options.since?.trim();
  if (!given) return new Date(ctx.now - 86_400_000).toISOString();
  const span = /^(\d+)([mhd])$/.exec(given);
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 };
  if (span) return new Date(ctx.now - Number(span[1]) * unit[span[2] as 'm' | 'h' | 'd']).toISOString();
  const at = Date.parse(given);
  if (Number.isNaN(at)) throw new UsageError('--since must be a time such as 2026-11-24T09:00Z, or a span such as 24h');
  return new Date(at).toISOString();
}

/** The events `audit list` and `audit export` print, read a page at a time. */
async function* auditEntries(ctx: CommandContext): AsyncIterable<AuditEntry> {
  const query = { since: sinceOf(ctx), ...(ctx.options.user ? { userId: ctx.options.user } : {}) };
  for await (const { id: _id, ...entry } of await ctx.operator().audit.stream(all, query)) yield entry;
}

/** One line an event: when, what, whose account, who made it or from where, its detail, then the client's agent. */
async function listAudit(ctx: CommandContext): Promise<string> {
  const line = (e: AuditEntry) =>
    [
      `${e.at} `,
      e.kind.padEnd(24),
      (e.userId ?? '-').padEnd(20),
      (e.actor ?? e.address ?? '-').padEnd(15),
      Object.keys(e.detail).length ? JSON.stringify(e.detail) : '',
      e.userAgent ? JSON.stringify(e.userAgent) : '',
    ]
      .join(' ')
      .trimEnd();
  const lines: string[] = [];
  for await (const entry of auditEntries(ctx)) lines.push(line(entry));
  return lines.join('\n') || 'No events.';
}

/** One JSON object a line, for a log pipeline or a spreadsheet. */
async function exportAudit(ctx: CommandContext): Promise<string> {
  const lines: string[] = [];
  for await (const entry of auditEntries(ctx)) lines.push(JSON.stringify(entry));
  return lines.join('\n');
}

async function assignUserToken(ctx: CommandContext): Promise<string> {
  const uri = await ctx.operator().tokens.assign(all, userIdOf(ctx), ctx.origin);
  return `Assigned a new token to ${ctx.subject}, in new-PIN mode.\nLoad it into an authenticator app: ${uri}\n${await qrCode(uri)}`;
}

/**
 * The URI as a QR code for a terminal. The package is the CLI's alone, so it is a development dependency, kept out
 * of the service's runtime closure: an install without it prints the URI only.
 */
export async function qrCode(uri: string): Promise<string> {
  try {
    const { default: QRCode } = await import('qrcode');
    return await QRCode.toString(uri, { type: 'terminal', small: true });
  } catch {
    return '(install the development dependencies for a QR code)';
  }
}

async function tokenCode(ctx: CommandContext): Promise<string> {
  if (!ctx.demo) throw new UsageError('tokens code is for demo mode only (PORTAL_DEMO=true)');
  const user = await ctx.operator().users.get(all, userIdOf(ctx));
  const account = (await ctx.accounts.findByUserId(user.userId))!;
  const code = await currentCode(storesOf(ctx.database).tokens, ctx.keys().seal, account.id, ctx.now);
  if (!code) throw new UsageError(`user "${ctx.subject}" has no token`);
  return code;
}

async function exportCobrand(ctx: CommandContext): Promise<string> {
  if (!ctx.subject) throw new UsageError('a cobrand name is required');
  return JSON.stringify(await ctx.operator().cobrands.get(all, ctx.subject), null, 2);
}

const apiKeys = (ctx: CommandContext) => new ApiKeys(ctx.database.db, ctx.keys().apiKey, () => ctx.now);

/** Makes a key and prints it alone on the last line, for a script to take; only its hash is kept. */
async function createApiKey(ctx: CommandContext): Promise<string> {
  const { name, scopes } = ctx.options;
  if (!name || !scopes) throw new UsageError('--name <name> and --scopes <list> are required');
  const cobrands = ctx.options.cobrand ?? [];
  const known = new Set((await storesOf(ctx.database).cobrands.list()).map((c) => c.name));
  const unknown = cobrands.find((c) => !known.has(c));
  if (unknown) throw new UsageError(`no cobrand "${unknown}"`);
  const list = scopes.split(/[\s,]+/).filter(Boolean);
  const key = await apiKeys(ctx).create({ name, scopes: list, cobrands }, ctx.operator().auditLog, ctx.origin);
  const covers = cobrands.length ? `the users of ${cobrands.join(', ')}` : 'the users of every cobrand';
  return `Created the API key "${name}" (${list.join(', ')}; ${covers}). It is shown this once:\n${key}`;
}

async function listApiKeys(ctx: CommandContext): Promise<string> {
  const rows = await apiKeys(ctx).list();
  const line = (k: Awaited<ReturnType<ApiKeys['list']>>[number]) =>
    `${k.name.padEnd(24)} ${(k.revokedAt ? `revoked ${k.revokedAt}` : 'in use').padEnd(33)} ${k.scopes.join(',').padEnd(40)} ${k.cobrands?.join(',') ?? '(all cobrands)'}`;
  return rows.map(line).join('\n') || 'No API keys.';
}

async function revokeApiKey(ctx: CommandContext): Promise<string> {
  if (!ctx.subject) throw new UsageError("a key's name is required");
  await apiKeys(ctx).revoke(ctx.subject, ctx.operator().auditLog, ctx.origin);
  return `Revoked the API key "${ctx.subject}": calls with it are refused from now on.`;
}

/**
 * `users import --file [--from-line n]`: one user a JSON line, with the old directory's password hash; bad lines
 * named, the rest in; how far it got when an outage stopped it (cli-import.ts).
 */
async function importUserFile(ctx: CommandContext): Promise<string> {
  const { file, 'from-line': from = '1' } = ctx.options;
  if (!file) throw new UsageError('--file <users.jsonl> is required');
  if (!/^[1-9][0-9]{0,8}$/.test(from)) throw new UsageError('--from-line must be a line number of the file');
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UsageError(`cannot read ${file}`);
  });
  const cobrands = storesOf(ctx.database).cobrands;
  const audit = ctx.operator().auditLog;
  const tracker = importTracker(file, ctx.progress);
  const { imported, refused } = await importUsers(fromLine(text, Number(from)), {
    accounts: ctx.accounts,
    identityKey: ctx.keys().userIdentity,
    now: ctx.now,
    onLine: tracker.onLine,
    cobrandExists: async (name) => (await cobrands.find(name)) !== null,
    addAudited: (write) =>
      ctx.database.db.transaction().execute(async (trx) => {
        await audit.recordMany('account.added', await write(trx), { origin: ctx.origin, trx });
      }),
  }).catch((error: unknown) => {
    throw tracker.stopped(error);
  });
  const lines = refused.map(({ line, problem }) => `line ${line}: ${problem}`);
  return [...lines, `Imported ${imported} users; ${refused.length} lines refused.`].join('\n');
}

/** `users unchecked-hashes`: the users whose stored imported hash the sign-in does not check, and why. */
async function listUnchecked(ctx: CommandContext): Promise<string> {
  const unchecked = await storesOf(ctx.database).importClasses.unchecked();
  const lines = unchecked.map(
    ({ userId, cobrand, problem }) => `${userId.padEnd(20)} ${cobrand.padEnd(12)} ${problem}`,
  );
  return lines.join('\n') || 'Every stored imported hash is checked at sign-in.';
}

/** `users reset-password`: a new temporary password in place of the user's, printed this once. */
async function resetPassword(ctx: CommandContext): Promise<string> {
  const { temporaryPassword } = await ctx.operator().users.resetPassword(all, userIdOf(ctx), ctx.origin);
  return `Gave ${ctx.subject} the temporary password ${temporaryPassword} (to be changed at the next sign-in).`;
}

/** A command that changes one user and prints what it did. */
const onUser =
  (change: (ctx: CommandContext, userId: string) => Promise<unknown>, said: (ctx: CommandContext) => string): Command =>
  async (ctx) => {
    await change(ctx, userIdOf(ctx));
    return said(ctx);
  };

export const COMMANDS: Readonly<Record<string, Command>> = {
  'db migrate': async ({ database }) => {
    const applied = await prepareDatabase(database);
    return applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.';
  },
  'users add': addUser,
  'users list': listUsers,
  'users import': importUserFile,
  'users unchecked-hashes': listUnchecked,
  'users reset-password': resetPassword,
  'users unlock': onUser(
    (ctx, id) => ctx.operator().users.unlock(all, id, ctx.origin),
    (ctx) => `Unlocked ${ctx.subject}.`,
  ),
  'users deactivate': onUser(
    (ctx, id) => ctx.operator().users.deactivate(all, id, ctx.origin),
    (ctx) => `Deactivated ${ctx.subject}, ended their sessions and forgot their devices.`,
  ),
  'users reactivate': onUser(
    (ctx, id) => ctx.operator().users.reactivate(all, id, ctx.origin),
    (ctx) => `${ctx.subject} is active (and known to provisioning, if it had deleted them).`,
  ),
  'users expire-password': onUser(
    (ctx, id) => ctx.operator().users.expirePassword(all, id, ctx.origin),
    (ctx) => `Expired the password of ${ctx.subject}; the next sign-in leads to change password.`,
  ),
  'users set-question': setQuestion,
  'users set-name': setName,
  'users link-sso': linkSso,
  'audit list': listAudit,
  'audit export': exportAudit,
  'tokens assign': assignUserToken,
  'tokens at-server': onUser(
    (ctx, id) => ctx.operator().tokens.atServer(all, id, ctx.origin),
    (ctx) =>
      `${ctx.subject} now signs in with the PIN and tokencode of the token the bank's token server holds (RADIUS).`,
  ),
  'tokens reset-pin': onUser(
    (ctx, id) => ctx.operator().tokens.resetPin(all, id, ctx.origin),
    (ctx) => `Reset the PIN of ${ctx.subject}: the next sign-in with a tokencode alone sets a new one.`,
  ),
  'tokens unassign': onUser(
    (ctx, id) => ctx.operator().tokens.unassign(all, id, ctx.origin),
    (ctx) => `Removed the token of ${ctx.subject}; they sign in with their password again.`,
  ),
  'tokens code': tokenCode,
  'cobrands list': async (ctx) => {
    const rows = await ctx.operator().cobrands.list(all);
    return rows.map((r) => `${r.name.padEnd(20)} ${r.abbreviation}`).join('\n') || 'No cobrands.';
  },
  'cobrands import': async (ctx) => {
    const names = await ctx.operator().cobrands.importCatalogue(ctx.origin, ctx.subject);
    return `Imported ${names.length} cobrands: ${names.join(', ')}`;
  },
  'cobrands export': exportCobrand,
  'api-keys create': createApiKey,
  'api-keys list': listApiKeys,
  'api-keys revoke': revokeApiKey,
};
