/**
 * The cost classes of imported password hashes, per cobrand (docs/decisions.md, "Imported password hashes"): a password
 * try on a cobrand's page checks one hash of each class of that cobrand, and a cobrand holds at most four. An import
 * takes its hash's class in the account's transaction, or is refused naming the limit; a class no account holds any
 * more is let go at the next start (`settle`). Microsecond schemes ({SSHA}) take none: every try checks them all.
 */
import type { Kysely, Transaction } from 'kysely';
import { prepareQuery } from '../db/prepared-query.js';
import type { Database } from '../db/tables.js';
import { PARAMS_TAG } from '../security/passwords.js';
import { IMPORT_CEILINGS, refuse } from './import-ceilings.js';
import { type ParsedHash, parsePasswordHash } from './imported-hashes.js';

const LIMIT = IMPORT_CEILINGS.classesPerCobrand;
/** A class taken by an import this long before a start began may still be written by it: the start keeps it. */
const SETTLE_GRACE_MS = 10 * 60 * 1000;

export interface HeldClass {
  costClass: string;
  sample: string;
}

/** A stored hash the sign-in never checks (above today's ceilings, or beyond its cobrand's classes), and why. */
export interface UncheckedHash {
  userId: string;
  cobrand: string;
  problem: string;
}

interface Found {
  parsed: ParsedHash;
  users: string[];
}

/**
 * Gives `hash`'s class a slot of `cobrand` in `trx` (the account's transaction): the slot it has, or a free one; throws
 * HashFormatError, naming the limit and the classes held, when all are taken by others.
 */
export async function takeImportClass(
  trx: Transaction<Database>,
  cobrand: string,
  hash: ParsedHash,
  now: number,
): Promise<void> {
  if (hash.cheap) return;
  const mine = () =>
    trx
      .updateTable('imported_hash_class')
      .set({ used_at: now })
      .where('cobrand', '=', cobrand)
      .where('cost_class', '=', hash.costClass)
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows) > 0);
  if (await mine()) return;
  const taken = await trx
    .selectFrom('imported_hash_class')
    .select(['slot', 'cost_class as costClass'])
    .where('cobrand', '=', cobrand)
    .orderBy('slot')
    .execute();
  for (let slot = 0; slot < LIMIT; slot += 1) {
    if (taken.some((row) => row.slot === slot)) continue;
    // A concurrent import may take this slot, or this class, first: the keys settle it, and the class is looked for
    // again.
    const row = { cobrand, slot, cost_class: hash.costClass, sample: hash.stored, used_at: now };
    await trx
      .insertInto('imported_hash_class')
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    if (await mine()) return;
  }
  refuse(
    `passwordHash: its cost class ${hash.costClass} would be one more in cobrand "${cobrand}", above the import ` +
      `ceiling (at most ${LIMIT} cost classes a cobrand; it holds ${taken.map((row) => row.costClass).join(', ')})`,
  );
}

export class ImportClasses {
  private readonly held: (cobrand: string) => Promise<{ rows: HeldClass[] }>;

  constructor(private readonly db: Kysely<Database>) {
    // Every password try makes it, on the page's cobrand: one shape, compiled once.
    this.held = prepareQuery(db, (cobrand: string) =>
      db
        .selectFrom('imported_hash_class')
        .select(['cost_class as costClass', 'sample'])
        .where('cobrand', '=', cobrand)
        .orderBy('slot'),
    );
  }

  /** The classes a try on `cobrand`'s page pays for, each with a hash of it, in slot order. */
  async of(cobrand: string): Promise<HeldClass[]> {
    return (await this.held(cobrand)).rows;
  }

  /**
   * What a start does: every stored imported hash within the ceilings gets a slot of its cobrand (hashes stored before
   * slots were kept), the commonest classes first; a slot whose class no account holds any more is let go. Answers
   * the hashes the sign-in will not check: above today's ceilings, or of a class beyond a cobrand's four.
   */
  async settle(now: number): Promise<UncheckedHash[]> {
    const { byCobrand, unchecked } = await this.storedImported();
    const cobrands = new Set([...byCobrand.keys(), ...(await this.heldCobrands())]);
    for (const cobrand of cobrands) {
      const live = byCobrand.get(cobrand) ?? new Map<string, Found>();
      await this.letGo(cobrand, [...live.keys()], now - SETTLE_GRACE_MS);
      const commonestFirst = [...live.values()].sort((a, b) => b.users.length - a.users.length);
      for (const { parsed, users } of commonestFirst) {
        try {
          await this.db.transaction().execute((trx) => takeImportClass(trx, cobrand, parsed, now));
        } catch (error) {
          const problem = (error as Error).message;
          unchecked.push(...users.map((userId) => ({ userId, cobrand, problem })));
        }
      }
    }
    return unchecked;
  }

  /** The stored hashes the sign-in does not check now, read only (`users unchecked-hashes`). */
  async unchecked(): Promise<UncheckedHash[]> {
    const { byCobrand, unchecked } = await this.storedImported();
    for (const [cobrand, live] of byCobrand) {
      const held = new Set((await this.of(cobrand)).map((h) => h.costClass));
      for (const [costClass, { users }] of live)
        if (!held.has(costClass)) {
          const problem = `its cost class ${costClass} has no place among cobrand "${cobrand}"'s ${LIMIT}`;
          unchecked.push(...users.map((userId) => ({ userId, cobrand, problem })));
        }
    }
    return unchecked;
  }

  /** Every stored hash not made with today's argon2id parameters, read once: by cobrand and class, or unchecked. */
  private async storedImported() {
    const rows = await this.db
      .selectFrom('account')
      .select(['user_id', 'cobrand', 'password_hash'])
      .where('password_hash', 'not like', `${PARAMS_TAG}%`)
      .where('login_type', '=', 'password')
      .execute();
    const byCobrand = new Map<string, Map<string, Found>>();
    const unchecked: UncheckedHash[] = [];
    for (const { user_id: userId, cobrand, password_hash: stored } of rows) {
      let parsed: ParsedHash;
      try {
        parsed = parsePasswordHash(stored);
      } catch (error) {
        unchecked.push({ userId, cobrand, problem: (error as Error).message });
        continue;
      }
      if (parsed.cheap) continue;
      const classes = byCobrand.get(cobrand) ?? new Map<string, Found>();
      byCobrand.set(cobrand, classes);
      const found = classes.get(parsed.costClass) ?? { parsed, users: [] };
      classes.set(parsed.costClass, found);
      found.users.push(userId);
    }
    return { byCobrand, unchecked };
  }

  private async heldCobrands(): Promise<string[]> {
    const rows = await this.db.selectFrom('imported_hash_class').select('cobrand').distinct().execute();
    return rows.map((row) => row.cobrand);
  }

  /** Lets go of the cobrand's slots whose class no account held when read, unless an import took them since. */
  private async letGo(cobrand: string, live: string[], takenBefore: number): Promise<void> {
    let query = this.db
      .deleteFrom('imported_hash_class')
      .where('cobrand', '=', cobrand)
      .where('used_at', '<', takenBefore);
    if (live.length) query = query.where('cost_class', 'not in', live);
    await query.execute();
  }
}
