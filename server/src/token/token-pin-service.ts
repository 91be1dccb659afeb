/**
 * Setting a token's PIN in new-PIN mode (§4), and telling the user by mail (ARCHITECTURE §5). With the bank's token
 * server the PIN answers its new-PIN challenge, and the tokencode the screen sent before it answers the challenge for
 * the next tokencode that follows.
 */
import type { Transaction } from 'kysely';
import type { AccountRow } from '../account/index.js';
import type { Origin } from '../db/audit-log.js';
import type { Database } from '../db/tables.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import { mailContextFor, type MailingDeps, mailsOf } from '../mail/index.js';
import { pinSetMail } from './mails.js';
import { openSealed } from '../security/sealed-box.js';
import { isValidPin, pinHmac } from './pin.js';
import type { RadiusClient } from './radius-client.js';
import { askTokenServer, openState, sealState } from './token-server-step.js';
import type { TokenServers } from './token-servers.js';
import type { TokenStore } from './token-store.js';

export interface TokenPinDeps extends MailingDeps {
  cobrands: CobrandDirectory;
  tokens: TokenStore;
  tokenServers: TokenServers;
  pinKey: Buffer;
  sealKey: Buffer;
}

/** `refused`: the bank's token server refused the PIN or the held tokencode; its attempt is over. */
export type PinOutcome = 'set' | 'invalid' | 'not-in-new-pin-mode' | 'refused';

export class TokenPinService {
  constructor(private readonly deps: TokenPinDeps) {}

  async setPin(account: AccountRow, locale: string, pin: string, origin: Origin): Promise<PinOutcome> {
    if (!isValidPin(pin)) return 'invalid';
    const { tokens, tokenServers, cobrands, audit, clock } = this.deps;
    const now = clock();
    const mails = mailsOf(this.deps);
    const mail = pinSetMail(await mailContextFor(this.deps, account, locale), now);
    // The notice mail and the audit event land in the transaction that stores the PIN (or ends the server's step).
    const sendWith = async (trx: Transaction<Database>) => {
      await mails.enqueue(trx, mail, now);
      await audit.record('token.pin.set', account.id, {}, { origin, trx });
    };
    const server = tokenServers.for((await cobrands.resolve(account.cobrand)).record.tokenServer);
    const outcome =
      server.kind === 'radius'
        ? await this.answerServer(server.client, account, pin, now, sendWith)
        : (await tokens.setPin(account.id, pinHmac(this.deps.pinKey, account.id, pin), now, sendWith))
          ? 'set'
          : 'not-in-new-pin-mode';
    if (outcome !== 'set') return outcome;
    mails.send();
    return 'set';
  }

  /**
   * The PIN answers the server's new-PIN challenge; a challenge for the next tokencode is answered with the code held
   * from the screen. A server asking for a PIN again refused this one (its rules), so the screen asks again.
   */
  private async answerServer(
    client: RadiusClient,
    account: AccountRow,
    pin: string,
    now: number,
    sendWith: Parameters<TokenStore['endAttempt']>[1],
  ): Promise<PinOutcome> {
    const { tokens, sealKey } = this.deps;
    const challenge = await tokens.findPinChallenge(account.id, now);
    if (!challenge?.server_state || !challenge.held_passcode) return 'not-in-new-pin-mode';
    const afterPin = await askTokenServer(client, account.user_id, pin, openState(sealKey, challenge.server_state));
    if (afterPin?.kind === 'new_pin') {
      await tokens.updateAttempt(challenge.id, { server_state: sealState(sealKey, afterPin.serverState) });
      return 'invalid';
    }
    const heldCode = openSealed(sealKey, challenge.held_passcode);
    const verdict =
      afterPin?.kind === 'next_token'
        ? await askTokenServer(client, account.user_id, heldCode, afterPin.serverState)
        : afterPin;
    if (verdict?.kind !== 'full') {
      await tokens.deleteAttempt(challenge.id);
      return 'refused';
    }
    await tokens.endAttempt(challenge.id, sendWith);
    return 'set';
  }
}
