/**
 * Users brought over with the password hashes the old directory held (issue 36): one JSON object a line. Lines are
 * written in batches, each in one transaction with its audit events (import-batch.ts): a bad line is reported by its
 * number and changes nothing, and the others are imported. A batch another writer got in the way of (a user ID taken
 * meanwhile) is written again line by line, each line alone, so that only the line at fault is refused.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { ALL_COBRANDS, Refusal } from '../refusal.js';
import type { AccountStore } from './account-store.js';
import { createAccount } from './create-account.js';
import {
  type AddedAccount,
  type CheckedLine,
  type LineRefusals,
  type TakenClasses,
  writeBatch,
} from './import-batch.js';
import { HashFormatError } from './imported-hashes.js';
import { checkNewUser, checkNewValues, type NewUser, unlikeOthers } from './provisioning-input.js';

export interface ImportDeps {
  accounts: AccountStore;
  identityKey: Buffer;
  /** Whether the cobrand is in the catalogue (the cobrand capability answers; the caller asks it). */
  cobrandExists(name: string): Promise<boolean>;
  /** Runs `write` in one transaction with an `account.added` audit event for each account it answers. */
  addAudited(write: (trx: Transaction<Database>) => Promise<AddedAccount[]>): Promise<void>;
  now: number;
  /**
   * Told before each batch (by its first line's number) of what was done so far: the command line's progress, and
   * where an outage stopped it (a batch is written whole or not at all, so it goes on from its first line).
   */
  onLine?(line: number, sofar: ImportReport): void;
}

export interface ImportReport {
  imported: number;
  refused: { line: number; problem: string }[];
}

/** Lines a transaction: what the figure in docs/benchmarks.md ("Users import") was measured with. */
export const IMPORT_BATCH = 500;

const FIELDS = new Set(['userId', 'email', 'cobrand', 'name', 'passwordHash']);

class LineError extends Error {}

/** A refusal of the provisioning pipeline as a line's problem: a bad value reads after its field's name. */
const problemOf = (refusal: Refusal) =>
  refusal.field && refusal.message.startsWith('must') ? `${refusal.field} ${refusal.message}` : refusal.message;

/** A line's own problem (its JSON, its fields, its values), or what else went wrong thrown on. */
function lineProblem(error: unknown): string {
  if (error instanceof LineError) return error.message;
  if (error instanceof Refusal) return problemOf(error);
  throw error;
}

/** What an import has done so far: its report, and the cost classes its committed batches took. */
interface ImportRun {
  report: ImportReport;
  classes: TakenClasses;
}

export async function importUsers(text: string, deps: ImportDeps): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, refused: [] };
  const run: ImportRun = { report, classes: new Map() };
  const lines = text.split(/\r?\n/);
  // The catalogue is asked once a cobrand an import, not once a line.
  const known = new Map<string, Promise<boolean>>();
  const cobrandExists = (name: string) => known.get(name) ?? known.set(name, deps.cobrandExists(name)).get(name)!;
  for (let start = 0; start < lines.length; start += IMPORT_BATCH) {
    const first = lines.slice(start, start + IMPORT_BATCH).findIndex((line) => line.trim());
    if (first < 0) continue;
    deps.onLine?.(start + first + 1, report);
    const refused: LineRefusals = [];
    const checked: CheckedLine[] = [];
    for (const [offset, text] of lines.slice(start, start + IMPORT_BATCH).entries()) {
      if (!text.trim()) continue;
      const line = start + offset + 1;
      try {
        const given = readLine(text);
        checked.push({ line, given, user: await checkNewValues(ALL_COBRANDS, given, cobrandExists) });
      } catch (error) {
        refused.push({ line, problem: lineProblem(error) });
      }
    }
    await writeLines(checked, deps, refused, run);
    report.refused.push(...refused.sort((a, b) => a.line - b.line));
  }
  return report;
}

/** The batch in one transaction; line by line, each alone, when another writer got in its way. */
async function writeLines(batch: CheckedLine[], deps: ImportDeps, refused: LineRefusals, run: ImportRun) {
  const inBatch: LineRefusals = [];
  let classes = run.classes;
  let added = 0;
  try {
    await deps.addAudited(async (trx) => {
      inBatch.length = 0;
      // What a batch takes is kept once it commits: a batch rolled back takes nothing.
      classes = new Map(run.classes);
      const accounts = await writeBatch(trx, batch, deps, { refused: inBatch, classes });
      added = accounts.length;
      return accounts;
    });
    refused.push(...inBatch);
    run.report.imported += added;
    run.classes = classes;
  } catch {
    for (const { line, given } of batch) {
      deps.onLine?.(line, run.report);
      try {
        await importLine(given, deps);
        run.report.imported += 1;
      } catch (error) {
        refused.push({ line, problem: lineProblem(error) });
      }
    }
  }
}

/** One line through the provisioning pipeline every path shares, then written alone with its audit event. */
async function importLine(given: NewUser, deps: ImportDeps): Promise<void> {
  const user = await checkNewUser(ALL_COBRANDS, given, deps);
  const detail = { cobrand: user.cobrand, ...user.detail };
  try {
    await deps.addAudited(async (trx) => [
      { accountId: await createAccount(deps.accounts, deps.identityKey, user, deps.now, trx), detail },
    ]);
  } catch (error) {
    // A fifth cost class of imported hashes in the cobrand, taken with the account (import-classes.ts): the line's.
    if (error instanceof HashFormatError) throw new LineError(error.message);
    // Another line, or another administrator, took the user ID (or one like it) meanwhile: a unique key refused it.
    await unlikeOthers(deps.accounts, user.userId);
    throw error;
  }
}

/** One line's object: known fields only, each text a string; the pipeline checks the values. */
function readLine(line: string): NewUser {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new LineError('not a JSON object');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new LineError('not a JSON object');
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !FIELDS.has(key));
  if (unknown.length) throw new LineError(`unknown field ${unknown.map((key) => JSON.stringify(key)).join(', ')}`);
  const text = (field: string): string => {
    const given = record[field];
    if (typeof given !== 'string') throw new LineError(`${field} must be a string`);
    return given;
  };
  const name = record.name === undefined || record.name === null ? null : text('name');
  // A line without a hash is refused by the hash's parser, as a bad one is: an import never makes a password.
  const passwordHash = record.passwordHash ?? null;
  return { userId: text('userId'), email: text('email'), cobrand: text('cobrand'), name, passwordHash };
}
