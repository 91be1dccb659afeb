/** Creating an account, for every provisioning path and the demo data; answers its id. Hashes before any transaction. */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import type { AccountStatus, LoginType, PasswordState } from './account.table.js';
import { ldapIdFor, userIdKey, userIdSkeleton } from './account-identity.js';
import { nameKeyOf } from './name-key.js';
import type { AccountRow, AccountStore } from './account-store.js';
import type { ParsedHash } from './imported-hashes.js';
import { takeImportClass } from './import-classes.js';
import { hashSecret } from '../security/passwords.js';
import { newId } from '../security/ids.js';

export interface NewAccount {
  /** In its one form and unlike any other's (provisioning-input.ts checks both; the demo users are so already). */
  userId: string;
  email: string;
  /** The name mails greet the user by. */
  name?: string | null;
  cobrand: string;
  /** The password, hashed here; or a hash the old directory held (`parsePasswordHash`), kept as it is until sign-in. */
  password: string | { imported: ParsedHash };
  status?: AccountStatus;
  loginType?: LoginType;
  passwordState?: PasswordState;
  securityQuestion?: string | null;
  securityAnswer?: string | null;
  /** Counts as having signed in before (demo users), so password recovery is open to it. */
  signedInBefore?: boolean;
  /** The provisioning client's own ID of the user (SCIM `externalId`). */
  externalId?: string | null;
  /** How the password and the answer are hashed: argon2id each time (`hashSecret`) unless told (the demo's users). */
  hash?: (secret: string) => Promise<string>;
}

/** Security answers are compared after trimming, case-folding and collapsing spaces (ARCHITECTURE §3). */
export const normaliseAnswer = (answer: string): string => answer.trim().toLowerCase().replace(/\s+/g, ' ');

export async function createAccount(
  store: AccountStore,
  identityKey: Buffer,
  input: NewAccount,
  now: number,
  trx?: Transaction<Database>,
): Promise<string> {
  const id = newId();
  if (typeof input.password !== 'string') {
    // An imported hash's class is taken in its cobrand with the account, or the account is refused (import-classes.ts).
    if (!trx) throw new Error('an account with an imported hash is written in a transaction');
    await takeImportClass(trx, input.cobrand, input.password.imported, now);
  }
  const hash = input.hash ?? hashSecret;
  const passwordHash = typeof input.password === 'string' ? await hash(input.password) : input.password.imported.stored;
  const answerHash = input.securityAnswer ? await hash(normaliseAnswer(input.securityAnswer)) : null;
  const row = accountRowOf(identityKey, input, now, { id, passwordHash, answerHash });
  await store.insert(row, trx);
  return id;
}

/** A new account's row, its secrets hashed already: one shape for an account written alone or in an import's batch. */
export function accountRowOf(
  identityKey: Buffer,
  input: NewAccount,
  now: number,
  { id, passwordHash, answerHash }: { id: string; passwordHash: string; answerHash: string | null },
): AccountRow {
  return {
    id,
    user_id: input.userId.trim(),
    user_id_key: userIdKey(input.userId),
    user_id_skeleton: userIdSkeleton(input.userId),
    ldap_id: ldapIdFor(identityKey, input.userId),
    email: input.email,
    display_name: input.name?.trim() || null,
    name_key: nameKeyOf(input.name),
    cobrand: input.cobrand,
    status: input.status ?? 'active',
    login_type: input.loginType ?? 'password',
    password_hash: passwordHash,
    password_state: input.passwordState ?? 'current',
    password_changed_at: now,
    failed_attempts: 0,
    locked_at: input.status === 'locked' ? now : null,
    security_question: input.securityQuestion ?? null,
    last_signin_at: input.signedInBefore ? now : null,
    password_expires_at: null,
    security_answer_hash: answerHash,
    lock_mailed_at: null,
    external_id: input.externalId ?? null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}
