/**
 * What an administrator does to the operators, at the command line and in the demo's start: add (the password and the
 * authenticator's secret answered this once), list, remove, unlock, and in demo mode read the code an app shows now.
 * Each change commits with its audit event.
 */
import { randomInt } from 'node:crypto';
import type { Origin } from '../db/audit-log.js';
import { Refusal } from '../refusal.js';
import { newId } from '../security/ids.js';
import { hashSecret } from '../security/passwords.js';
import { openSealed, seal } from '../security/sealed-box.js';
import { authenticatorUri, codeAt, newSecret, stepAt } from './authenticator.js';
import { cobrandsOf, nameKeyOf, operatorNameOf, storedCobrands } from './operator-names.js';
import type { ConsoleSessionDeps } from './console-sessions.js';
import type { OperatorRow } from './staff-store.js';
import type { OperatorRole } from './staff.table.js';

export const ROLES: readonly OperatorRole[] = ['helpdesk', 'admin', 'auditor'];
/** A password an administrator chooses is at least this long; a generated one is longer. */
export const MIN_PASSWORD_LENGTH = 12;

/** What the console's sessions need, and whether a cobrand exists (an operator is kept to existing ones). */
export interface StaffDeps extends ConsoleSessionDeps {
  cobrandExists: (name: string) => Promise<boolean>;
}

export interface NewOperator {
  name: string;
  role: string;
  /** None: every cobrand. */
  cobrands: readonly string[];
  /** None: one is generated and answered. */
  password?: string | undefined;
}

export interface OperatorListing {
  name: string;
  role: OperatorRole;
  cobrands: string[] | null;
  failedAttempts: number;
  lockedAt: string | null;
  createdAt: string;
}

/** 20 characters of an alphabet without look-alikes (no 0/O, 1/l/I), in groups of five: about 100 bits. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const generatedPassword = (): string =>
  Array.from({ length: 4 }, () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join(
    '-',
  );

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

const listing = (row: OperatorRow): OperatorListing => ({
  name: row.name,
  role: row.role,
  cobrands: cobrandsOf(row.cobrands),
  failedAttempts: Number(row.failed_attempts),
  lockedAt: iso(row.locked_at),
  createdAt: iso(row.created_at)!,
});

export class StaffAdmin {
  constructor(private readonly deps: StaffDeps) {}

  /** Adds an operator; answers the password (generated when none was given) and the authenticator's URI, this once. */
  async add(given: NewOperator, origin: Origin): Promise<{ name: string; password: string; uri: string }> {
    const { store, audit, clock } = this.deps;
    const name = await this.newName(given.name);
    const role = given.role.trim() as OperatorRole;
    if (!ROLES.includes(role)) throw new Refusal('invalid', `must be one of ${ROLES.join(', ')}`, 'role');
    for (const cobrand of given.cobrands)
      if (!(await this.deps.cobrandExists(cobrand))) throw new Refusal('invalid', `no cobrand "${cobrand}"`, 'cobrand');
    const password = given.password ?? generatedPassword();
    if ([...password].length < MIN_PASSWORD_LENGTH || !password.trim())
      throw new Refusal('invalid', `must be at least ${MIN_PASSWORD_LENGTH} characters`, 'password');
    const secret = newSecret();
    const now = clock();
    const cobrands = storedCobrands(given.cobrands);
    const row = {
      ...{ id: newId(), name, name_key: nameKeyOf(name), role, cobrands },
      ...{ password_hash: await hashSecret(password), totp_sealed: seal(this.deps.sealKey, secret), totp_last_step: 0 },
      ...{ failed_attempts: 0, locked_at: null, created_at: now, updated_at: now },
    };
    await this.deps.db.transaction().execute(async (trx) => {
      await store.insert(row, trx);
      await audit.record('operator.added', null, { operator: name, role, cobrands: cobrands || '*' }, { origin, trx });
    });
    return { name, password, uri: authenticatorUri(secret, name) };
  }

  async list(): Promise<OperatorListing[]> {
    return (await this.deps.store.list()).map(listing);
  }

  /** The operator the name names (in any case), or null: a value that is no operator name names nobody. */
  async get(given: string): Promise<OperatorListing | null> {
    let key: string;
    try {
      key = nameKeyOf(operatorNameOf(this.deps.names, given));
    } catch {
      return null;
    }
    const row = await this.deps.store.findByKey(key);
    return row ? listing(row) : null;
  }

  /** Removes the operator: their sessions end, and their name is free again. */
  async remove(given: string, origin: Origin): Promise<void> {
    const operator = await this.find(given);
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.store.remove(operator.id, trx))) throw this.unknown(given);
      await this.deps.audit.record('operator.removed', null, { operator: operator.name }, { origin, trx });
    });
  }

  async unlock(given: string, origin: Origin): Promise<void> {
    const operator = await this.find(given);
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.store.unlock(operator.id, this.deps.clock(), trx)))
        throw new Refusal('conflict', `operator "${operator.name}" is not locked`);
      await this.deps.audit.record('operator.unlocked', null, { operator: operator.name }, { origin, trx });
    });
  }

  /** The code the operator's app shows now (demo mode only: the caller checks). */
  async currentCode(given: string): Promise<string> {
    const operator = await this.find(given);
    return codeAt(openSealed(this.deps.sealKey, operator.totp_sealed), stepAt(this.deps.clock()));
  }

  /** The authenticator's URI, read back (the demo's start banner shows the demo operators'); null for no operator. */
  async uriOf(given: string): Promise<string | null> {
    const operator = await this.deps.store.findByKey(nameKeyOf(operatorNameOf(this.deps.names, given)));
    return operator ? authenticatorUri(openSealed(this.deps.sealKey, operator.totp_sealed), operator.name) : null;
  }

  private async find(given: string): Promise<OperatorRow> {
    const name = operatorNameOf(this.deps.names, given);
    const operator = await this.deps.store.findByKey(nameKeyOf(name));
    if (!operator) throw this.unknown(name);
    return operator;
  }

  private unknown = (name: string) => new Refusal('not-found', `no operator "${name}"`);

  /** A new name in its one form, unlike every other operator's (in case, or in looks). */
  private async newName(given: string): Promise<string> {
    const name = operatorNameOf(this.deps.names, given);
    const skeleton = this.deps.names.skeleton(name);
    for (const other of await this.deps.store.list()) {
      if (other.name_key === nameKeyOf(name))
        throw new Refusal('conflict', `an operator named "${other.name}" exists already`, 'operator');
      if (this.deps.names.skeleton(other.name) === skeleton)
        throw new Refusal('conflict', `operator name "${name}" looks like "${other.name}"; choose another`, 'operator');
    }
    return name;
  }
}
