/**
 * Users brought over with the password hashes the old directory held (issue 36): one JSON object a line. Each line is
 * checked and written on its own, with its audit event, in one transaction: a bad line is reported by its number and
 * changes nothing, and the others are imported.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { userIdKey } from './account-identity.js';
import type { AccountStore } from './account-store.js';
import { createAccount } from './create-account.js';
import { HashFormatError, parsePasswordHash, type ParsedHash } from './imported-hashes.js';

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

interface ImportedUser {
  userId: string;
  email: string;
  cobrand: string;
  name: string | null;
  hash: ParsedHash;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const FIELDS = new Set(['userId', 'email', 'cobrand', 'name', 'passwordHash']);

class LineError extends Error {}

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
      if (!(error instanceof LineError || error instanceof HashFormatError)) throw error;
      report.refused.push({ line: index + 1, problem: error.message });
    }
  }
  return report;
}

async function importLine(line: string, deps: ImportDeps): Promise<void> {
  const user = readLine(line);
  if (!(await deps.cobrandExists(user.cobrand))) throw new LineError(`no cobrand "${user.cobrand}"`);
  if (await deps.accounts.findByUserId(userIdKey(user.userId)))
    throw new LineError(`user "${user.userId}" already exists`);
  const input = { ...user, password: { imported: user.hash } };
  const detail = { cobrand: user.cobrand, password: 'imported', scheme: user.hash.scheme };
  try {
    await deps.addAudited((trx) => createAccount(deps.accounts, deps.identityKey, input, deps.now, trx), detail);
  } catch (error) {
    // Another line, or another administrator, took the user ID meanwhile: the unique key refused it.
    if (await deps.accounts.findByUserId(userIdKey(user.userId)))
      throw new LineError(`user "${user.userId}" already exists`);
    throw error;
  }
}

/** One line's object, checked field by field; a LineError names the first thing wrong. */
function readLine(line: string): ImportedUser {
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
  const text = (field: string, max: number): string => {
    const given = record[field];
    if (typeof given !== 'string' || !given.trim() || given.length > max || /\p{Cc}/u.test(given))
      throw new LineError(`${field} must be a string of 1 to ${max} printable characters`);
    return given.trim().replace(/\s+/g, ' ');
  };
  const userId = text('userId', 100);
  const email = text('email', 254);
  if (!EMAIL.test(email)) throw new LineError('email must be an address');
  const cobrand = text('cobrand', 100);
  const name = record.name === undefined || record.name === null ? null : text('name', 200);
  return { userId, email, cobrand, name, hash: parsePasswordHash(record.passwordHash) };
}
