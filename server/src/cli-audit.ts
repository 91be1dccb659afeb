/** The audit commands: `audit list` and `audit export`, over the last day or a given span. */
import { userIdKey } from './account/index.js';
import { type AuditEntry, AuditLog } from './db/audit-log.js';
import { type CommandContext, UsageError } from './cli-context.js';

/** `--since`: an ISO 8601 time, or a span back from now (`90m`, `24h`, `7d`); the last 24 hours by default. */
function sinceOf(ctx: CommandContext): number {
  const given = ctx.options.since?.trim();
  if (!given) return ctx.now - 86_400_000;
  const span = /^(\d+)([mhd])$/.exec(given);
  if (span) return ctx.now - Number(span[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[span[2] as 'm' | 'h' | 'd'];
  const at = Date.parse(given);
  if (Number.isNaN(at)) throw new UsageError('--since must be a time such as 2026-11-24T09:00Z, or a span such as 24h');
  return at;
}

async function auditEntries(ctx: CommandContext) {
  const userId = ctx.options.user;
  const account = userId ? await ctx.accounts.findByUserId(userIdKey(userId)) : undefined;
  if (userId && !account) throw new UsageError(`no user "${userId}"`);
  return new AuditLog(ctx.database.db, () => ctx.now).list(sinceOf(ctx), account?.id);
}

/** One line an event: when, what, whose account, who made it or from where, its detail, then the client's agent. */
export async function listAudit(ctx: CommandContext): Promise<string> {
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
  return (await auditEntries(ctx)).map(line).join('\n') || 'No events.';
}

/** One JSON object a line, for a log pipeline or a spreadsheet. */
export async function exportAudit(ctx: CommandContext): Promise<string> {
  return (await auditEntries(ctx)).map((entry) => JSON.stringify(entry)).join('\n');
}
