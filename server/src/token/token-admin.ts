/** Token administration shared by the CLI and the demo data: assign, and read back what an administrator may see. */
import type { Transaction } from 'kysely';
import type { AccountRow } from '../account/index.js';
import type { Database } from '../db/tables.js';
import { openSealed, seal } from '../security/sealed-box.js';
import type { TokenStore } from './token-store.js';
import { codeAt, newSeed, otpauthUri, stepAt } from './tokencode.js';

/** Gives the account a new token in new-PIN mode; answers the otpauth URI to load it into an authenticator. */
export async function assignToken(
  tokens: TokenStore,
  sealKey: Buffer,
  account: AccountRow,
  issuer: string,
  now: number,
  trx?: Transaction<Database>,
): Promise<string> {
  const seed = newSeed();
  await tokens.assign(account.id, seal(sealKey, seed), now, trx);
  return otpauthUri(seed, issuer, account.user_id);
}

export async function tokenUri(
  tokens: TokenStore,
  sealKey: Buffer,
  account: AccountRow,
  issuer: string,
): Promise<string | null> {
  const token = await tokens.find(account.id);
  return token ? otpauthUri(openSealed(sealKey, token.seed_sealed), issuer, account.user_id) : null;
}

/** The code the token shows now (demo mode only: it is what the hardware token would display). */
export async function currentCode(
  tokens: TokenStore,
  sealKey: Buffer,
  accountId: string,
  now: number,
): Promise<string | null> {
  const token = await tokens.find(accountId);
  return token ? codeAt(openSealed(sealKey, token.seed_sealed), stepAt(now)) : null;
}
