/**
 * SCIM's Users on the operator's services (the same the admin API and the command line call, audited alike): scimmy
 * checks bodies against the schema, parses filters and applies PATCH operations; the portal's services do the rest.
 * Every value is checked before the first change, so a refused call changes nothing.
 */
import SCIMMY from 'scimmy';
import { namesSameUser } from '../account/index.js';
import type { AdminOperations, UserView } from '../admin/index.js';
import type { Origin } from '../db/audit-log.js';
import type { OperatorScope } from '../refusal.js';
import { ScimError } from './errors.js';
import { criteriaOf } from './filter.js';
import { listingOf, PageCursors } from './page-cursors.js';
import { ENTERPRISE_USER, MAX_RESULTS } from './scimmy-setup.js';
import { scimAnswer, scimUser, type Wanted, wantedOf } from './user-mapping.js';

export interface Caller {
  scope: OperatorScope;
  origin: Origin;
}

export interface ListQuery {
  filter?: unknown;
  startIndex?: unknown;
  count?: unknown;
  attributes?: unknown;
  excludedAttributes?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** scimmy reports a value of the wrong type as a TypeError: the caller's bad value, answered as invalidValue. */
function checked<T>(read: () => T, scimType: 'invalidValue' | 'invalidFilter' = 'invalidValue'): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof TypeError) throw new ScimError(400, scimType, error.message);
    throw error;
  }
}

const whole = (value: unknown, fallback: number) => {
  const number = typeof value === 'string' && /^-?\d{1,9}$/.test(value) ? Number(value) : fallback;
  return Number.isInteger(number) ? number : fallback;
};

const MANAGER = `${ENTERPRISE_USER}:manager`.toLowerCase();

/**
 * Entra ID's forms of two values, read as what they mean: `active: "False"` (the boolean as text), and the manager as
 * the bare ID of the manager (`"path": "…enterprise:2.0:User:manager", "value": "<id>"`) rather than `{ value }`.
 */
function entraForms(operation: unknown): unknown {
  if (!isObject(operation)) return operation;
  const fix = (v: unknown) => (typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v);
  const { path, value } = operation;
  const at = typeof path === 'string' ? path.toLowerCase() : undefined;
  if (at === 'active') return { ...operation, value: fix(value) };
  if (at === MANAGER && typeof value === 'string') return { ...operation, value: { value } };
  if (path === undefined && isObject(value) && 'active' in value)
    return { ...operation, value: { ...value, active: fix(value.active) } };
  return operation;
}

type Users = AdminOperations['users'];

/** The changes a User asks of an existing user, checked whole before the first is made. */
async function apply(users: Users, caller: Caller, current: UserView, wanted: Wanted): Promise<UserView> {
  // The user ID is checked as on creation (invisible characters refused: invalidValue), then must name this user.
  if (!namesSameUser(wanted.userName, current.userId)) throw new ScimError(400, 'mutability', 'userName cannot change');
  if (wanted.cobrand !== undefined && wanted.cobrand !== current.cobrand)
    throw new ScimError(400, 'mutability', 'cobrand cannot change');
  if (wanted.password !== undefined || wanted.passwordHash !== undefined)
    throw new ScimError(400, 'invalidValue', 'A password can be given only when the user is created');
  const change = {
    ...(wanted.name !== undefined && wanted.name !== current.name ? { name: wanted.name } : {}),
    ...(wanted.email !== undefined && wanted.email !== current.email ? { email: wanted.email } : {}),
    ...(wanted.externalId !== undefined && wanted.externalId !== current.externalId
      ? { externalId: wanted.externalId }
      : {}),
  };
  let user = current;
  if (Object.keys(change).length) user = await users.change(caller.scope, user.userId, change, caller.origin);
  const active = user.status !== 'inactive';
  if (wanted.active === false && active) user = (await users.deactivate(caller.scope, user.userId, caller.origin)).user;
  if (wanted.active === true && !active) user = await users.reactivate(caller.scope, user.userId, caller.origin);
  return user;
}

/** A body's enterprise manager given as the bare ID (Entra ID's way) read as `{ value }`. */
function managerAsObject(body: Record<string, unknown>): Record<string, unknown> {
  const enterprise = body[ENTERPRISE_USER];
  if (!isObject(enterprise) || typeof enterprise.manager !== 'string') return body;
  return { ...body, [ENTERPRISE_USER]: { ...enterprise, manager: { value: enterprise.manager } } };
}

const incoming = (body: unknown) => {
  if (!isObject(body)) throw new ScimError(400, 'invalidSyntax', 'The body must be a User object');
  return wantedOf(checked(() => new SCIMMY.Schemas.User(managerAsObject(body), 'in')));
};

/**
 * A user SCIM knows: one deleted over SCIM is unknown to it from then on (RFC 7644 §3.6), while the portal keeps the
 * record, inactive, for the audit trail (an operator's reactivate brings it back).
 */
