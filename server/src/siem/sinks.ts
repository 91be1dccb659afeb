/** Where security events go: a Standard Webhooks endpoint, or a syslog server (syslog-sink.ts). */
import { Webhook } from 'standardwebhooks';
import type { SiemRow } from './siem-outbox.js';

export interface Sink {
  /** Resolves once the receiver took the event; throws with the reason otherwise (the row is tried again). */
  deliver(row: SiemRow): Promise<void>;
  close(): void;
}

/** A receiver that answers slower than this is counted as down for this try. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * One POST per event, signed as Standard Webhooks says (https://www.standardwebhooks.com): `webhook-id` is the
 * event's ID on every try, `webhook-timestamp` the try's time, `webhook-signature` an HMAC-SHA256 of the three.
 * Any 2xx answer is the receiver's receipt.
 */
export class WebhookSink implements Sink {
  private readonly signer: Webhook;

  constructor(
    private readonly url: string,
    secret: string,
  ) {
    this.signer = new Webhook(secret);
  }

  async deliver(row: SiemRow): Promise<void> {
    // The wall clock's time, which the receiver compares with its own to refuse a replayed request.
    const at = new Date();
    const answer = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': row.event_id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': this.signer.sign(row.event_id, at, row.payload),
      },
      body: row.payload,
      redirect: 'error',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    if (answer.status < 200 || answer.status > 299) throw new Error(`the receiver answered ${answer.status}`);
  }

  close(): void {}
}

/** The address of a webhook as the operator log names it: no query string (it may hold a key) and no user info. */
export const endpointOf = (url: string): string => {
  try {
    const { origin, pathname } = new URL(url);
    return origin + pathname;
  } catch {
    return 'an invalid address';
  }
};
