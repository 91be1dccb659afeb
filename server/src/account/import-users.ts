/**
 * Users brought over with the password hashes the old directory held (issue 36): one JSON object a line. Each line is
 * checked and written on its own, with its audit event, in one transaction: a bad line is reported by its number and
 * changes nothing, and the others are imported.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { ALL_COBRANDS, Refusal } from '../refusal.js';
import type { AccountStore } from './account-store.js';
import { createAccount } from './create-account.js';
import { HashFormatError } from './imported-hashes.js';
import { checkNewUser, type NewUser, unlikeOthers } from './provisioning-input.js';

export interface ImportDeps {
  accounts: AccountStore;
  identityKey: Buffer;
  /** Whether the cobrand is in the catalogue (the cobrand capability answers; the caller asks it). */
  cobrandExists(name: string): Promise<boolean>;
  /** Runs `write` (which answers the new account's id) in one transaction with its `account.added` audit event. */
  addAudited(write: (trx: Transaction<Database>) => Promise<string>, detail: Record<string, string>): Promise<void>;
  now: number;
  /** Told before each line (by its number) of what was done so far: the command line's progress, and where it stopped. */
  onLine?(line: number, sofar: ImportReport): void;
}

export interface ImportReport {
  imported: number;
  refused: { line: number; problem: string }[];
}

const FIELDS = new Set(['userId', 'email', 'cobrand', 'name', 'passwordHash']);

class LineError extends Error {}

/** A refusal of the provisioning pipeline as a line's problem: a bad value reads after its field's name. */
const problemOf = (refusal: Refusal) =>
  refusal.field && refusal.message.startsWith('must') ? `${refusal.field} ${refusal.message}` : refusal.message;

export async function importUsers(text: string, deps: ImportDeps): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, refused: [] };
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    deps.onLine?.(index + 1, report);
    try {
      await importLine(line, deps);
      report.imported += 1;
    } catch (error) {
      if (!(error instanceof LineError || error instanceof Refusal)) throw error;
      report.refused.push({ line: index + 1, problem: error instanceof Refusal ? problemOf(error) : error.message });
    }
  }
  return report;
}

/** One line through the provisioning pipeline every path shares, then written with its audit event. */
async function importLine(line: string, deps: ImportDeps): Promise<void> {
  const user = await checkNewUser(ALL_COBRANDS, readLine(line), deps);
  const detail = { cobrand: user.cobrand, ...user.detail };
  try {
    await deps.addAudited((trx) => createAccount(deps.accounts, deps.identityKey, user, deps.now, trx), detail);
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
