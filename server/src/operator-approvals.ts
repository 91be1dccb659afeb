/**
 * Four eyes (issue 49): a user's e-mail address changes, or every factor they sign in with is removed, only when a
 * second operator approves what a first asked. Both are operators signed in to the console (a key is a system, not a
 * second pair of eyes); an operator limited to cobrands asks, sees and decides only within them. The change itself is
 * the admin API's own (the e-mail address as `PATCH /users` sets it; passkeys and the token as their calls remove
 * them), made in the approver's name once the approval is taken, in one conditional update on any instance.
 */
import { emailOf, type AccountRow } from './account/index.js';
import type { AdminOperations, ApprovalOperations, ApprovalView } from './admin/index.js';
import type { Clock } from './clock.js';
import type { AuditLog, Origin } from './db/audit-log.js';
import type { PortalDatabase } from './db/database.js';
import { inScope, type OperatorScope, Refusal } from './refusal.js';
import { newId } from './security/ids.js';
import type { ApprovalRow } from './staff/index.js';
import type { Stores } from './stores.js';

/** An undecided change lapses after a day: the help desk's shift, and a night, are not a standing order. */
const WAITS_MS = 24 * 60 * 60_000;

type Core = Omit<AdminOperations, 'approvals'>;

export interface ApprovalParts {
  database: PortalDatabase;
  stores: Stores;
  audit: AuditLog;
  clock: Clock;
  find: (scope: OperatorScope, userId: string) => Promise<AccountRow>;
  operations: Pick<Core, 'users' | 'passkeys' | 'tokens'>;
}

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

const view = (row: ApprovalRow): ApprovalView => ({
  id: row.id,
  kind: row.kind,
  userId: row.user_id,
  cobrand: row.cobrand,
  email: (JSON.parse(row.detail) as { email?: string }).email ?? null,
  reason: row.reason,
  requestedBy: row.requested_by,
  requestedAt: iso(row.requested_at)!,
  expiresAt: iso(row.expires_at)!,
  decidedBy: row.decided_by,
  decidedAt: iso(row.decided_at),
  outcome: row.outcome,
});

/** The operator the call is made by; anyone else (an API key, the command line) is refused. */
function operatorOf(origin: Origin): string {
  const name = origin.actor?.startsWith('operator:') ? origin.actor.slice('operator:'.length) : '';
  if (!name) throw new Refusal('forbidden', 'four eyes are two operators: ask and approve in the console', 'actor');
  return name;
}

export function approvalOperations(parts: ApprovalParts): ApprovalOperations {
  const { stores, audit, clock } = parts;
  const store = stores.approvals;
  /** The change, if the scope covers its user; unknown otherwise, as another bank's user is. */
  const visible = async (scope: OperatorScope, id: string) => {
    const row = await store.find(id);
    if (!row || !inScope(scope, row.cobrand)) throw new Refusal('not-found', `no change "${id}" waiting`);
    return row;
  };
  const decided = async (scope: OperatorScope, id: string, outcome: 'approved' | 'declined', by: string) => {
    if (!(await store.decide(id, outcome, by, clock())))
      throw new Refusal('conflict', 'this change was decided meanwhile, or has lapsed');
    return view((await visible(scope, id))!);
  };
  return {
    request: (scope, userId, given, origin) => ask(parts, scope, userId, given, origin),
    waiting: async (scope, userId) => {
      const accountId = userId === undefined ? undefined : (await parts.find(scope, userId)).id;
      return (await store.waiting(clock(), { cobrands: scope.cobrands, accountId })).map(view);
    },
    approve: async (scope, id, origin) => {
      const approver = operatorOf(origin);
      const row = await visible(scope, id);
      if (row.requested_by === approver)
        throw new Refusal('conflict', 'a second operator approves a change, not the one who asked for it');
      const answer = await decided(scope, id, 'approved', approver);
      try {
        await make(parts, scope, row, origin);
      } catch (error) {
        await store.reopen(id);
        throw error;
      }
      await audit.record('approval.approved', row.account_id, detailOf(row), { origin });
      return answer;
    },
    decline: async (scope, id, origin) => {
      const row = await visible(scope, id);
      const answer = await decided(scope, id, 'declined', operatorOf(origin));
      await audit.record('approval.declined', row.account_id, detailOf(row), { origin });
      return answer;
    },
  };
}

const detailOf = (row: ApprovalRow) => ({
  approval: row.id,
  change: row.kind,
  requestedBy: `operator:${row.requested_by}`,
});

async function ask(
  parts: ApprovalParts,
  scope: OperatorScope,
  userId: string,
  given: { kind: ApprovalRow['kind']; email?: string | undefined },
  origin: Origin,
): Promise<ApprovalView> {
  const asker = operatorOf(origin);
  const account = await parts.find(scope, userId);
  const email = given.kind === 'email.change' ? emailOf(given.email) : undefined;
  if (email !== undefined && email === account.email)
    throw new Refusal('conflict', `the e-mail address of "${account.user_id}" is ${email} already`, 'email');
  const now = parts.clock();
  if (
    (await parts.stores.approvals.waiting(now, { cobrands: null, accountId: account.id })).some(
      (w) => w.kind === given.kind,
    )
  )
    throw new Refusal('conflict', 'the same change waits for a second operator already');
  const row = {
    ...{ id: newId(), kind: given.kind, account_id: account.id, cobrand: account.cobrand },
    ...{ detail: JSON.stringify(email === undefined ? {} : { email }), reason: origin.reason ?? '' },
    ...{ requested_by: asker, requested_at: now, expires_at: now + WAITS_MS },
    ...{ decided_by: null, decided_at: null, outcome: null },
  };
  const event = {
    kind: 'approval.requested' as const,
    accountId: account.id,
    detail: { approval: row.id, change: row.kind },
  };
  await parts.audit.recordWith(event, origin, async (trx) => {
    await parts.stores.approvals.insert(row, trx);
    return true;
  });
  return view({ ...row, user_id: account.user_id });
}

/** Makes the approved change, in the approver's name, through the admin API's own operations. */
async function make(parts: ApprovalParts, scope: OperatorScope, row: ApprovalRow, origin: Origin): Promise<void> {
  const { users, passkeys, tokens } = parts.operations;
  if (row.kind === 'email.change') {
    await users.change(scope, row.user_id, { email: (JSON.parse(row.detail) as { email: string }).email }, origin);
    return;
  }
  const account = await parts.find(scope, row.user_id);
  for (const passkey of await passkeys.list(scope, row.user_id))
    await passkeys.remove(scope, row.user_id, passkey.id, origin);
  if (account.login_type === 'token') await tokens.unassign(scope, row.user_id, origin);
  const { recoveryCodes, devices, sessions } = parts.stores;
  await parts.database.db.transaction().execute(async (trx) => {
    const detail = {
      recoveryCodes: await recoveryCodes.left(account.id, trx),
      devices: await devices.forgetAllFor(account.id, undefined, trx),
      sessions: await sessions.deleteForAccount(account.id, trx),
    };
    await recoveryCodes.replace(account.id, [], parts.clock(), trx);
    await parts.audit.record('account.factors.removed', account.id, detail, { origin, trx });
  });
}