async function live(users: Users, caller: Caller, userId: string): Promise<UserView> {
  const user = await users.get(caller.scope, userId);
  if (user.deletedAt) throw new ScimError(404, null, `no user "${userId}"`);
  return user;
}

/** The query's `attributes`, `excludedAttributes` and `filter`, parsed by scimmy (paging is read here). */
function parsedQuery(query: ListQuery, keys: (keyof ListQuery)[]) {
  const params = Object.fromEntries(keys.filter((key) => typeof query[key] === 'string').map((k) => [k, query[k]]));
  return checked(() => new SCIMMY.Resources.User(params as never), 'invalidFilter');
}

export function scimUsers(operations: AdminOperations) {
  const users = operations.users;
  const cursors = new PageCursors();

  return {
    async create(caller: Caller, body: unknown) {
      const wanted = incoming(body);
      const only = caller.scope.cobrands?.length === 1 ? caller.scope.cobrands[0] : undefined;
      const cobrand = wanted.cobrand ?? only;
      if (!cobrand) throw new ScimError(400, 'invalidValue', 'cobrand (in the portal extension) is required');
      if (!wanted.email) throw new ScimError(400, 'invalidValue', "emails needs the user's address");
      const input = { userId: wanted.userName, email: wanted.email, cobrand, name: wanted.name };
      const externalId = wanted.externalId ?? undefined;
      const password = { password: wanted.password, passwordHash: wanted.passwordHash };
      // Without either, the temporary password made is never shown: the user signs in through their bank's identity
      // provider, or an operator gives them a password.
      const { user } = await users.create(caller.scope, { ...input, ...password, externalId }, caller.origin);
      if (wanted.active === false) return (await users.deactivate(caller.scope, user.userId, caller.origin)).user;
      return user;
    },

    get: (caller: Caller, userId: string) => live(users, caller, userId),

    async replace(caller: Caller, userId: string, body: unknown) {
      const wanted = incoming(body);
      return apply(users, caller, await live(users, caller, userId), wanted);
    },

    async patch(caller: Caller, userId: string, body: unknown) {
      if (!isObject(body)) throw new ScimError(400, 'invalidSyntax', 'The body must be a PatchOp message');
      const operations = Array.isArray(body.Operations) ? body.Operations.map(entraForms) : body.Operations;
      const message = checked(() => new SCIMMY.Messages.PatchOp({ ...body, Operations: operations } as never));
      const current = await live(users, caller, userId);
      let target: InstanceType<typeof SCIMMY.Schemas.User> | undefined;
      // The patched User is only taken here; the changes are made after, each value checked first.
      await message
        .apply(scimUser(current), async (patched) => {
          target = patched as typeof target;
          return patched;
        })
        .catch((error: unknown) => {
          if (error instanceof TypeError) throw new ScimError(400, 'invalidValue', error.message);
          throw error;
        });
      if (!target) return current;
      // The patched user is whole: an externalId it lacks was removed.
      const wanted = wantedOf(target);
      return apply(users, caller, current, { ...wanted, externalId: wanted.externalId ?? null });
    },

    async remove(caller: Caller, userId: string) {
      await live(users, caller, userId);
      await users.delete(caller.scope, userId, caller.origin);
    },

    /**
     * One page of the users a filter selects, by index (startIndex from 1), with their total: the page begun by key
     * where this listing's last page ended (page-cursors.ts), the total from the counts the database keeps.
     */
    async list(caller: Caller, query: ListQuery) {
      const resource = parsedQuery(query, ['filter', 'attributes', 'excludedAttributes']);
      const startIndex = Math.max(whole(query.startIndex, 1), 1);
      const count = Math.min(Math.max(whole(query.count, 100), 0), MAX_RESULTS);
      const criteria = { ...criteriaOf(resource.filter), deleted: false };
      const total = await users.count(caller.scope, criteria);
      let found: UserView[] = [];
      if (count > 0 && startIndex <= total) {
        const listing = listingOf(caller.scope.cobrands, criteria);
        const from = cursors.from(listing, startIndex);
        const page = await users.search(caller.scope, { ...criteria, ...from, limit: count });
        if (page.last) cursors.remember(listing, startIndex + page.users.length, page.last);
        found = page.users;
      }
      const list = new SCIMMY.Messages.ListResponse(
        // The list holds what it is given: users written out as scimmy writes them (user-mapping.ts).
        found.map((u) => scimAnswer(u, resource.attributes)) as never,
        { startIndex: 1, count: Math.max(count, 1), totalResults: total },
      );
      // Built from one page, the message is told its place afterwards (scimmy would slice the page again).
      return Object.assign(list, { startIndex, itemsPerPage: found.length });
    },

    attributesOf: (query: ListQuery) => parsedQuery(query, ['attributes', 'excludedAttributes']).attributes,
  };
}

export type ScimUsers = ReturnType<typeof scimUsers>;
