/** Token administration shared by the CLI, the admin API and the demo data: assign, and read back what an administrator may see. */
import type { Transaction } from 'kysely';
import type { AccountRow } from '../account/index.js';
import type { Clock } from '../clock.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import type { Database } from '../db/tables.js';
import { Refusal } from '../refusal.js';
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

export interface TokenAdminDeps {
  tokens: TokenStore;
  audit: AuditLog;
  sealKey: Buffer;
  clock: Clock;
}

/**
 * What an operator does to a user's token, for the command line and the admin API alike; each change commits with its
 * audit event. The account is found (in the caller's cobrands) before it comes here.
 */
export class TokenAdmin {
  constructor(private readonly deps: TokenAdminDeps) {}

  /** A new token in new-PIN mode; answers the otpauth URI to load it into an authenticator (`issuer`: the app name). */
  assign(account: AccountRow, issuer: string, origin: Origin): Promise<string> {
    const { tokens, audit, sealKey, clock } = this.deps;
    return audit.recordWith({ kind: 'token.assigned', accountId: account.id }, origin, (trx) =>
      assignToken(tokens, sealKey, account, issuer, clock(), trx),
    );
  }

  /** The bank's token server (RADIUS) holds the user's token from now on. */
  async atServer(account: AccountRow, origin: Origin): Promise<void> {
    await this.deps.audit.recordWith({ kind: 'token.at.server', accountId: account.id }, origin, async (trx) => {
      await this.deps.tokens.assignAtServer(account.id, this.deps.clock(), trx);
      return true;
    });
  }

  /** Puts the token back in new-PIN mode; a user without a token is refused. */
  async resetPin(account: AccountRow, origin: Origin): Promise<void> {
    const reset = await this.deps.audit.recordWith({ kind: 'token.pin.reset', accountId: account.id }, origin, (trx) =>
      this.deps.tokens.resetPin(account.id, this.deps.clock(), trx),
    );
    if (!reset) throw new Refusal('conflict', `user "${account.user_id}" has no token`);
  }

  /** Takes the token away: the user signs in with their password again. */
  async unassign(account: AccountRow, origin: Origin): Promise<void> {
    await this.deps.audit.recordWith({ kind: 'token.unassigned', accountId: account.id }, origin, async (trx) => {
      await this.deps.tokens.unassign(account.id, this.deps.clock(), trx);
      return true;
    });
  }
}
