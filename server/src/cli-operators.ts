/**
 * `npm run portal -- operators ...`: the help desk's operators (staff/), who sign in to the console on the admin
 * listener. Each change is audited with the administrator who ran it, as every command's is.
 */
import { type CommandContext, qrCode, UsageError } from './cli-commands.js';
import { type OperatorListing, ROLES } from './staff/index.js';
import { staffServices } from './staff-services.js';

type Command = (ctx: CommandContext) => Promise<string>;

const staff = (ctx: CommandContext) =>
  staffServices(ctx.database, ctx.keys(), () => ctx.now, ctx.operator().auditLog).admin;

function nameOf(ctx: CommandContext): string {
  if (!ctx.subject) throw new UsageError("an operator's name is required");
  return ctx.subject;
}

const covers = (cobrands: readonly string[] | null) => (cobrands?.length ? cobrands.join(', ') : 'every cobrand');

/** Adds an operator; prints the password (unless given) and the authenticator's URI and QR code, this once. */
async function addOperator(ctx: CommandContext): Promise<string> {
  const name = nameOf(ctx);
  const role = ctx.options.role;
  if (!role) throw new UsageError(`--role <${ROLES.join('|')}> is required`);
  const cobrands = ctx.options.cobrand ?? [];
  const given = { name, role, cobrands, password: ctx.options.password };
  const { password, uri, ...added } = await staff(ctx).add(given, ctx.origin);
  return [
    `Added the operator ${added.name} (${role}; ${covers(cobrands)}).`,
    ...(ctx.options.password === undefined ? [`Their password, shown this once: ${password}`] : []),
    "Load their second factor into the operator's authenticator app (6-digit codes every 30 s), shown this once:",
    uri,
    await qrCode(uri),
  ].join('\n');
}

async function listOperators(ctx: CommandContext): Promise<string> {
  const line = (o: OperatorListing) => {
    const state = o.lockedAt ? `locked since ${o.lockedAt}` : `active, ${o.failedAttempts} wrong tries`;
    return `${o.name.padEnd(20)} ${o.role.padEnd(9)} ${state.padEnd(38)} ${covers(o.cobrands)}`;
  };
  return (await staff(ctx).list()).map(line).join('\n') || 'No operators.';
}

async function removeOperator(ctx: CommandContext): Promise<string> {
  await staff(ctx).remove(nameOf(ctx), ctx.origin);
  return `Removed the operator ${ctx.subject}: their console sessions are ended, and they cannot sign in.`;
}

async function unlockOperator(ctx: CommandContext): Promise<string> {
  await staff(ctx).unlock(nameOf(ctx), ctx.origin);
  return `Unlocked the operator ${ctx.subject} and cleared their wrong tries.`;
}

/** The code the operator's app shows now: demo mode only, as `tokens code`. */
async function operatorCode(ctx: CommandContext): Promise<string> {
  if (!ctx.demo) throw new UsageError('operators code is for demo mode only (PORTAL_DEMO=true)');
  return staff(ctx).currentCode(nameOf(ctx));
}

export const OPERATOR_COMMANDS: Readonly<Record<string, Command>> = {
  'operators add': addOperator,
  'operators list': listOperators,
  'operators remove': removeOperator,
  'operators unlock': unlockOperator,
  'operators code': operatorCode,
};
