/**
 * Token users for figure 15, made with the service's own code on the figure's database as the demo makes its one
 * (server/src/demo-users.ts): an account, a token assigned to it, its PIN set. One tokencode signs in once (a step is
 * accepted once), so a figure that signs in fifty times within a minute needs fifty token users. Loaded with tsx's
 * `tsImport` by the figure, which runs as plain JavaScript.
 */
import { AccountStore, createAccount } from '../../server/src/account/index.js';
import { openDatabase } from '../../server/src/db/database.js';
import { deriveKeys } from '../../server/src/security/portal-secret.js';
import { assignToken, codeAt, pinHmac, stepAt, TokenStore } from '../../server/src/token/index.js';

export const TOKEN_PIN = '1357';

export interface TokenUser {
  userId: string;
  /** The token's seed, base32, as the otpauth URI an administrator is given carries it. */
  seed: string;
}

/** `count` token users (benchtoken0, benchtoken1, …) of `cobrand`, with PIN TOKEN_PIN. */
export async function makeTokenUsers(
  databaseUrl: string,
  portalSecret: string,
  count: number,
  cobrand: string,
): Promise<TokenUser[]> {
  const database = openDatabase({ databaseUrl, dataDir: '' });
  try {
    const keys = deriveKeys(portalSecret);
    const accounts = new AccountStore(database.db);
    const tokens = new TokenStore(database.db);
    const users: TokenUser[] = [];
    for (let i = 0; i < count; i += 1) {
      const userId = `benchtoken${i}`;
      const input = { userId, email: `${userId}@example.com`, cobrand, password: 'Unused-Bench-2026' };
      await createAccount(accounts, keys.userIdentity, { ...input, signedInBefore: true }, Date.now());
      const account = (await accounts.findByUserId(userId))!;
      const uri = await assignToken(tokens, keys.seal, account, 'Benchmark', Date.now());
      await tokens.setPin(account.id, pinHmac(keys.pin, account.id, TOKEN_PIN), Date.now(), async () => undefined);
      users.push({ userId, seed: new URL(uri).searchParams.get('secret')! });
    }
    return users;
  } finally {
    await database.close();
  }
}

/** What the user types: the PIN, then the code of the step `ahead` of the clock's (one step either side is taken). */
export const tokenPassword = (user: TokenUser, ahead = 0): string =>
  `${TOKEN_PIN}${codeAt(user.seed, stepAt(Date.now()) + ahead)}`;
