/**
 * Who may reach the admin listener, as the admin API's `access` calls manage it (the console's administrators): the
 * console's operators (staff/) and the API keys (admin/). Nobody gives what they lack: a new operator's role has no
 * scope the giver has not, a new key no scope, and either only cobrands the giver covers; "every cobrand" only from a
 * giver of every cobrand. A giver sees and changes only the operators and keys within its own cobrands, and an
 * operator does not remove or unlock themselves.
 */
import type { AccessOperations, ApiKeys, Grantor, Scope } from './admin/index.js';
import type { AuditLog, Origin } from './db/audit-log.js';
import { Refusal } from './refusal.js';
import type { OperatorRole, StaffAdmin } from './staff/index.js';

/**
 * What each role may do (issue 49): the help desk finds users and acts on them; an admin also reads the audit, manages
 * the cobrand catalogue and who may reach the listener (and may give a key SCIM's scope); an auditor reads.
 */
export const ROLE_SCOPES: Record<OperatorRole, readonly Scope[]> = {
  helpdesk: ['users:read', 'users:write', 'cobrands:read'],
  admin: ['users:read', 'users:write', 'audit:read', 'cobrands:read', 'cobrands:write', 'scim', 'access'],
  auditor: ['users:read', 'audit:read', 'cobrands:read'],
};

export interface AccessParts {
  staff: StaffAdmin;
  keys: ApiKeys;
  audit: AuditLog;
}

/** Whether the giver covers every cobrand of `cobrands` (null or none: every cobrand). */
const covers = (giver: Grantor, cobrands: readonly string[] | null): boolean =>
  giver.cobrands === null || (!!cobrands?.length && cobrands.every((c) => giver.cobrands!.includes(c)));

function mayGive(giver: Grantor, scopes: readonly Scope[], cobrands: readonly string[], field: string): void {
  const lacking = scopes.filter((scope) => !giver.scopes.has(scope));
  if (lacking.length) throw new Refusal('forbidden', `you may not give ${lacking.join(', ')}`, field);
  if (!covers(giver, cobrands))
    throw new Refusal('forbidden', 'you may not give a cobrand you do not cover, nor every cobrand', 'cobrands');
}

const notYourself = (origin: Origin, name: string) => {
  if (origin.actor === `operator:${name}`) throw new Refusal('conflict', 'an operator does not change themselves here');
};

export function accessOperations({ staff, keys, audit }: AccessParts): AccessOperations {
  /** The operator, answered as unknown outside the giver's cobrands. */
  const operator = async (giver: Grantor, name: string) => {
    const found = await staff.get(name);
    if (!found || !covers(giver, found.cobrands)) throw new Refusal('not-found', `no operator "${name}"`);
    return found;
  };
  return {
    operators: async (giver) => (await staff.list()).filter((o) => covers(giver, o.cobrands)),
    addOperator: async (giver, given, origin) => {
      const cobrands = given.cobrands ?? [];
      mayGive(giver, ROLE_SCOPES[given.role], cobrands, 'role');
      const { name, password, uri } = await staff.add({ name: given.name, role: given.role, cobrands }, origin);
      return { name, password, otpauthUri: uri };
    },
    removeOperator: async (giver, name, origin) => {
      const found = await operator(giver, name);
      notYourself(origin, found.name);
      await staff.remove(found.name, origin);
    },
    unlockOperator: async (giver, name, origin) => {
      const found = await operator(giver, name);
      notYourself(origin, found.name);
      await staff.unlock(found.name, origin);
    },
    keys: async (giver) => (await keys.list()).filter((k) => covers(giver, k.cobrands)),
    createKey: async (giver, given, origin) => {
      const cobrands = given.cobrands ?? [];
      mayGive(giver, given.scopes, cobrands, 'scopes');
      return { name: given.name.trim(), key: await keys.create({ ...given, cobrands }, audit, origin) };
    },
    revokeKey: async (giver, name, origin) => {
      const found = (await keys.list()).find((k) => k.name === name && covers(giver, k.cobrands));
      if (!found) throw new Refusal('not-found', `no API key "${name}" in use`);
      await keys.revoke(found.name, audit, origin);
    },
  };
}
