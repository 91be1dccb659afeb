/** Setting a token's PIN in new-PIN mode (§4), and telling the user by mail (ARCHITECTURE §5). */
import type { AccountRow } from '../account/index.js';
import { mailContextFor, type MailingDeps, pinSetMail } from '../mail/index.js';
import { isValidPin, pinHmac } from './pin.js';
import type { TokenStore } from './token-store.js';

export interface TokenPinDeps extends MailingDeps {
  tokens: TokenStore;
  pinKey: Buffer;
}

export class TokenPinService {
  constructor(private readonly deps: TokenPinDeps) {}

  async setPin(account: AccountRow, locale: string, pin: string): Promise<'set' | 'invalid' | 'not-in-new-pin-mode'> {
    if (!isValidPin(pin)) return 'invalid';
    const now = this.deps.clock();
    const mail = pinSetMail(await mailContextFor(this.deps, account, locale), now);
    const set = await this.deps.tokens.setPin(account.id, pinHmac(this.deps.pinKey, account.id, pin), now, (trx) =>
      this.deps.outbox.enqueue(trx, mail, now),
    );
    if (!set) return 'not-in-new-pin-mode';
    await this.deps.audit.record('token.pin.set', account.id);
    void this.deps.mailWorker.nudge();
    return 'set';
  }
}
